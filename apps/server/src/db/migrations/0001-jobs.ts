import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('run_at', 'text', (col) => col.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // The claim query looks for due pending jobs and expired leases.
  await db.schema.createIndex('jobs_status_run_at_index').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema
    .createIndex('jobs_status_locked_until_index')
    .on('jobs')
    .columns(['status', 'locked_until'])
    .execute();

  await db.schema
    .createTable('job_schedules')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('next_run_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_schedules').execute();
  await db.schema.dropTable('jobs').execute();
}
