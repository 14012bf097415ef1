import { type Kysely, sql } from 'kysely';

/**
 * Invitations to organizations, and the indexes the organization routes and jobs read by.
 * At most one pending invitation per organization and e-mail (partial unique index, both dialects).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organization_invitations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    // Stored lowercased; matched against users.email case-insensitively.
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    // Who sent it last (creation or resend); counts towards that user's daily limit.
    .addColumn('inviter_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('sent_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('organization_invitations_organization_id_status_index')
    .on('organization_invitations')
    .columns(['organization_id', 'status'])
    .execute();
  await db.schema
    .createIndex('organization_invitations_pending_email_unique')
    .on('organization_invitations')
    .columns(['organization_id', 'email'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('organization_invitations_email_index')
    .on('organization_invitations')
    .column('email')
    .execute();
  await db.schema
    .createIndex('organization_invitations_inviter_id_sent_at_index')
    .on('organization_invitations')
    .columns(['inviter_id', 'sent_at'])
    .execute();
  await db.schema
    .createIndex('organization_invitations_status_expires_at_index')
    .on('organization_invitations')
    .columns(['status', 'expires_at'])
    .execute();

  await db.schema
    .createIndex('organizations_deleted_by_index')
    .on('organizations')
    .column('deleted_by')
    .execute();
  await db.schema
    .createIndex('organization_members_organization_id_role_index')
    .on('organization_members')
    .columns(['organization_id', 'role'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('organization_members_organization_id_role_index').execute();
  await db.schema.dropIndex('organizations_deleted_by_index').execute();
  await db.schema.dropTable('organization_invitations').execute();
}
