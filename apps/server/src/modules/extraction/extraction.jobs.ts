import type { Readable } from 'node:stream';
import type { DocumentsUsecases } from '../documents/documents.usecases';
import {
  EXTRACT_DOCUMENT_CONTENT_JOB_TYPE,
  type ExtractDocumentContentPayload,
} from '../documents/documents.usecases';
import type { JobQueue } from '../jobs/jobs.queue';
import { extractionKindOf } from './extraction.models';
import type { ExtractionPool } from './extraction.pool';

/** Larger files are not read for text (their content stays empty). */
export const EXTRACTION_MAX_FILE_BYTES = 200 * 1000 * 1000;

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

/**
 * The text extraction job, enqueued with each new document. Extraction failures (corrupt or
 * unreadable files) are logged and leave the content empty: the document itself is never touched.
 * Storage or database failures throw, so the queue retries the job.
 */
export function registerExtractionJobs({
  jobQueue,
  documents,
  pool,
}: {
  jobQueue: JobQueue;
  documents: DocumentsUsecases;
  pool: ExtractionPool;
}) {
  jobQueue.register<ExtractDocumentContentPayload>(
    EXTRACT_DOCUMENT_CONTENT_JOB_TYPE,
    async ({ organizationId, documentId }, { logger }) => {
      const document = await documents.findDocumentForExtraction({ organizationId, documentId });
      if (!document) return;
      const kind = extractionKindOf(document.mime_type);
      const size = Number(document.original_size);
      if (kind === 'none' || size === 0 || size > EXTRACTION_MAX_FILE_BYTES) return;
      const data = await readAll(await documents.storage.read(document.storage_key), size);
      let text: string;
      const startedAt = performance.now();
      try {
        text = await pool.extract({ kind, mimeType: document.mime_type, data });
      } catch (error) {
        logger.warn(
          { err: error, documentId, mimeType: document.mime_type },
          'Text extraction failed: the document keeps an empty content',
        );
        return;
      }
      logger.debug(
        { documentId, kind, characters: text.length, durationMs: Math.round(performance.now() - startedAt) },
        'Text extracted',
      );
      if (text !== '') await documents.saveExtractedContent({ organizationId, documentId, content: text });
    },
    { maxAttempts: 3 },
  );
}
