import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.types';

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
  };
}
