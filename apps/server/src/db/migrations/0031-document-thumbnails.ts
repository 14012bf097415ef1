import type { Kysely } from 'kysely';

/**
 * A document's thumbnail (a WebP of its first page or image, stored beside the original under
 * `{organizationId}/{documentId}_thumbnail`): `thumbnail_etag` names the stored version, null while
 * the document has none (not made yet, or its type gives no rendering).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('thumbnail_etag', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('thumbnail_etag').execute();
}
