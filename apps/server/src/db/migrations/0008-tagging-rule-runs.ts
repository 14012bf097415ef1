import type { Kysely } from 'kysely';

/**
 * Runs of a tagging rule over the organization's existing documents ("apply to existing
 * documents"). A run is a durable job; its row reports progress and the outcome, and keeps the id
 * of the last document it went through, so a run taken over after a crash resumes there instead
 * of counting documents twice. Deleting the rule deletes its runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tagging_rule_runs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('tagging_rule_id', 'text', (col) =>
      col.notNull().references('tagging_rules.id').onDelete('cascade'),
    )
    // 'pending', 'running', 'succeeded' or 'failed'.
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('processed_documents_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('tagged_documents_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_document_id', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  // A rule's runs, newest first: its latest run, the active one, pruning old ones.
  await db.schema
    .createIndex('tagging_rule_runs_rule_id_created_at_index')
    .on('tagging_rule_runs')
    .columns(['tagging_rule_id', 'created_at'])
    .execute();
  // Cascading deletes of an organization.
  await db.schema
    .createIndex('tagging_rule_runs_organization_id_index')
    .on('tagging_rule_runs')
    .column('organization_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tagging_rule_runs').execute();
}
