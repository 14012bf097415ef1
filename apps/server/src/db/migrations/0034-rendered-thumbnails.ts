import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

/** The one-off job of migration 0031, here for other types (extraction.thumbnails.store). */
const BACKFILL_THUMBNAILS_JOB_TYPE = 'documents.backfill-thumbnails';

/**
 * E-mails and Office files whose rendering now gives a thumbnail (an e-mail's message and a .docx's
 * or an HTML file's sanitized HTML laid out by MuPDF; the other Office formats where LibreOffice
 * converts them), as the types were when this migration was written.
 */
const RENDERED_MIME_TYPES = [
  'message/rfc822',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
  'application/vnd.ms-word.document.macroenabled.12',
  'application/vnd.ms-word.template.macroenabled.12',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
  'application/vnd.ms-excel.sheet.macroenabled.12',
  'application/vnd.ms-excel.template.macroenabled.12',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
  'application/vnd.openxmlformats-officedocument.presentationml.template',
  'application/vnd.ms-powerpoint.presentation.macroenabled.12',
  'application/vnd.ms-powerpoint.slideshow.macroenabled.12',
  'application/vnd.ms-powerpoint.template.macroenabled.12',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.text-template',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.spreadsheet-template',
  'application/vnd.oasis.opendocument.presentation',
  'application/vnd.oasis.opendocument.presentation-template',
  'application/epub+zip',
  'application/rtf',
  'text/rtf',
  'text/html',
  'application/xhtml+xml',
];

const newJobId = () => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return `job_${Array.from(randomBytes(24), (byte) => alphabet[byte % 36]).join('')}`;
};

/**
 * E-mail files now have a preview (the message as sanitized HTML) and, with Office files, a
 * thumbnail drawn from their rendering: those already extracted get both from the thumbnail
 * backfill, which queues their extraction again (the text comes out the same; an e-mail's
 * attachments are found again, not imported twice). No schema change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ found: number }>`select 1 as found from documents
    where mime_type in (${sql.join(RENDERED_MIME_TYPES)}) and thumbnail_etag is null limit 1`.execute(db);
  if (rows.length > 0) {
    const now = new Date().toISOString();
    const payload = JSON.stringify({ afterId: null, mimeTypes: RENDERED_MIME_TYPES });
    await sql`insert into jobs (id, type, payload, status, attempts, max_attempts, run_at, created_at, updated_at)
      values (${newJobId()}, ${BACKFILL_THUMBNAILS_JOB_TYPE}, ${payload}, 'pending', 0, 5,
        ${now}, ${now}, ${now})`.execute(db);
  }
}

export async function down(): Promise<void> {
  // Nothing to undo: the job queues extractions, which any later extraction would redo.
}
