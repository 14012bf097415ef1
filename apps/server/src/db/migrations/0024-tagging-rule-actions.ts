import type { Kysely } from 'kysely';

/**
 * Tagging rules set custom properties ("set property to value"), besides attaching tags. Each
 * action is a row of `tagging_rule_property_actions`: the property and the value as JSON (the
 * shape `propertyValueSchemaFor` checks: text, number, boolean, option ids, `{ amount, currency }`),
 * kept in the order given by `position`. Deleting the property deletes its actions (a rule left
 * without actions stays, and changes nothing until it is given one), as deleting a tag does.
 *
 * The new conditions (document date, file type, property) need no column: they are items of the
 * rule's JSON `conditions`, read and written whole with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tagging_rule_property_actions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tagging_rule_id', 'text', (col) =>
      col.notNull().references('tagging_rules.id').onDelete('cascade'),
    )
    .addColumn('property_id', 'text', (col) =>
      col.notNull().references('property_definitions.id').onDelete('cascade'),
    )
    // JSON: the value to set.
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // One action per property in a rule; a rule's actions are read by this index too.
  await db.schema
    .createIndex('tagging_rule_property_actions_rule_id_property_id_unique')
    .on('tagging_rule_property_actions')
    .columns(['tagging_rule_id', 'property_id'])
    .unique()
    .execute();
  // Cascading deletes of a property.
  await db.schema
    .createIndex('tagging_rule_property_actions_property_id_index')
    .on('tagging_rule_property_actions')
    .column('property_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tagging_rule_property_actions').execute();
}
