import { detectDocumentDate, numericDateOrderOf } from '@sheaf/contracts/document-dates';
import type { DocumentDto, ExtractionErrorDto } from '@sheaf/contracts/documents';
import type { Transaction } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/database.types';
import { type Clock, toTimestamp } from '../../shared/clock';
import type { ActivityRecorder } from '../activity/activity.usecases';
import type { JobQueue } from '../jobs/jobs.queue';
import { createDocumentNotFoundError, createExtractionInProgressError } from './documents.errors';
import { DOCUMENTS_BATCH_SIZE } from './documents.models';
import { createDocumentsRepository, type DocumentsRepository } from './documents.repository';

/** The job that extracts a document's text after upload (see the extraction module). */
export const EXTRACT_DOCUMENT_CONTENT_JOB_TYPE = 'documents.extract-content';
export type ExtractDocumentContentPayload = { organizationId: string; documentId: string };

export type ContentExtractedListener = (event: {
  trx: Transaction<Database>;
  organizationId: string;
  documentId: string;
  name: string;
  content: string;
  now: string;
}) => Promise<void>;

/**
 * A thumbnail alone, for a document whose text came from elsewhere (an import keeps the text it
 * brings): the extraction module draws it; the text and extraction state are left as they are.
 */
export const MAKE_DOCUMENT_THUMBNAIL_JOB_TYPE = 'documents.make-thumbnail';
export type MakeDocumentThumbnailPayload = { organizationId: string; documentId: string };

type DocumentJob = {
  jobQueue: Pick<JobQueue, 'enqueue'>;
  trx: Transaction<Database>;
  organizationId: string;
  documentId: string;
};

/** Queues a document's thumbnail alone in `trx`, the transaction that makes the document. */
export const queueThumbnail = ({ jobQueue, trx, organizationId, documentId }: DocumentJob) =>
  jobQueue.enqueue(
    MAKE_DOCUMENT_THUMBNAIL_JOB_TYPE,
    { organizationId, documentId } satisfies MakeDocumentThumbnailPayload,
    { trx },
  );

/** Queues the extraction of a document in `trx`, the transaction that makes it due. */
export const queueExtraction = ({ jobQueue, trx, organizationId, documentId }: DocumentJob) =>
  jobQueue.enqueue(
    EXTRACT_DOCUMENT_CONTENT_JOB_TYPE,
    { organizationId, documentId } satisfies ExtractDocumentContentPayload,
    { trx },
  );

/**
 * A document's text extraction state (`extractionStatus`: pending → processing → done | failed):
 * what the extraction job calls as it goes, the retry a user asks for, the start-up recovery of
 * extractions left without a job, and the listeners that run where the text is saved. Part of
 * createDocumentsUsecases.
 */
