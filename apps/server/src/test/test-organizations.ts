import type { Kysely } from 'kysely';
import type { Database } from '../db/database.types';

/**
 * Puts an organization and its memberships straight into the database, for tests of other
 * modules (the organizations module's own tests go through its routes).
 */
export async function insertOrganization(
  db: Kysely<Database>,
  {
    id,
    name = id,
    members,
    deletedAt = null,
  }: {
    id: string;
    name?: string;
    members: Array<{ userId: string; role: 'owner' | 'admin' | 'member' }>;
    deletedAt?: string | null;
  },
) {
  const now = new Date().toISOString();
  await db
    .insertInto('organizations')
    .values({
      id,
      name,
      created_at: now,
      updated_at: now,
      requires_two_factor: 0,
      deleted_at: deletedAt,
      deleted_by: null,
      scheduled_purge_at: null,
    })
    .execute();
  for (const [index, member] of members.entries()) {
    await db
      .insertInto('organization_members')
      .values({
        id: `mem_${id.slice(4)}${index}`,
        organization_id: id,
        user_id: member.userId,
        role: member.role,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
