import type { ApiKeyDto } from '@sheaf/contracts/api-keys';
import type { LocaleCode } from '@sheaf/contracts/locales';
import { ACCOUNT_DATA_FORMAT_VERSION, type AccountDataDto } from '@sheaf/contracts/users';
import type { AppDatabase } from '../../db/database';
import { addMilliseconds, type Clock, systemClock, toIsoTimestamp, toTimestamp } from '../../shared/clock';
import { createUserNotFoundError } from './users.errors';
import { toUserDto } from './users.models';
import { createUsersRepository } from './users.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export function createUsersUsecases({
  database,
  clock = systemClock,
  organizationsPurgeDays = 30,
  serverAdminEmails = [],
  listApiKeys,
}: {
  database: AppDatabase;
  clock?: Clock;
  organizationsPurgeDays?: number;
  /** Lowercased e-mail addresses of the server's administrators (SERVER_ADMIN_EMAILS). */
  serverAdminEmails?: readonly string[];
  /** The user's API keys, as the api-keys module lists them (for the account data). */
  listApiKeys: (query: { userId: string }) => Promise<ApiKeyDto[]>;
}) {
  const repository = createUsersRepository({ database });

  return {
    /**
     * What the account holds about its user, for GET /api/users/me/data: the profile, memberships,
     * sessions still valid (most recently active first) and API keys. No secret is read.
     */
    async getAccountData({ userId }: { userId: string }): Promise<AccountDataDto> {
      const now = clock.now();
      const [user, memberships, sessions, apiKeys] = await Promise.all([
        repository.getUserById({ userId }),
        repository.listMemberships({ userId }),
        repository.listSessions({ userId }),
        listApiKeys({ userId }),
      ]);
      if (!user) throw createUserNotFoundError();
      return {
        format: 'sheaf-account-data',
        version: ACCOUNT_DATA_FORMAT_VERSION,
        exportedAt: now.toISOString(),
        profile: toUserDto(user, { serverAdminEmails }),
        memberships: memberships.map((membership) => ({
          organizationId: membership.organizationId,
          organizationName: membership.organizationName,
          role: membership.role,
          joinedAt: toIsoTimestamp(membership.joinedAt),
          organizationDeletedAt:
            membership.organizationDeletedAt === null
              ? null
              : toIsoTimestamp(membership.organizationDeletedAt),
        })),
        sessions: sessions
          .map((session) => ({
            createdAt: toIsoTimestamp(session.created_at),
            lastActiveAt: toIsoTimestamp(session.updated_at),
            expiresAt: toIsoTimestamp(session.expires_at),
            ipAddress: session.ip_address,
            userAgent: session.user_agent,
          }))
          .filter((session) => new Date(session.expiresAt).getTime() > now.getTime())
          .sort((a, b) => b.lastActiveAt.localeCompare(a.lastActiveAt)),
        apiKeys,
      };
    },

    async getMe({ userId }: { userId: string }) {
      const user = await repository.getUserById({ userId });
      if (!user) throw createUserNotFoundError();
      return toUserDto(user, { serverAdminEmails });
    },

    async updateMe({ userId, changes }: { userId: string; changes: { name?: string; locale?: LocaleCode } }) {
      await repository.updateUser({ userId, changes, now: clock.now() });
      const user = await repository.getUserById({ userId });
      if (!user) throw createUserNotFoundError();
      return toUserDto(user, { serverAdminEmails });
    },

    /**
     * Runs before an account is deleted. Refuses while the user owns an organization that has
     * other members; otherwise soft-deletes the organizations where the user is alone (their
     * memberships go with the account through the foreign keys).
     */
    async prepareAccountDeletion({
      userId,
    }: {
      userId: string;
    }): Promise<'ok' | 'owns_organizations_with_members'> {
      const organizations = await repository.listUserOrganizationsWithMemberCounts({ userId });
      if (organizations.some(({ role, membersCount }) => role === 'owner' && Number(membersCount) > 1)) {
        return 'owns_organizations_with_members';
      }
      const now = clock.now();
      await repository.softDeleteOrganizations({
        organizationIds: organizations
          .filter(({ membersCount }) => Number(membersCount) === 1)
          .map(({ organizationId }) => organizationId),
        now: toTimestamp(now),
        scheduledPurgeAt: toTimestamp(addMilliseconds(now, organizationsPurgeDays * DAY_MS)),
      });
      return 'ok';
    },
  };
}

export type UsersUsecases = ReturnType<typeof createUsersUsecases>;
