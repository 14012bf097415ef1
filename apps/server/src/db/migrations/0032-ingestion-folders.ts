import type { Kysely } from 'kysely';

/**
 * Watched folders (issue 31).
 *
 * - `ingestion_folder_settings`: the folder name an owner set for the organization's folder under
 *   INGESTION_FOLDERS_ROOT (no row: the organization's id names it). `folder_name_key` is the name
 *   lower-cased: unique, so two organizations never share a folder whatever the file system's case.
 * - `ingestion_folder_files`: one row per file taken from a folder, written before the file is
 *   removed, so a crash between storing the document and removing the file imports nothing twice:
 *   the file found again with its `path` and `sha256` and a row not yet `removed_at` is only
 *   removed (or, still `processing`, finished with its derived document id). The organization's
 *   page reads the last 50 by `(organization_id, processed_at, id)`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ingestion_folder_settings')
    .addColumn('organization_id', 'text', (col) =>
      col.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('folder_name', 'text', (col) => col.notNull())
    .addColumn('folder_name_key', 'text', (col) => col.notNull().unique())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('ingestion_folder_files')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('document_id', 'text')
    .addColumn('processed_at', 'text', (col) => col.notNull())
    .addColumn('removed_at', 'text')
    .execute();
  await db.schema
    .createIndex('ingestion_folder_files_organization_id_processed_at_index')
    .on('ingestion_folder_files')
    .columns(['organization_id', 'processed_at', 'id'])
    .execute();
  // A file found again: its row not yet removed, by organization, path and content.
  await db.schema
    .createIndex('ingestion_folder_files_organization_id_path_sha256_index')
    .on('ingestion_folder_files')
    .columns(['organization_id', 'path', 'sha256'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ingestion_folder_files').execute();
  await db.schema.dropTable('ingestion_folder_settings').execute();
}
