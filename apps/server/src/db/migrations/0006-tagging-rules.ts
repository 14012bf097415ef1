import type { Kysely } from 'kysely';

/**
 * Tagging rules: conditions on a document's name or content, and the tags to attach when they
 * match. Conditions are a JSON array (`[{ field, operator, value }]`) read and written whole with
 * the rule; the tags are rows of `tagging_rule_actions`, so deleting a tag removes it from every
 * rule (a rule left without tags stays, and attaches nothing until it is given one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tagging_rules')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    // JSON array of { field, operator, value }.
    .addColumn('conditions', 'text', (col) => col.notNull().defaultTo('[]'))
    // 'all' or 'any'.
    .addColumn('match_mode', 'text', (col) => col.notNull().defaultTo('all'))
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // The list (by organization, oldest first) and the engine (enabled rules of an organization).
  await db.schema
    .createIndex('tagging_rules_organization_id_created_at_index')
    .on('tagging_rules')
    .columns(['organization_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('tagging_rules_organization_id_enabled_index')
    .on('tagging_rules')
    .columns(['organization_id', 'enabled'])
    .execute();

  await db.schema
    .createTable('tagging_rule_actions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tagging_rule_id', 'text', (col) =>
      col.notNull().references('tagging_rules.id').onDelete('cascade'),
    )
    .addColumn('tag_id', 'text', (col) => col.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('tagging_rule_actions_rule_id_tag_id_unique')
    .on('tagging_rule_actions')
    .columns(['tagging_rule_id', 'tag_id'])
    .unique()
    .execute();
  // Cascading deletes of a tag.
  await db.schema
    .createIndex('tagging_rule_actions_tag_id_index')
    .on('tagging_rule_actions')
    .column('tag_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tagging_rule_actions').execute();
  await db.schema.dropTable('tagging_rules').execute();
}
