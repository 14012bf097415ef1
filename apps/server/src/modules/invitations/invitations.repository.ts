import { type Kysely, sql } from 'kysely';
import type { Database, OrganizationInvitationsTable, Timestamp } from '../../db/database.types';

type InvitationStatus = OrganizationInvitationsTable['status'];

export function createInvitationsRepository({ db }: { db: Kysely<Database> }) {
  const invitationsWithOrganization = () =>
    db
      .selectFrom('organization_invitations')
      .innerJoin('organizations', 'organizations.id', 'organization_invitations.organization_id')
      .selectAll('organization_invitations')
      .select([
        'organizations.name as organization_name',
        'organizations.deleted_at as organization_deleted_at',
      ]);

  return {
    /** The organization's invitations except accepted ones, newest first. */
    async listOrganizationInvitations({ organizationId }: { organizationId: string }) {
      return invitationsWithOrganization()
        .where('organization_invitations.organization_id', '=', organizationId)
        .where('organization_invitations.status', '!=', 'accepted')
        .orderBy('organization_invitations.created_at', 'desc')
        .orderBy('organization_invitations.id')
        .execute();
    },

    /** Invitations received at this e-mail, in organizations that are not deleted, newest first; cancelled ones are hidden. */
    async listInvitationsForEmail({ email }: { email: string }) {
      return invitationsWithOrganization()
        .where('organization_invitations.email', '=', email)
        .where('organizations.deleted_at', 'is', null)
        .where('organization_invitations.status', '!=', 'cancelled')
        .orderBy('organization_invitations.created_at', 'desc')
        .orderBy('organization_invitations.id')
        .execute();
    },

    async countPendingInvitationsForEmail({ email, now }: { email: string; now: Timestamp }) {
      const row = await db
        .selectFrom('organization_invitations')
        .innerJoin('organizations', 'organizations.id', 'organization_invitations.organization_id')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('organization_invitations.email', '=', email)
        .where('organization_invitations.status', '=', 'pending')
        .where('organization_invitations.expires_at', '>', now)
        .where('organizations.deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async findInvitation({ invitationId }: { invitationId: string }) {
      return invitationsWithOrganization()
        .where('organization_invitations.id', '=', invitationId)
        .executeTakeFirst();
    },

    /** The member of the organization whose account has this e-mail (case-insensitive), if any. */
    async findMemberByEmail({ organizationId, email }: { organizationId: string; email: string }) {
      return db
        .selectFrom('organization_members')
        .innerJoin('users', 'users.id', 'organization_members.user_id')
        .select('organization_members.id')
        .where('organization_members.organization_id', '=', organizationId)
        .where(sql<string>`lower(${sql.ref('users.email')})`, '=', email)
        .executeTakeFirst();
    },

    async findUserByEmail({ email }: { email: string }) {
      return db
        .selectFrom('users')
        .select(['id', 'name', 'locale'])
        .where(sql<string>`lower(${sql.ref('email')})`, '=', email)
        .executeTakeFirst();
    },

    async findUserById({ userId }: { userId: string }) {
      return db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'locale'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** A pending invitation of the organization for this e-mail that has not expired. */
    async findPendingInvitation({
      organizationId,
      email,
      now,
    }: {
      organizationId: string;
      email: string;
      now: Timestamp;
    }) {
      return db
        .selectFrom('organization_invitations')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('email', '=', email)
        .where('status', '=', 'pending')
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    /** Invitations this user sent (created or resent) since the given time. */
    async countInvitationsSentSince({ inviterId, since }: { inviterId: string; since: Timestamp }) {
      const row = await db
        .selectFrom('organization_invitations')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('inviter_id', '=', inviterId)
        .where('sent_at', '>', since)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** Members plus pending (not expired) invitations: what the plan's member limit counts. */
    async countMembersAndPendingInvitations({
      organizationId,
      now,
    }: {
      organizationId: string;
      now: Timestamp;
    }) {
      const members = await db
        .selectFrom('organization_members')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      const pending = await db
        .selectFrom('organization_invitations')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('organization_id', '=', organizationId)
        .where('status', '=', 'pending')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(members?.count ?? 0) + Number(pending?.count ?? 0);
    },

    async insertInvitation(invitation: OrganizationInvitationsTable) {
      await db.insertInto('organization_invitations').values(invitation).execute();
    },

    /**
     * Moves an invitation from one of `from` to `to` (a pending one only while not expired when
     * `from` is pending); false when it was not in such a state any more.
     */
    async transitionInvitation({
      invitationId,
      from,
      now,
      set,
    }: {
      invitationId: string;
      from: InvitationStatus[];
      now: Timestamp;
      set: Partial<Pick<OrganizationInvitationsTable, 'status' | 'expires_at' | 'sent_at' | 'inviter_id'>>;
    }) {
      const result = await db
        .updateTable('organization_invitations')
        .set({ ...set, updated_at: now })
        .where('id', '=', invitationId)
        .where((eb) =>
          eb.or(
            from.map((status) =>
              status === 'pending'
                ? eb.and([eb('status', '=', 'pending'), eb('expires_at', '>', now)])
                : status === 'expired'
                  ? eb.or([
                      eb('status', '=', 'expired'),
                      eb.and([eb('status', '=', 'pending'), eb('expires_at', '<=', now)]),
                    ])
                  : eb('status', '=', status),
            ),
          ),
        )
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Marks pending invitations past their expiry as expired (optionally of one organization and e-mail). */
    async expirePendingInvitations({
      now,
      organizationId,
      email,
    }: {
      now: Timestamp;
      organizationId?: string;
      email?: string;
    }) {
      let query = db
        .updateTable('organization_invitations')
        .set({ status: 'expired', updated_at: now })
        .where('status', '=', 'pending')
        .where('expires_at', '<=', now);
      if (organizationId !== undefined) query = query.where('organization_id', '=', organizationId);
      if (email !== undefined) query = query.where('email', '=', email);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async insertMemberUnlessPresent({
      member,
    }: {
      member: {
        id: string;
        organization_id: string;
        user_id: string;
        role: 'admin' | 'member';
        created_at: Timestamp;
        updated_at: Timestamp;
      };
    }) {
      const existing = await db
        .selectFrom('organization_members')
        .select('id')
        .where('organization_id', '=', member.organization_id)
        .where('user_id', '=', member.user_id)
        .executeTakeFirst();
      if (existing) return false;
      await db.insertInto('organization_members').values(member).execute();
      return true;
    },
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
