import type { Kysely } from 'kysely';

/**
 * Saved views of the documents list (issue 30).
 *
 * - `saved_views`: per organization; `visibility` `personal` (seen by `owner_id` only) or
 *   `organization` (every member). `filters` is the JSON of the list's filter parameters,
 *   `columns` the JSON list of optional columns, `reference_names` the JSON map of the tags' and
 *   properties' names when saved (what a view says once one of them is deleted).
 * - `saved_view_pins`: the views a member pinned to their sidebar, in pinning order.
 * - `saved_view_defaults`: a member's default documents view; one per member and organization.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_views')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('visibility', 'text', (col) => col.notNull())
    // A personal view's member; for a shared one, who made it. Null once that account is deleted.
    .addColumn('owner_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('filters', 'text', (col) => col.notNull())
    .addColumn('sort', 'text')
    .addColumn('sort_order', 'text')
    .addColumn('columns', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('reference_names', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('saved_views_organization_id_visibility_owner_id_index')
    .on('saved_views')
    .columns(['organization_id', 'visibility', 'owner_id'])
    .execute();

  await db.schema
    .createTable('saved_view_pins')
    .addColumn('saved_view_id', 'text', (col) =>
      col.notNull().references('saved_views.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('saved_view_pins_primary_key', ['saved_view_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('saved_view_pins_user_id_organization_id_index')
    .on('saved_view_pins')
    .columns(['user_id', 'organization_id'])
    .execute();

  await db.schema
    .createTable('saved_view_defaults')
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('saved_view_id', 'text', (col) =>
      col.notNull().references('saved_views.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('saved_view_defaults_primary_key', ['organization_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('saved_view_defaults_saved_view_id_index')
    .on('saved_view_defaults')
    .column('saved_view_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_view_defaults').execute();
  await db.schema.dropTable('saved_view_pins').execute();
  await db.schema.dropTable('saved_views').execute();
}
