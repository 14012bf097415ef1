import type { Kysely } from 'kysely';

/**
 * Paperless-ngx imports (issue 32).
 *
 * - `paperless_imports`: one row per import, its source (an uploaded zip kept in the data folder, or
 *   a path on the server), its status and progress, and once ended its summary and report (JSON).
 *   The organization's page reads the last 20 by `(organization_id, created_at)`.
 * - `paperless_import_documents`: the Paperless id of each document imported into an organization,
 *   written in the transaction that attaches its tags, properties and notes, so an import run again
 *   (or resumed after a crash) never imports a document twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('paperless_imports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('created_by', 'text')
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('source_name', 'text', (col) => col.notNull())
    .addColumn('source_path', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('total', 'integer')
    .addColumn('processed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('imported', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('summary', 'text')
    .addColumn('report', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('paperless_imports_organization_id_created_at_index')
    .on('paperless_imports')
    .columns(['organization_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('paperless_import_documents')
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('paperless_id', 'integer', (col) => col.notNull())
    .addColumn('document_id', 'text', (col) => col.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('import_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('paperless_import_documents_pkey', ['organization_id', 'paperless_id'])
    .execute();
  await db.schema
    .createIndex('paperless_import_documents_document_id_index')
    .on('paperless_import_documents')
    .column('document_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('paperless_import_documents').execute();
  await db.schema.dropTable('paperless_imports').execute();
}
