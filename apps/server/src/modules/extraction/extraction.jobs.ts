import type { Readable } from 'node:stream';
import {
  EXTRACTION_ERROR_CODES,
  type ExtractionErrorCode,
  type ExtractionErrorDto,
} from '@sheaf/contracts/documents';
import type { AppDatabase } from '../../db/database';
import type { Logger } from '../../shared/logger';
import {
  EXTRACT_DOCUMENT_CONTENT_JOB_TYPE,
  type ExtractDocumentContentPayload,
  MAKE_DOCUMENT_THUMBNAIL_JOB_TYPE,
  type MakeDocumentThumbnailPayload,
} from '../documents/documents.extraction-state';
import type { DocumentsUsecases } from '../documents/documents.usecases';
import type { JobQueue } from '../jobs/jobs.queue';
import { importEmailAttachments } from './extraction.email-attachments';
import {
  ExtractionError,
  type ExtractionOutput,
  extractionKindOf,
  normalizeExtractedText,
} from './extraction.models';
import { saveOfficeExtrasOf } from './extraction.office-store';
import type { ExtractionPool } from './extraction.pool';
import { createExtractionRepository } from './extraction.repository';
import {
  registerThumbnailBackfillJob,
  saveThumbnailOf,
  thumbnailsWanted,
} from './extraction.thumbnails.store';

/** The one-off job of migration 0012: stored contents normalised as extraction now does. */
export const RENORMALIZE_CONTENT_JOB_TYPE = 'documents.renormalize-content';
type RenormalizeContentPayload = { afterId: string | null };

/** Tries of an extraction whose storage or database step failed (extraction failures are final). */
const EXTRACTION_MAX_ATTEMPTS = 3;

async function readAll(stream: Readable, expectedSize: number): Promise<Uint8Array> {
  // One allocation of the known size; the buffer is then transferred to the worker, not copied.
  const data = new Uint8Array(new ArrayBuffer(expectedSize));
  let offset = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Uint8Array;
    if (offset + bytes.length > expectedSize) throw new Error('The stored file is larger than recorded');
    data.set(bytes, offset);
    offset += bytes.length;
  }
  return data.subarray(0, offset);
}