export function createDocumentsExtractionState({
  database,
  clock,
  jobQueue,
  activity,
  getDocument,
}: {
  database: AppDatabase;
  clock: Clock;
  jobQueue: Pick<JobQueue, 'enqueue'>;
  activity: ActivityRecorder;
  /** The document as answered (retryExtraction answers it). */
  getDocument: (query: { organizationId: string; documentId: string }) => Promise<DocumentDto>;
}) {
  const repository = createDocumentsRepository({ db: database.db });
  const now = () => toTimestamp(clock.now());
  const contentExtractedListeners: ContentExtractedListener[] = [];

  /**
   * Sets the document date read from `text`, else from the original file name (numeric dates in
   * the order of the organization owner's language, none after a year from today), or clears a
   * detected one when nothing is found; a date the user set (or cleared) stays. In the caller's
   * transaction, before the content-extracted listeners (tagging rules read the date). Answers
   * whether the date changed.
   */
  async function detectDate({
    documents,
    organizationId,
    documentId,
    current,
    text,
    updatedAt,
    statedDate,
  }: {
    documents: DocumentsRepository;
    organizationId: string;
    documentId: string;
    current: { original_name: string; document_date: string | null; document_date_source: string | null };
    text: string;
    updatedAt: string;
    statedDate?: string | null | undefined;
  }) {
    if (current.document_date_source === 'user') return false;
    const locale = await documents.findOwnerLocale({ organizationId });
    const detected =
      statedDate ??
      detectDocumentDate({
        text,
        fileName: current.original_name,
        order: numericDateOrderOf(locale),
        today: updatedAt.slice(0, 10),
      });
    if (detected === current.document_date) return false;
    await documents.update({
      organizationId,
      documentId,
      set: {
        document_date: detected,
        document_date_source: detected === null ? null : 'detected',
        updated_at: updatedAt,
      },
    });
    return true;
  }

  return {
    /**
     * Ends a document's extraction: saves the text extracted in the background (with an `updated`
     * activity entry by nobody and the content-extracted listeners, in one transaction), marks the
     * extraction `done`, and detects the document date from the text or the file name (see
     * detectDetectedDate). No text found: the status changes, the date may still come from the
     * file name, and the listeners run with an empty content.
     */
    async saveExtractedContent({
      organizationId,
      documentId,
      content,
      statedDate,
    }: {
      organizationId: string;
      documentId: string;
      content: string;
      /**
       * The date the file itself states (an e-mail's Date, `YYYY-MM-DD`): the detected date, in
       * place of one read from the text; a user's date still stays.
       */
      statedDate?: string | null | undefined;
    }) {
      await database.db.transaction().execute(async (trx) => {
        const documents = createDocumentsRepository({ db: trx });
        const updatedAt = now();
        if (content === '') {
          if (!(await documents.setExtractionStatus({ organizationId, documentId, to: 'done' }))) return;
          const current = await documents.findListRowById({ organizationId, documentId });
          if (!current) return;
          if (
            await detectDate({
              documents,
              organizationId,
              documentId,
              current,
              text: '',
              updatedAt,
              statedDate,
            })
          )
            await activity.recordActivity(trx, {
              organizationId,
              documentId,
              event: 'updated',
              eventData: { updatedFields: ['documentDate'] },
              userId: null,
              now: updatedAt,
            });
          // Rules on the name, the date, the file type or properties apply to a file without text too.
          for (const listener of contentExtractedListeners) {
            await listener({
              trx,
              organizationId,
              documentId,
              name: current.name,
              content: '',
              now: updatedAt,
            });
          }
          return;
        }
        const current = await documents.saveExtractedContent({
          organizationId,
          documentId,
          content,
          updatedAt,
        });
        if (!current) return;
        const dateChanged = await detectDate({
          documents,
          organizationId,
          documentId,
          current,
          text: content,
          updatedAt,
          statedDate,
        });
        await activity.recordActivity(trx, {
          organizationId,
          documentId,
          event: 'updated',
          eventData: { updatedFields: dateChanged ? ['content', 'documentDate'] : ['content'] },
          userId: null,
          now: updatedAt,
        });
        for (const listener of contentExtractedListeners) {
          await listener({ trx, organizationId, documentId, name: current.name, content, now: updatedAt });
        }
      });
    },

    /**
     * The extraction job starts on this document: marks it `processing` and answers what to read, in
     * one statement; undefined when it is gone or its extraction is neither queued nor running.
     */
    async startExtraction({ organizationId, documentId }: { organizationId: string; documentId: string }) {
      return repository.startExtraction({ organizationId, documentId });
    },

    /** The extraction failed for good: the document keeps its content and says why. */
    async markExtractionFailed({
      organizationId,
      documentId,
      error,
    }: {
      organizationId: string;
      documentId: string;
      error: ExtractionErrorDto;
    }) {
      await repository.setExtractionStatus({ organizationId, documentId, to: 'failed', error });
    },

    /**
     * Queues the document's extraction again (a failed one, or to re-read a done one). The status
     * moves to `pending` only from `done` or `failed`, in the transaction that queues the job, so
     * concurrent requests start one extraction and the others get 409.
     */
    async retryExtraction({ organizationId, documentId }: { organizationId: string; documentId: string }) {
      await database.db.transaction().execute(async (trx) => {
        const documents = createDocumentsRepository({ db: trx });
        const moved = await documents.setExtractionStatus({
          organizationId,
          documentId,
          to: 'pending',
          from: ['done', 'failed'],
        });
        if (!moved) {
          if (!(await documents.findListRowById({ organizationId, documentId })))
            throw createDocumentNotFoundError();
          throw createExtractionInProgressError();
        }
        await queueExtraction({ jobQueue, trx, organizationId, documentId });
      });
      return getDocument({ organizationId, documentId });
    },

    /**
     * At start: queues again the extraction of documents left `pending` or `processing` without a
     * job (a process killed between two steps, or jobs removed by hand). Documents whose job is
     * still there are left to it: its lease expires and it runs again, counted as an attempt.
     */
    async recoverUnfinishedExtractions({
      hasLiveJob,
    }: {
      hasLiveJob: (documentId: string) => Promise<boolean>;
    }) {
      let recovered = 0;
      let afterId: string | null = null;
      for (;;) {
        const batch = await repository.listUnfinishedExtractions({ afterId, limit: DOCUMENTS_BATCH_SIZE });
        for (const document of batch) {
          if (await hasLiveJob(document.id)) continue;
          await database.db.transaction().execute(async (trx) => {
            await createDocumentsRepository({ db: trx }).setExtractionStatus({
              organizationId: document.organization_id,
              documentId: document.id,
              to: 'pending',
            });
            await queueExtraction({
              jobQueue,
              trx,
              organizationId: document.organization_id,
              documentId: document.id,
            });
          });
          recovered++;
        }
        if (batch.length < DOCUMENTS_BATCH_SIZE) return recovered;
        afterId = batch[batch.length - 1]!.id;
      }
    },

    /**
     * One batch of stored contents passed through `normalize` again (text extracted before the
     * normalisation changed); answers the last id seen, or null when every document was read.
     * A changed content is saved without activity: the text is the same to a reader.
     */
    async renormalizeContents({
      afterId,
      normalize,
      batchSize = DOCUMENTS_BATCH_SIZE,
    }: {
      afterId: string | null;
      normalize: (content: string) => string;
      batchSize?: number;
    }) {
      const batch = await repository.listContents({ afterId, limit: batchSize });
      const changed = batch
        .map((document) => ({ ...document, normalized: normalize(document.content) }))
        .filter((document) => document.normalized !== document.content);
      if (changed.length > 0) {
        await database.db.transaction().execute(async (trx) => {
          const documents = createDocumentsRepository({ db: trx });
          for (const document of changed) {
            await documents.update({
              organizationId: document.organization_id,
              documentId: document.id,
              set: { content: document.normalized },
            });
          }
        });
      }
      return {
        changed: changed.length,
        lastId: batch.length < batchSize ? null : batch[batch.length - 1]!.id,
      };
    },

    /**
     * Runs `listener` inside the transaction that saves a document's extracted text, after the save
     * (tagging rules attach their tags there, so a rule and the text land together or not at all).
     */
    addContentExtractedListener(listener: ContentExtractedListener) {
      contentExtractedListeners.push(listener);
    },
  };
}
