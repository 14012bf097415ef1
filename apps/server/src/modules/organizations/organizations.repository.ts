import type { Kysely } from 'kysely';
import type {
  Database,
  OrganizationMembersTable,
  OrganizationsTable,
  Timestamp,
} from '../../db/database.types';

export function createOrganizationsRepository({ db }: { db: Kysely<Database> }) {
  return {
    /** The organizations a user is a member of, not deleted, oldest first. */
    async listUserOrganizations({ userId }: { userId: string }) {
      return db
        .selectFrom('organizations')
        .innerJoin('organization_members', 'organization_members.organization_id', 'organizations.id')
        .selectAll('organizations')
        .where('organization_members.user_id', '=', userId)
        .where('organizations.deleted_at', 'is', null)
        .orderBy('organizations.created_at')
        .orderBy('organizations.id')
        .execute();
    },

    /** How many organizations (not deleted) the user owns. */
    async countOwnedOrganizations({ userId }: { userId: string }) {
      const row = await db
        .selectFrom('organization_members')
        .innerJoin('organizations', 'organizations.id', 'organization_members.organization_id')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('organization_members.user_id', '=', userId)
        .where('organization_members.role', '=', 'owner')
        .where('organizations.deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** Run it in a transaction (with the owner's user row locked): the count was checked in it. */
    async insertOrganizationWithOwner({
      organization,
      owner,
    }: {
      organization: OrganizationsTable;
      owner: OrganizationMembersTable;
    }) {
      await db.insertInto('organizations').values(organization).execute();
      await db.insertInto('organization_members').values(owner).execute();
    },

    async getOrganizationById({ organizationId }: { organizationId: string }) {
      return db.selectFrom('organizations').selectAll().where('id', '=', organizationId).executeTakeFirst();
    },

    /**
     * The user's membership in the organization, with the organization's deletion data; undefined
     * when the user is not a member, or when the organization is deleted unless `includeDeleted`.
     */
    async findMembership({
      organizationId,
      userId,
      includeDeleted = false,
    }: {
      organizationId: string;
      userId: string;
      includeDeleted?: boolean;
    }) {
      let query = db
        .selectFrom('organization_members')
        .innerJoin('organizations', 'organizations.id', 'organization_members.organization_id')
        .selectAll('organization_members')
        .select([
          'organizations.deleted_at as organization_deleted_at',
          'organizations.deleted_by as organization_deleted_by',
          'organizations.scheduled_purge_at as organization_scheduled_purge_at',
          'organizations.requires_two_factor as organization_requires_two_factor',
        ])
        .where('organization_members.organization_id', '=', organizationId)
        .where('organization_members.user_id', '=', userId);
      if (!includeDeleted) query = query.where('organizations.deleted_at', 'is', null);
      return query.executeTakeFirst();
    },

    async setRequiresTwoFactor({
      organizationId,
      requiresTwoFactor,
      now,
    }: {
      organizationId: string;
      requiresTwoFactor: boolean;
      now: Timestamp;
    }) {
      await db
        .updateTable('organizations')
        .set({ requires_two_factor: requiresTwoFactor ? 1 : 0, updated_at: now })
        .where('id', '=', organizationId)
        .where('deleted_at', 'is', null)
        .execute();
    },

    /** Of these organizations, the live ones that require a second factor. */
    async listRequiringTwoFactor({ organizationIds }: { organizationIds: string[] }) {
      if (organizationIds.length === 0) return [];
      const rows = await db
        .selectFrom('organizations')
        .select('id')
        .where('id', 'in', organizationIds)
        .where('requires_two_factor', '=', 1)
        .where('deleted_at', 'is', null)
        .execute();
      return rows.map((row) => row.id);
    },

    async renameOrganization({
      organizationId,
      name,
      now,
    }: {
      organizationId: string;
      name: string;
      now: Timestamp;
    }) {
      await db
        .updateTable('organizations')
        .set({ name, updated_at: now })
        .where('id', '=', organizationId)
        .where('deleted_at', 'is', null)
        .execute();
    },

    async softDeleteOrganization({
      organizationId,
      deletedBy,
      now,
      scheduledPurgeAt,
    }: {
      organizationId: string;
      deletedBy: string;
      now: Timestamp;
      scheduledPurgeAt: Timestamp;
    }) {
      await db
        .updateTable('organizations')
        .set({
          deleted_at: now,
          deleted_by: deletedBy,
          scheduled_purge_at: scheduledPurgeAt,
          updated_at: now,
        })
        .where('id', '=', organizationId)
        .where('deleted_at', 'is', null)
        .execute();
    },

    /** Organizations the user deleted and that can still be restored (purge date not reached). */
    async listDeletedByUser({ userId, now }: { userId: string; now: Timestamp }) {
      return db
        .selectFrom('organizations')
        .selectAll()
        .where('deleted_by', '=', userId)
        .where('deleted_at', 'is not', null)
        .where('scheduled_purge_at', '>', now)
        .orderBy('deleted_at', 'desc')
        .orderBy('id')
        .execute();
    },

    /** Clears the deletion data, only while the purge date is ahead; true when restored. */
    async restoreOrganization({ organizationId, now }: { organizationId: string; now: Timestamp }) {
      const result = await db
        .updateTable('organizations')
        .set({ deleted_at: null, deleted_by: null, scheduled_purge_at: null, updated_at: now })
        .where('id', '=', organizationId)
        .where('deleted_at', 'is not', null)
        .where('scheduled_purge_at', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deleted organizations whose purge date has come. */
    async listOrganizationIdsDueForPurge({ now, limit }: { now: Timestamp; limit: number }) {
      const rows = await db
        .selectFrom('organizations')
        .select('id')
        .where('deleted_at', 'is not', null)
        .where('scheduled_purge_at', '<=', now)
        .orderBy('scheduled_purge_at')
        .limit(limit)
        .execute();
      return rows.map(({ id }) => id);
    },

    /**
     * Hard-deletes a deleted organization whose purge date has come; its memberships,
     * invitations and API-key scopes go with it through the foreign keys.
     */
    async deletePurgeableOrganization({ organizationId, now }: { organizationId: string; now: Timestamp }) {
      const result = await db
        .deleteFrom('organizations')
        .where('id', '=', organizationId)
        .where('deleted_at', 'is not', null)
        .where('scheduled_purge_at', '<=', now)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type OrganizationsRepository = ReturnType<typeof createOrganizationsRepository>;
