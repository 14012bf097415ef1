import type { Kysely } from 'kysely';

/**
 * Documents, their activity log, and the tags tables they are filtered by (the tags module fills
 * them). One document per content and organization: a unique index on (organization_id,
 * original_sha256) also settles two concurrent uploads of the same file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('original_size', 'bigint', (col) => col.notNull())
    .addColumn('original_sha256', 'text', (col) => col.notNull())
    .addColumn('mime_type', 'text', (col) => col.notNull())
    // Where the file is in the storage driver: `{organizationId}/{documentId}`, never the name.
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text')
    .addColumn('is_deleted', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('scheduled_purge_at', 'text')
    .execute();
  await db.schema
    .createIndex('documents_organization_id_sha256_unique')
    .on('documents')
    .columns(['organization_id', 'original_sha256'])
    .unique()
    .execute();
  await db.schema
    .createIndex('documents_organization_id_is_deleted_created_at_index')
    .on('documents')
    .columns(['organization_id', 'is_deleted', 'created_at'])
    .execute();
  await db.schema
    .createIndex('documents_is_deleted_scheduled_purge_at_index')
    .on('documents')
    .columns(['is_deleted', 'scheduled_purge_at'])
    .execute();
  await db.schema.createIndex('documents_created_by_index').on('documents').column('created_by').execute();
  await db.schema.createIndex('documents_deleted_by_index').on('documents').column('deleted_by').execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('color', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('tags_organization_id_name_unique')
    .on('tags')
    .columns(['organization_id', 'name'])
    .unique()
    .execute();

  await db.schema
    .createTable('documents_tags')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('document_id', 'text', (col) => col.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('tag_id', 'text', (col) => col.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('documents_tags_document_id_tag_id_unique')
    .on('documents_tags')
    .columns(['document_id', 'tag_id'])
    .unique()
    .execute();
  await db.schema.createIndex('documents_tags_tag_id_index').on('documents_tags').column('tag_id').execute();

  await db.schema
    .createTable('document_activities')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('document_id', 'text', (col) => col.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('event', 'text', (col) => col.notNull())
    // JSON object ({ updatedFields }) or null.
    .addColumn('event_data', 'text')
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('tag_id', 'text', (col) => col.references('tags.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('document_activities_document_id_created_at_index')
    .on('document_activities')
    .columns(['document_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('document_activities_user_id_index')
    .on('document_activities')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('document_activities_tag_id_index')
    .on('document_activities')
    .column('tag_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_activities').execute();
  await db.schema.dropTable('documents_tags').execute();
  await db.schema.dropTable('tags').execute();
  await db.schema.dropTable('documents').execute();
}
