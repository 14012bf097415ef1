import type { Kysely } from 'kysely';
import type { ApiKeysTable, Database, Timestamp } from '../../db/database.types';

export function createApiKeysRepository({ db }: { db: Kysely<Database> }) {
  async function organizationIdsByKey(apiKeyIds: string[]) {
    const byKey = new Map<string, string[]>();
    if (apiKeyIds.length === 0) return byKey;
    const rows = await db
      .selectFrom('api_key_organizations')
      .select(['api_key_id', 'organization_id'])
      .where('api_key_id', 'in', apiKeyIds)
      .execute();
    for (const row of rows)
      byKey.set(row.api_key_id, [...(byKey.get(row.api_key_id) ?? []), row.organization_id]);
    return byKey;
  }

  return {
    organizationIdsByKey,

    async insertApiKey({ apiKey, organizationIds }: { apiKey: ApiKeysTable; organizationIds: string[] }) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('api_keys').values(apiKey).execute();
        if (organizationIds.length > 0) {
          await trx
            .insertInto('api_key_organizations')
            .values(
              organizationIds.map((organizationId) => ({
                api_key_id: apiKey.id,
                organization_id: organizationId,
              })),
            )
            .execute();
        }
      });
    },

    async listUserApiKeys({ userId }: { userId: string }) {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },

    async deleteUserApiKey({ userId, apiKeyId }: { userId: string; apiKeyId: string }) {
      const result = await db
        .deleteFrom('api_keys')
        .where('id', '=', apiKeyId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async findApiKeyWithUserByHash({ hash }: { hash: string }) {
      return (
        db
          .selectFrom('api_keys')
          .innerJoin('users', 'users.id', 'api_keys.user_id')
          .selectAll('api_keys')
          .select(['users.email as user_email', 'users.name as user_name'])
          .where('api_keys.key_hash', '=', hash)
          // A disabled account's keys stop with it (admin command users:disable).
          .where('users.disabled_at', 'is', null)
          .executeTakeFirst()
      );
    },

    /** Writes lastUsedAt unless it was written less than the throttle ago. */
    async touchLastUsedAt({
      apiKeyId,
      now,
      notAfter,
    }: {
      apiKeyId: string;
      now: Timestamp;
      notAfter: Timestamp;
    }) {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: now })
        .where('id', '=', apiKeyId)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notAfter)]))
        .execute();
    },

    async listUserOrganizationIds({ userId }: { userId: string }) {
      const rows = await db
        .selectFrom('organization_members')
        .innerJoin('organizations', 'organizations.id', 'organization_members.organization_id')
        .select('organizations.id')
        .where('organization_members.user_id', '=', userId)
        .where('organizations.deleted_at', 'is', null)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
