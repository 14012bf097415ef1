import type { Kysely } from 'kysely';

/**
 * Share links (issue 30): public links `/s/{token}` to one document.
 *
 * - `share_links`: one row per active or expired link; revoking deletes the row (a revoked link is
 *   then unknown: 404), and so does the document's permanent deletion. `token_hash` is the SHA-256 of
 *   the token, never the token. `password_hash` is better-auth's scrypt hash (null: no password).
 *   `failed_attempts` counts the password attempts of the window starting at
 *   `failed_window_started_at` (the per-link rate limit, shared by every process).
 * - `share_link_settings`: an organization's switch; no row means on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('share_links')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('document_id', 'text', (col) => col.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('allow_download', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_accessed_at', 'text')
    .addColumn('failed_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failed_window_started_at', 'text')
    .execute();
  // The organization's list (newest first) and a document's links.
  await db.schema
    .createIndex('share_links_organization_id_created_at_index')
    .on('share_links')
    .columns(['organization_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('share_links_document_id_index')
    .on('share_links')
    .columns(['document_id'])
    .execute();
  await db.schema
    .createIndex('share_links_created_by_index')
    .on('share_links')
    .columns(['created_by'])
    .execute();

  await db.schema
    .createTable('share_link_settings')
    .addColumn('organization_id', 'text', (col) =>
      col.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('is_enabled', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('share_link_settings').execute();
  await db.schema.dropTable('share_links').execute();
}
