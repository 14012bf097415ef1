import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { getDialectOf } from '../dialect';

/** The one-off job that re-normalises stored contents (see the extraction module). */
const RENORMALIZE_JOB_TYPE = 'documents.renormalize-content';
/** The text extraction job's type (documents.extraction-state: EXTRACT_DOCUMENT_CONTENT_JOB_TYPE). */
const EXTRACTION_JOB_TYPE = 'documents.extract-content';

const newJobId = () => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return `job_${Array.from(randomBytes(24), (byte) => alphabet[byte % 36]).join('')}`;
};

/**
 * Every document says where its text extraction stands: `pending`, `processing`, `done` or
 * `failed` with an error code and message. Documents saved before are `done`, except those whose
 * extraction job is still queued or running. Contents extracted before text was NFKC-normalised
 * (ligatures, soft hyphens, hyphenated line ends) are normalised again by a one-off background
 * job, so a large archive does not hold up the start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('documents')
    .addColumn('extraction_status', 'text', (col) => col.notNull().defaultTo('pending'))
    .execute();
  await db.schema.alterTable('documents').addColumn('extraction_error_code', 'text').execute();
  await db.schema.alterTable('documents').addColumn('extraction_error_message', 'text').execute();

  const documentIdOfPayload =
    getDialectOf(db) === 'sqlite'
      ? sql`json_extract(jobs.payload, '$.documentId')`
      : sql`(jobs.payload::jsonb ->> 'documentId')`;
  await sql`update documents set extraction_status = case
      when exists (
        select 1 from jobs
        where jobs.type = ${EXTRACTION_JOB_TYPE} and jobs.status in ('pending', 'running')
          and ${documentIdOfPayload} = documents.id
      ) then 'pending' else 'done' end`.execute(db);
  // Start-up recovery and the monitoring of stuck extractions look for unfinished ones only.
  await sql`create index documents_extraction_unfinished_index on documents (extraction_status)
    where extraction_status in ('pending', 'processing')`.execute(db);

  const { rows } = await sql<{
    found: number;
  }>`select 1 as found from documents where content <> '' limit 1`.execute(db);
  if (rows.length > 0) {
    const now = new Date().toISOString();
    await sql`insert into jobs (id, type, payload, status, attempts, max_attempts, run_at, created_at, updated_at)
      values (${newJobId()}, ${RENORMALIZE_JOB_TYPE}, ${JSON.stringify({ afterId: null })}, 'pending', 0, 5,
        ${now}, ${now}, ${now})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists documents_extraction_unfinished_index`.execute(db);
  await db.schema.alterTable('documents').dropColumn('extraction_error_message').execute();
  await db.schema.alterTable('documents').dropColumn('extraction_error_code').execute();
  await db.schema.alterTable('documents').dropColumn('extraction_status').execute();
}
