import { type Kysely, sql } from 'kysely';

/**
 * A document's own date, organization-wide custom properties and notes (issue: organize thousands
 * of documents).
 *
 * - `documents.document_date`: a calendar date `YYYY-MM-DD` (text on both dialects, so it sorts and
 *   compares as a date and reads the same everywhere), and `document_date_source`: `detected` (read
 *   from the text or the file name at extraction; a later extraction may replace it) or `user` (set
 *   by hand; never replaced by an extraction). Both null when there is none.
 * - `property_definitions`: per organization, unique by `name_key` (the tags' key: case and
 *   accents ignored). `options` is the JSON array of a select's options (`[{ id, name, color }]`),
 *   `currency` the default ISO currency of a monetary property.
 * - `document_property_values`: a typed value table, one row per value (a multi select has one row
 *   per chosen option), each type in its own column so that every filter and sort is an index range
 *   (`(property_id, value_<type>, document_id)`); see modules/properties/README.md.
 *   `value_key` is '' for single values and the option id for multi-select rows: the primary key
 *   `(document_id, property_id, value_key)` makes a value set twice at once one row.
 * - `document_notes`: per document, removed with it.
 *
 * The list's new sorts get their indexes (organization, trash flag, sort key, id), as the date one of
 * 0011: a page is an index range, skipped rows counted off the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('document_date', 'text').execute();
  await db.schema.alterTable('documents').addColumn('document_date_source', 'text').execute();
  await db.schema
    .createIndex('documents_organization_id_is_deleted_document_date_id_index')
    .on('documents')
    .columns(['organization_id', 'is_deleted', 'document_date', 'id'])
    .execute();
  await db.schema
    .createIndex('documents_organization_id_is_deleted_original_size_id_index')
    .on('documents')
    .columns(['organization_id', 'is_deleted', 'original_size', 'id'])
    .execute();
  await sql`create index documents_organization_id_is_deleted_lower_name_id_index
    on documents (organization_id, is_deleted, lower(name), id)`.execute(db);

  await db.schema
    .createTable('property_definitions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('options', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('currency', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('property_definitions_organization_id_name_key_unique', [
      'organization_id',
      'name_key',
    ])
    .execute();

  await db.schema
    .createTable('document_property_values')
    .addColumn('document_id', 'text', (col) => col.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('property_id', 'text', (col) =>
      col.notNull().references('property_definitions.id').onDelete('cascade'),
    )
    .addColumn('value_key', 'text', (col) => col.notNull())
    .addColumn('organization_id', 'text', (col) => col.notNull())
    .addColumn('value_text', 'text')
    .addColumn('value_number', 'double precision')
    .addColumn('value_currency', 'text')
    .addColumn('value_date', 'text')
    .addColumn('value_boolean', 'integer')
    .addColumn('value_option_id', 'text')
    .addColumn('value_user_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('document_property_values_primary_key', [
      'document_id',
      'property_id',
      'value_key',
    ])
    .execute();
  for (const column of [
    'value_text',
    'value_number',
    'value_date',
    'value_boolean',
    'value_option_id',
    'value_user_id',
  ]) {
    await db.schema
      .createIndex(`document_property_values_property_id_${column}_index`)
      .on('document_property_values')
      .columns(['property_id', column, 'document_id'])
      .execute();
  }

  await db.schema
    .createTable('document_notes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) => col.notNull())
    .addColumn('document_id', 'text', (col) => col.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text')
    .execute();
  await db.schema
    .createIndex('document_notes_document_id_created_at_index')
    .on('document_notes')
    .columns(['document_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_notes').execute();
  await db.schema.dropTable('document_property_values').execute();
  await db.schema.dropTable('property_definitions').execute();
  await sql`drop index documents_organization_id_is_deleted_lower_name_id_index`.execute(db);
  await db.schema.dropIndex('documents_organization_id_is_deleted_original_size_id_index').execute();
  await db.schema.dropIndex('documents_organization_id_is_deleted_document_date_id_index').execute();
  await db.schema.alterTable('documents').dropColumn('document_date_source').execute();
  await db.schema.alterTable('documents').dropColumn('document_date').execute();
}
