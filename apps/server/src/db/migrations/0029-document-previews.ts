import type { Kysely } from 'kysely';

/**
 * An Office file's extraction results beside its text (extraction.office):
 * - `preview_kind` (`html` | `pdf`) names the rendering stored beside the original under
 *   `{organizationId}/{documentId}_preview`, `preview_etag` its version; both null without one.
 * - `extraction_notice_code` / `_message`: something to know about a `done` extraction
 *   (`extraction.text_capped`: a spreadsheet's text was cut at the limit), else null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('preview_kind', 'text').execute();
  await db.schema.alterTable('documents').addColumn('preview_etag', 'text').execute();
  await db.schema.alterTable('documents').addColumn('extraction_notice_code', 'text').execute();
  await db.schema.alterTable('documents').addColumn('extraction_notice_message', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('extraction_notice_message').execute();
  await db.schema.alterTable('documents').dropColumn('extraction_notice_code').execute();
  await db.schema.alterTable('documents').dropColumn('preview_etag').execute();
  await db.schema.alterTable('documents').dropColumn('preview_kind').execute();
}
