import type { AppDatabase } from '../../db/database';
import type { AuthDate, Timestamp } from '../../db/database.types';

export function createUsersRepository({ database: { db, dialect } }: { database: AppDatabase }) {
  /** better-auth's tables keep real dates on PostgreSQL and ISO text on SQLite. */
  const toAuthDate = (date: Date): AuthDate => (dialect === 'postgres' ? date : date.toISOString());

  return {
    async getUserById({ userId }: { userId: string }) {
      return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    },

    async updateUser({
      userId,
      changes,
      now,
    }: {
      userId: string;
      changes: { name?: string; locale?: string };
      now: Date;
    }) {
      await db
        .updateTable('users')
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.locale !== undefined ? { locale: changes.locale } : {}),
          updated_at: toAuthDate(now),
        })
        .where('id', '=', userId)
        .execute();
    },

    /** The user's organizations (not deleted) with their role and how many members each has. */
    /** The user's memberships with their organizations' names, deleted organizations too, oldest first. */
    async listMemberships({ userId }: { userId: string }) {
      return db
        .selectFrom('organization_members')
        .innerJoin('organizations', 'organizations.id', 'organization_members.organization_id')
        .select([
          'organizations.id as organizationId',
          'organizations.name as organizationName',
          'organizations.deleted_at as organizationDeletedAt',
          'organization_members.role as role',
          'organization_members.created_at as joinedAt',
        ])
        .where('organization_members.user_id', '=', userId)
        .orderBy('organization_members.created_at')
        .orderBy('organizations.id')
        .execute();
    },

    /** The user's sessions, expired ones too (the caller keeps those still valid). */
    async listSessions({ userId }: { userId: string }) {
      return db
        .selectFrom('auth_sessions')
        .select(['created_at', 'updated_at', 'expires_at', 'ip_address', 'user_agent'])
        .where('user_id', '=', userId)
        .execute();
    },

    async listUserOrganizationsWithMemberCounts({ userId }: { userId: string }) {
      return db
        .selectFrom('organization_members as mine')
        .innerJoin('organizations', 'organizations.id', 'mine.organization_id')
        .select((eb) => [
          'organizations.id as organizationId',
          'mine.role as role',
          eb
            .selectFrom('organization_members as all_members')
            .select((inner) => inner.fn.countAll<number | string>().as('count'))
            .whereRef('all_members.organization_id', '=', 'organizations.id')
            .as('membersCount'),
        ])
        .where('mine.user_id', '=', userId)
        .where('organizations.deleted_at', 'is', null)
        .execute();
    },

    async softDeleteOrganizations({
      organizationIds,
      now,
      scheduledPurgeAt,
    }: {
      organizationIds: string[];
      now: Timestamp;
      scheduledPurgeAt: Timestamp;
    }) {
      if (organizationIds.length === 0) return;
      await db
        .updateTable('organizations')
        .set({ deleted_at: now, scheduled_purge_at: scheduledPurgeAt, updated_at: now })
        .where('id', 'in', organizationIds)
        .execute();
    },
  };
}
