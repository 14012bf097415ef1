import type { createApiKeySchema } from '@sheaf/contracts/api-keys';
import type { z } from 'zod';
import type { AppDatabase } from '../../db/database';
import { type Clock, toTimestamp } from '../../shared/clock';
import { createApiError } from '../../shared/errors';
import { generateId } from '../../shared/ids';
import {
  createApiKeyNotFoundError,
  createExpiryInPastError,
  createForeignOrganizationsError,
} from './api-keys.errors';
import {
  generateApiKeyToken,
  hashApiKeyToken,
  isWellFormedApiKeyToken,
  LAST_USED_AT_THROTTLE_MS,
  parsePermissions,
  toApiKeyDto,
} from './api-keys.models';
import { createApiKeysRepository } from './api-keys.repository';

export function createApiKeysUsecases({
  database,
  clock,
  lacksRequiredSecondFactor = async () => false,
}: {
  database: AppDatabase;
  clock: Clock;
  /**
   * Whether one of these organizations requires a second factor that the user does not have: a
   * key that reaches it is then refused (organization.two_factor_required).
   */
  lacksRequiredSecondFactor?: (input: { userId: string; organizationIds: string[] }) => Promise<boolean>;
}) {
  const repository = createApiKeysRepository({ db: database.db });

  return {
    async createApiKey({ userId, input }: { userId: string; input: z.output<typeof createApiKeySchema> }) {
      const now = clock.now();
      if (input.expiresAt && new Date(input.expiresAt).getTime() <= now.getTime())
        throw createExpiryInPastError();
      const organizationIds = [...new Set(input.organizationIds)];
      const memberOf = await repository.listUserOrganizationIds({ userId });
      if (organizationIds.length > 0) {
        const memberOfSet = new Set(memberOf);
        const foreign = organizationIds.filter((organizationId) => !memberOfSet.has(organizationId));
        if (foreign.length > 0) throw createForeignOrganizationsError(foreign);
      }
      const reached = input.allOrganizations ? memberOf : organizationIds;
      if (await lacksRequiredSecondFactor({ userId, organizationIds: reached })) {
        throw createApiError('organization.two_factor_required', {
          message:
            'An organization this key reaches requires two-factor sign-in: set up an authenticator app or a passkey first.',
        });
      }
      const { token, prefix, hash } = generateApiKeyToken();
      const timestamp = toTimestamp(now);
      const row = {
        id: generateId('ak'),
        user_id: userId,
        name: input.name,
        prefix,
        key_hash: hash,
        permissions: JSON.stringify(input.permissions),
        all_organizations: input.allOrganizations ? (1 as const) : (0 as const),
        expires_at: input.expiresAt ? toTimestamp(new Date(input.expiresAt)) : null,
        last_used_at: null,
        created_at: timestamp,
        updated_at: timestamp,
      };
      await repository.insertApiKey({ apiKey: row, organizationIds });
      return { apiKey: toApiKeyDto(row, organizationIds), token };
    },

    async listApiKeys({ userId }: { userId: string }) {
      const rows = await repository.listUserApiKeys({ userId });
      const organizationIds = await repository.organizationIdsByKey(rows.map((row) => row.id));
      return rows.map((row) => toApiKeyDto(row, organizationIds.get(row.id) ?? []));
    },

    async deleteApiKey({ userId, apiKeyId }: { userId: string; apiKeyId: string }) {
      if (!(await repository.deleteUserApiKey({ userId, apiKeyId }))) throw createApiKeyNotFoundError();
    },

    /** The key behind a bearer token, with its owner, or null when unknown or expired. */
    async authenticate({ token }: { token: string }) {
      if (!isWellFormedApiKeyToken(token)) return null;
      const row = await repository.findApiKeyWithUserByHash({ hash: hashApiKeyToken(token) });
      const now = clock.now();
      if (!row || (row.expires_at !== null && row.expires_at <= toTimestamp(now))) return null;
      await repository.touchLastUsedAt({
        apiKeyId: row.id,
        now: toTimestamp(now),
        notAfter: toTimestamp(new Date(now.getTime() - LAST_USED_AT_THROTTLE_MS)),
      });
      const organizationIds = (await repository.organizationIdsByKey([row.id])).get(row.id) ?? [];
      return {
        id: row.id,
        permissions: parsePermissions(row.permissions),
        organizationIds,
        allOrganizations: row.all_organizations === 1,
        user: { id: row.user_id, email: row.user_email, name: row.user_name },
      };
    },
  };
}

export type ApiKeysUsecases = ReturnType<typeof createApiKeysUsecases>;
