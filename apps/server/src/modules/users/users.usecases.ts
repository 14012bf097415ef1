import type { LocaleCode } from '@sheaf/contracts/locales';
import type { AppDatabase } from '../../db/database';
import { addMilliseconds, type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { createUserNotFoundError } from './users.errors';
import { toUserDto } from './users.models';
import { createUsersRepository } from './users.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export function createUsersUsecases({
  database,
  clock = systemClock,
  organizationsPurgeDays = 30,
}: {
  database: AppDatabase;
  clock?: Clock;
  organizationsPurgeDays?: number;
}) {
  const repository = createUsersRepository({ database });

  return {
    async getMe({ userId }: { userId: string }) {
      const user = await repository.getUserById({ userId });
      if (!user) throw createUserNotFoundError();
      return toUserDto(user);
    },

    async updateMe({ userId, changes }: { userId: string; changes: { name?: string; locale?: LocaleCode } }) {
      await repository.updateUser({ userId, changes, now: clock.now() });
      const user = await repository.getUserById({ userId });
      if (!user) throw createUserNotFoundError();
      return toUserDto(user);
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