/** An extraction failure as the document shows it: the error's own code when it has one of ours. */
export function toExtractionErrorDto(error: unknown): ExtractionErrorDto {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return {
    code: EXTRACTION_ERROR_CODES.includes(code as ExtractionErrorCode)
      ? (code as ExtractionErrorCode)
      : 'extraction.failed',
    message: message.slice(0, 500),
  };
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1e5) / 10} MB`;

/**
 * The text extraction job, queued with each new document (and by a retry). The document says
 * where it stands: `processing` while the job runs, then `done` (with the text, if any was found)
 * or `failed` with a code. Extraction failures (a damaged, hostile or oversized file, a timeout)
 * are final: retrying gives the same answer. Storage or database failures throw, so the queue
 * retries the job; after its last try the document is marked failed too.
 */
export function registerExtractionJobs({
  jobQueue,
  documents,
  pool,
  database,
  maxFileSize,
  logger,
}: {
  jobQueue: JobQueue;
  documents: DocumentsUsecases;
  pool: ExtractionPool;
  database: AppDatabase;
  /** Larger files are not read for text: they end `failed` with extraction.too_large. */
  maxFileSize: number;
  logger: Logger;
}) {
  const repository = createExtractionRepository({ db: database.db, dialect: database.dialect });

  jobQueue.register<ExtractDocumentContentPayload>(
    EXTRACT_DOCUMENT_CONTENT_JOB_TYPE,
    async ({ organizationId, documentId }, { logger: jobLogger }) => {
      const document = await documents.startExtraction({ organizationId, documentId });
      if (!document) return;
      const kind = extractionKindOf(document.mime_type);
      const size = Number(document.original_size);
      if (kind === 'none' || size === 0) {
        await documents.saveExtractedContent({ organizationId, documentId, content: '' });
        return;
      }
      if (size > maxFileSize) {
        await documents.markExtractionFailed({
          organizationId,
          documentId,
          error: {
            code: 'extraction.too_large',
            message: `The file (${megabytes(size)}) is larger than the ${megabytes(maxFileSize)} read for text.`,
          },
        });
        return;
      }
      const data = await readAll(await documents.storage.read(document.storage_key), size);
      let output: ExtractionOutput;
      const startedAt = performance.now();
      try {
        output = await pool.process({
          kind,
          mimeType: document.mime_type,
          data,
          wants: { thumbnail: thumbnailsWanted(), preview: true },
        });
      } catch (error) {
        // Not the file's fault (the pool closed at shutdown): the job runs again later.
        if (!(error instanceof ExtractionError)) throw error;
        const failure = toExtractionErrorDto(error);
        jobLogger.warn(
          { err: error, cause: error.cause, documentId, mimeType: document.mime_type, code: failure.code },
          'Text extraction failed',
        );
        await documents.markExtractionFailed({ organizationId, documentId, error: failure });
        return;
      }
      jobLogger.debug(
        {
          documentId,
          kind,
          characters: output.text.length,
          durationMs: Math.round(performance.now() - startedAt),
        },
        'Text extracted',
      );
      await saveThumbnailOf({ documents, organizationId, documentId, output, logger: jobLogger });
      await saveOfficeExtrasOf({
        documents,
        organizationId,
        documentId,
        mimeType: document.mime_type,
        output,
      });
      // An e-mail file: its attachments become linked documents; its Date is the document date.
      const content = output.email
        ? await importEmailAttachments({
            documents,
            organizationId,
            messageDocumentId: documentId,
            email: output.email,
            text: output.text,
          })
        : output.text;
      await documents.saveExtractedContent({
        organizationId,
        documentId,
        content,
        ...(output.email ? { statedDate: output.email.date } : {}),
      });
    },
    {
      kind: 'heavy',
      maxAttempts: EXTRACTION_MAX_ATTEMPTS,
      backoffBaseMs: 2_000,
      onFailed: async ({ organizationId, documentId }, { lastError }) => {
        await documents.markExtractionFailed({
          organizationId,
          documentId,
          error: { code: 'extraction.failed', message: lastError.slice(0, 500) },
        });
      },
    },
  );

  jobQueue.register<RenormalizeContentPayload>(RENORMALIZE_CONTENT_JOB_TYPE, async ({ afterId }, context) => {
    let cursor = afterId;
    let changed = 0;
    // Batch after batch until every document was read. Normalising is idempotent, so a run cut
    // short (shutdown, crash) simply starts over.
    for (;;) {
      const batch = await documents.renormalizeContents({
        afterId: cursor,
        normalize: normalizeExtractedText,
      });
      changed += batch.changed;
      if (batch.lastId === null || context.signal.aborted) break;
      cursor = batch.lastId;
    }
    if (changed > 0) context.logger.info({ changed }, 'Stored contents normalised again');
  });

  registerThumbnailBackfillJob({ jobQueue, documents });

  // A thumbnail alone (an imported document keeps the text it brought): PDFs and images, drawn in
  // the pool as any extraction's; the text and the extraction's state are not touched.
  jobQueue.register<MakeDocumentThumbnailPayload>(
    MAKE_DOCUMENT_THUMBNAIL_JOB_TYPE,
    async ({ organizationId, documentId }, { logger: jobLogger }) => {
      const file = await documents.findDocumentFile({ organizationId, documentId });
      if (!file || file.size === 0 || file.size > maxFileSize) return;
      const kind = extractionKindOf(file.mimeType);
      if (kind !== 'pdf' && kind !== 'image') return;
      const data = await readAll(await documents.storage.read(file.storageKey), file.size);
      let output: ExtractionOutput;
      try {
        output = await pool.process({
          kind,
          mimeType: file.mimeType,
          data,
          wants: { text: false, thumbnail: thumbnailsWanted() },
        });
      } catch (error) {
        if (!(error instanceof ExtractionError)) throw error;
        jobLogger.warn({ err: error, documentId }, 'Thumbnail render failed');
        return;
      }
      await saveThumbnailOf({ documents, organizationId, documentId, output, logger: jobLogger });
    },
    { kind: 'heavy' },
  );

  return {
    /** Start-up: documents left pending or processing without a job get one again. */
    async recoverUnfinishedExtractions() {
      const recovered = await documents.recoverUnfinishedExtractions({
        hasLiveJob: (documentId) =>
          repository.hasLiveJob({ type: EXTRACT_DOCUMENT_CONTENT_JOB_TYPE, documentId }),
      });
      if (recovered > 0) logger.info({ recovered }, 'Unfinished text extractions queued again');
      return recovered;
    },
  };
}
