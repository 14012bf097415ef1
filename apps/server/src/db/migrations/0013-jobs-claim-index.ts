import type { Kysely } from 'kysely';

/**
 * The claim asks for due pending jobs of one class's types, oldest first. With the type in the
 * index, a backlog of heavy jobs (extraction) is never read through to find a light one: the
 * old (status, run_at) index made a light claim walk every older heavy row. For a class of one
 * type the index also gives the order, so the claim reads just the rows it takes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('jobs_status_type_run_at_index')
    .on('jobs')
    .columns(['status', 'type', 'run_at'])
    .execute();
  await db.schema.dropIndex('jobs_status_run_at_index').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('jobs_status_run_at_index').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.dropIndex('jobs_status_type_run_at_index').execute();
}
