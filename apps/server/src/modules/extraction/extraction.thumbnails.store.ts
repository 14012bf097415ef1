import type { Logger } from '../../shared/logger';
import type { DocumentsUsecases } from '../documents/documents.usecases';
import type { JobQueue } from '../jobs/jobs.queue';
import type { ExtractionOutput } from './extraction.models';

/**
 * Whether extraction jobs make thumbnails: always, except in `npm run bench`'s measure of their
 * cost, which starts a server with SHEAF_BENCH_NO_THUMBNAILS=1 (not a setting: undocumented for
 * operators on purpose).
 */
export const thumbnailsWanted = () => process.env.SHEAF_BENCH_NO_THUMBNAILS !== '1';

/**
 * The extraction job's thumbnail step, after a successful pass and before the text is saved: the
 * output's thumbnail replaces the stored one (a re-extraction regenerates it); an output without
 * one clears the version and removes any earlier file. A render that failed in the worker is logged,
 * never an extraction failure.
 */
export async function saveThumbnailOf({
  documents,
  organizationId,
  documentId,
  output,
  logger,
}: {
  documents: Pick<DocumentsUsecases, 'saveThumbnail'>;
  organizationId: string;
  documentId: string;
  output: ExtractionOutput;
  logger: Logger;
}): Promise<void> {
  if (output.thumbnailError) {
    logger.warn({ documentId, reason: output.thumbnailError }, 'Thumbnail render failed');
  }
  const thumbnail = output.thumbnail;
  await documents.saveThumbnail({ organizationId, documentId, thumbnail });
  logger.debug({ documentId, bytes: thumbnail?.byteLength ?? 0 }, 'Thumbnail saved');
}

/**
 * The one-off job of migrations 0031 (PDFs and images) and 0034 (e-mails and Office files, once
 * drawn from their renderings): documents from before get a thumbnail.
 */
export const BACKFILL_THUMBNAILS_JOB_TYPE = 'documents.backfill-thumbnails';
/** `mimeTypes`: the documents of these types; without, PDFs and images. */
type BackfillThumbnailsPayload = { afterId: string | null; mimeTypes?: string[] };

/**
 * Registers the thumbnail backfill: batch after batch, done documents of its types without a
 * thumbnail have their extraction queued again (each then runs as any extraction, in the pool). A
 * run cut short (shutdown) queues itself again from where it stopped.
 */
export function registerThumbnailBackfillJob({
  jobQueue,
  documents,
}: {
  jobQueue: Pick<JobQueue, 'register' | 'enqueue'>;
  documents: Pick<DocumentsUsecases, 'queueThumbnailBackfill'>;
}) {
  jobQueue.register<BackfillThumbnailsPayload>(
    BACKFILL_THUMBNAILS_JOB_TYPE,
    async ({ afterId, mimeTypes }, context) => {
      let cursor = afterId;
      let queued = 0;
      for (;;) {
        const batch = await documents.queueThumbnailBackfill({ afterId: cursor, mimeTypes });
        queued += batch.queued;
        if (batch.lastId === null) break;
        cursor = batch.lastId;
        if (context.signal.aborted) {
          await jobQueue.enqueue(BACKFILL_THUMBNAILS_JOB_TYPE, {
            afterId: cursor,
            ...(mimeTypes ? { mimeTypes } : {}),
          } satisfies BackfillThumbnailsPayload);
          break;
        }
      }
      if (queued > 0) context.logger.info({ queued }, 'Extractions queued again for their thumbnails');
    },
  );
}
