import type { Kysely } from 'kysely';
import type { Database, Timestamp } from '../../db/database.types';

export function createMembersRepository({ db }: { db: Kysely<Database> }) {
  const membersWithUsers = () =>
    db
      .selectFrom('organization_members')
      .innerJoin('users', 'users.id', 'organization_members.user_id')
      .selectAll('organization_members')
      .select(['users.email as user_email', 'users.name as user_name', 'users.two_factor_enabled'])
      // A passkey counts as a second factor (auth_passkeys_user_id_index).
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('auth_passkeys')
              .select('auth_passkeys.id')
              .whereRef('auth_passkeys.user_id', '=', 'organization_members.user_id'),
          )
          .as('has_passkey'),
      );

  return {
    /** The organization's members with their user, owner first, then by join date. */
    async listMembers({ organizationId }: { organizationId: string }) {
      const rows = await membersWithUsers()
        .where('organization_members.organization_id', '=', organizationId)
        .orderBy('organization_members.created_at')
        .orderBy('organization_members.id')
        .execute();
      const rank = { owner: 0, admin: 1, member: 2 } as const;
      return rows.sort((a, b) => rank[a.role] - rank[b.role]);
    },

    /** A member of this organization by id (undefined when the id is in another organization). */
    async findMember({ organizationId, memberId }: { organizationId: string; memberId: string }) {
      return membersWithUsers()
        .where('organization_members.organization_id', '=', organizationId)
        .where('organization_members.id', '=', memberId)
        .executeTakeFirst();
    },

    async updateRole({
      organizationId,
      memberId,
      role,
      now,
    }: {
      organizationId: string;
      memberId: string;
      role: 'admin' | 'member';
      now: Timestamp;
    }) {
      await db
        .updateTable('organization_members')
        .set({ role, updated_at: now })
        .where('organization_id', '=', organizationId)
        .where('id', '=', memberId)
        .where('role', '!=', 'owner')
        .execute();
    },

    /** Returns whether a member was deleted (never the owner). */
    async deleteMember({ organizationId, memberId }: { organizationId: string; memberId: string }) {
      const result = await db
        .deleteFrom('organization_members')
        .where('organization_id', '=', organizationId)
        .where('id', '=', memberId)
        .where('role', '!=', 'owner')
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Takes the organization out of the scope of every API key of the user. */
    async removeOrganizationFromUserApiKeys({
      organizationId,
      userId,
    }: {
      organizationId: string;
      userId: string;
    }) {
      await db
        .deleteFrom('api_key_organizations')
        .where('organization_id', '=', organizationId)
        .where('api_key_id', 'in', db.selectFrom('api_keys').select('id').where('user_id', '=', userId))
        .execute();
    },
  };
}
