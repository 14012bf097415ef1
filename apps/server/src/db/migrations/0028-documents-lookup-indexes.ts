import type { Kysely } from 'kysely';

/**
 * Two covering indexes for filtered lists (documents README, "The count, and the driven set"):
 *
 * - `documents (id, document_date, created_at, original_size)`: a filtered list whose matches are
 *   known is sorted by looking each one up; on SQLite a row read would reach past the content (its
 *   overflow pages) for the upload date, this index answers alone.
 * - `documents_tags (tag_id, document_id)` in place of `(tag_id)`: a tag's documents are read off
 *   the index, not a row each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('documents_id_document_date_created_at_original_size_index')
    .on('documents')
    .columns(['id', 'document_date', 'created_at', 'original_size'])
    .execute();
  await db.schema
    .createIndex('documents_tags_tag_id_document_id_index')
    .on('documents_tags')
    .columns(['tag_id', 'document_id'])
    .execute();
  await db.schema.dropIndex('documents_tags_tag_id_index').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('documents_tags_tag_id_index').on('documents_tags').column('tag_id').execute();
  await db.schema.dropIndex('documents_tags_tag_id_document_id_index').execute();
  await db.schema.dropIndex('documents_id_document_date_created_at_original_size_index').execute();
}
