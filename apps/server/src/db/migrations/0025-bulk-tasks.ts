import type { Kysely } from 'kysely';

/**
 * Bulk actions run in the background (a selection by filter, a zip download). `bulk_tasks` holds
 * the request and its progress; `bulk_task_items` the documents the filter matched when the task
 * started, each marked done in the transaction that changes it, so a task resumed after a crash
 * goes on where it stopped and never changes a document twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bulk_tasks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (col) => col.notNull())
    // JSON: the request (action, its fields, the filter or ids).
    .addColumn('request', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    // Null until the selection is taken (its items written).
    .addColumn('total', 'integer')
    .addColumn('changed_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('unchanged_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('skipped_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('expires_at', 'text')
    // The task that undid this one: set once, in the transaction that creates it.
    .addColumn('undone_by_task_id', 'text')
    .execute();
  await db.schema
    .createIndex('bulk_tasks_organization_id_created_at_index')
    .on('bulk_tasks')
    .columns(['organization_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('bulk_task_items')
    .addColumn('task_id', 'text', (col) => col.notNull().references('bulk_tasks.id').onDelete('cascade'))
    // The selection's order; items are handled in it.
    .addColumn('position', 'integer', (col) => col.notNull())
    // No foreign key: a document deleted meanwhile stays listed, and is reported skipped.
    .addColumn('document_id', 'text', (col) => col.notNull())
    // Null until handled: `changed`, `unchanged` or `skipped`.
    .addColumn('outcome', 'text')
    .addColumn('skip_reason', 'text')
    .addPrimaryKeyConstraint('bulk_task_items_pkey', ['task_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bulk_task_items').execute();
  await db.schema.dropTable('bulk_tasks').execute();
}
