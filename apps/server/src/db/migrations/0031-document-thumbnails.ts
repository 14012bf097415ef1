import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

/** The one-off job that gives documents from before thumbnails one (extraction.thumbnails.store). */
const BACKFILL_THUMBNAILS_JOB_TYPE = 'documents.backfill-thumbnails';

const newJobId = () => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return `job_${Array.from(randomBytes(24), (byte) => alphabet[byte % 36]).join('')}`;
};

/**
 * A document's thumbnail (a WebP of its first page or image, stored beside the original under
 * `{organizationId}/{documentId}_thumbnail`): `thumbnail_etag` names the stored version, null while
 * the document has none (not made yet, or its type gives no rendering). Documents already there
 * (PDFs and images) get theirs from a one-off background job that queues their extraction again,
 * so a large archive does not hold up the start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('thumbnail_etag', 'text').execute();

  const { rows } = await sql<{ found: number }>`select 1 as found from documents
    where mime_type = 'application/pdf' or mime_type like 'image/%' limit 1`.execute(db);
  if (rows.length > 0) {
    const now = new Date().toISOString();
    await sql`insert into jobs (id, type, payload, status, attempts, max_attempts, run_at, created_at, updated_at)
      values (${newJobId()}, ${BACKFILL_THUMBNAILS_JOB_TYPE}, ${JSON.stringify({ afterId: null })}, 'pending', 0, 5,
        ${now}, ${now}, ${now})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from jobs where type = ${BACKFILL_THUMBNAILS_JOB_TYPE}`.execute(db);
  await db.schema.alterTable('documents').dropColumn('thumbnail_etag').execute();
}
