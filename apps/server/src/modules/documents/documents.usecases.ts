import type { Readable } from 'node:stream';
import type {
  DocumentActivityEventData,
  DocumentDto,
  DocumentListItemDto,
  ExtractionErrorDto,
} from '@sheaf/contracts/documents';
import type { Transaction } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/database.types';
import { lockRow } from '../../db/locks';
import { addMilliseconds, type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { isHttpError } from '../../shared/errors';
import { generateId } from '../../shared/ids';
import type { Logger } from '../../shared/logger';
import { type ActivityRecordedHook, createActivityRepository } from '../activity/activity.repository';
import type { JobQueue } from '../jobs/jobs.queue';
import type { PlansUsecases } from '../plans/plans.usecases';
import type { ByteRange, StorageDriver } from '../storage/storage.types';
import {
  createDocumentAlreadyExistsError,
  createDocumentNotFoundError,
  createExtractionInProgressError,
  createRangeNotSatisfiableError,
  createStorageLimitReachedError,
} from './documents.errors';
import {
  DAY_MS,
  type DocumentListRow,
  type DocumentRow,
  parseRangeHeader,
  sanitizeFileName,
  storageKeyOf,
  toDocumentDto,
  toDocumentListItemDto,
} from './documents.models';
import { createUploadReservations } from './documents.quota';
import { createDocumentsRepository } from './documents.repository';
import { type FileToStore, type ReceivedFile, receiveFile, receiveUpload } from './documents.upload';

/** Brings the file of an upload into storage under `key`, within the limits (see receiveUpload, receiveFile). */
type ReceiveFile = (target: {
  storage: StorageDriver;
  key: string;
  maxFileSize: number | null;
  reserveStorage: ((bytes: number) => boolean) | null;
}) => Promise<ReceivedFile>;

/** The job that extracts a document's text after upload (see the extraction module). */
export const EXTRACT_DOCUMENT_CONTENT_JOB_TYPE = 'documents.extract-content';
export type ExtractDocumentContentPayload = { organizationId: string; documentId: string };

const BATCH_SIZE = 100;
/** Documents deleted per statement when an organization is purged. */
export const ORGANIZATION_PURGE_BATCH_SIZE = 500;

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
};

export type ContentExtractedListener = (event: {
  trx: Transaction<Database>;
  organizationId: string;
  documentId: string;
  name: string;
  content: string;
  now: string;
}) => Promise<void>;

export function createDocumentsUsecases({
  database,
  clock = systemClock,
  storage,
  plans,
  jobQueue,
  deletedRetentionDays = 30,
  logger,
  onActivityRecorded,
}: {
  database: AppDatabase;
  clock?: Clock;
  storage: StorageDriver;
  plans: PlansUsecases;
  jobQueue: Pick<JobQueue, 'enqueue'>;
  deletedRetentionDays?: number;
  logger: Logger;
  /** Runs in the transaction of each activity entry (the webhook outbox). */
  onActivityRecorded: ActivityRecordedHook;
}) {
  const repository = createDocumentsRepository({ db: database.db });
  const activities = createActivityRepository({ db: database.db });
  const now = () => toTimestamp(clock.now());
  const contentExtractedListeners: ContentExtractedListener[] = [];
  const uploadReservations = createUploadReservations();

  const withTags = async (rows: DocumentListRow[]): Promise<DocumentListItemDto[]> => {
    const tags = await repository.getTagsByDocumentIds({ documentIds: rows.map((row) => row.id) });
    return rows.map((row) => toDocumentListItemDto(row, tags.get(row.id) ?? []));
  };

  async function getDocument({
    organizationId,
    documentId,
  }: {
    organizationId: string;
    documentId: string;
  }): Promise<DocumentDto> {
    const row = await repository.findById({ organizationId, documentId });
    if (!row) throw createDocumentNotFoundError();
    const tags = await repository.getTagsByDocumentIds({ documentIds: [row.id] });
    return toDocumentDto(row, tags.get(row.id) ?? []);
  }

  /** Restores a trashed twin found on re-upload, with its activity entry; answers the document. */
  async function restoreTwin({
    organizationId,
    documentId,
    userId,
  }: {
    organizationId: string;
    documentId: string;
    userId: string | null;
  }) {
    await database.db.transaction().execute(async (trx) => {
      if (await createDocumentsRepository({ db: trx }).restore({ organizationId, documentId })) {
        await createActivityRepository({ db: trx, onRecorded: onActivityRecorded }).record({
          organizationId,
          documentId,
          event: 'restored',
          userId,
          now: now(),
        });
      }
    });
    return getDocument({ organizationId, documentId });
  }

  /** What to do when the same content is already in the organization: 409, or restore it from the trash. */
  async function resolveTwin({
    twin,
    userId,
  }: {
    twin: DocumentListRow;
    userId: string | null;
  }): Promise<{ document: DocumentDto; created: false }> {
    if (!twin.is_deleted) throw createDocumentAlreadyExistsError();
    return {
      document: await restoreTwin({ organizationId: twin.organization_id, documentId: twin.id, userId }),
      created: false,
    };
  }

  /** The upload once its limits are known: stream to storage, then record it (or drop the file). */
  async function storeUpload({
    organizationId,
    userId,
    receive,
    eventData,
    documentId,
    key,
    maxFileSize,
    storageLimit,
    reserveStorage,
  }: {
    organizationId: string;
    userId: string | null;
    receive: ReceiveFile;
    eventData: DocumentActivityEventData | undefined;
    documentId: string;
    key: string;
    maxFileSize: number | null;
    storageLimit: number | null;
    reserveStorage: ((bytes: number) => boolean) | null;
  }): Promise<{ document: DocumentDto; created: boolean }> {
    const file = await receive({ storage, key, maxFileSize, reserveStorage });

    const removeStoredFile = () =>
      storage.delete(key).catch((error: unknown) => {
        logger.error({ err: error, key }, 'Could not remove an uploaded file that was not kept');
      });

    let twin: DocumentListRow | undefined;
    // The row as inserted: answered as is (a new document has no tags yet), no need to read it back.
    let inserted: DocumentRow | undefined;
    try {
      twin = await database.db.transaction().execute(async (trx) => {
        const documents = createDocumentsRepository({ db: trx });
        if (storageLimit !== null) {
          await lockRow(trx, 'organizations', organizationId);
        }
        const existing = await documents.findBySha256({ organizationId, sha256: file.sha256 });
        if (existing) return existing;
        if (storageLimit !== null) {
          // The trash counts: its files are stored until purged (accounts spec, plan storage).
          const { activeSize, deletedSize } = await documents.getStorageStats({ organizationId });
          if (activeSize + deletedSize + file.size > storageLimit) throw createStorageLimitReachedError();
        }
        const name = sanitizeFileName(file.originalName);
        const createdAt = now();
        inserted = {
          id: documentId,
          organization_id: organizationId,
          name,
          original_name: name,
          original_size: file.size,
          original_sha256: file.sha256,
          mime_type: file.mimeType,
          storage_key: key,
          content: '',
          created_by: userId,
          created_at: createdAt,
          updated_at: null,
          is_deleted: 0,
          deleted_at: null,
          deleted_by: null,
          scheduled_purge_at: null,
          extraction_status: 'pending',
          extraction_error_code: null,
          extraction_error_message: null,
        };
        await documents.insert(inserted);
        await createActivityRepository({ db: trx, onRecorded: onActivityRecorded }).record({
          organizationId,
          documentId,
          event: 'created',
          userId,
          ...(eventData ? { eventData } : {}),
          now: createdAt,
        });
        await jobQueue.enqueue(
          EXTRACT_DOCUMENT_CONTENT_JOB_TYPE,
          { organizationId, documentId } satisfies ExtractDocumentContentPayload,
          { trx },
        );
        return undefined;
      });
    } catch (error) {
      await removeStoredFile();
      if (!isUniqueViolation(error)) throw error;
      // Another upload of the same content committed first.
      const winner = await repository.findBySha256({ organizationId, sha256: file.sha256 });
      if (!winner) throw error;
      return resolveTwin({ twin: winner, userId });
    }
    if (twin) {
      await removeStoredFile();
      return resolveTwin({ twin, userId });
    }
    if (!inserted) throw new Error('The upload transaction ended without a document');
    return { document: toDocumentDto(inserted, []), created: true };
  }

  /**
   * An upload, whatever brings the file (see uploadDocument): the plan's limits, the storage
   * reservation, then storeUpload.
   */
  async function upload({
    organizationId,
    userId,
    receive,
    eventData,
    documentId = generateId('doc'),
  }: {
    organizationId: string;
    userId: string | null;
    receive: ReceiveFile;
    eventData: DocumentActivityEventData | undefined;
    documentId?: string;
  }): Promise<{ document: DocumentDto; created: boolean }> {
    const plan = await plans.getOrganizationPlan({ organizationId });
    const storageLimit = plan.limits.maxDocumentStorageBytes;
    const reservation = uploadReservations.open(organizationId);
    let reserveStorage: ((bytes: number) => boolean) | null = null;
    if (storageLimit !== null) {
      const { activeSize, deletedSize } = await repository.getStorageStats({ organizationId });
      const storedSize = activeSize + deletedSize;
      if (storedSize + uploadReservations.reservedBy(organizationId) >= storageLimit) {
        throw createStorageLimitReachedError();
      }
      reserveStorage = (bytes) => {
        reservation.add(bytes);
        return storedSize + uploadReservations.reservedBy(organizationId) <= storageLimit;
      };
    }

    const key = storageKeyOf({ organizationId, documentId });
    try {
      return await storeUpload({
        organizationId,
        userId,
        receive,
        eventData,
        documentId,
        key,
        maxFileSize: plan.limits.maxFileSize,
        storageLimit,
        reserveStorage,
      });
    } catch (error) {
      if (isHttpError(error) && error.code === 'storage.insufficient_space') {
        logger.error({ organizationId }, 'Document storage is full: an upload was refused');
      }
      throw error;
    } finally {
      // After the commit: the stored total counts these bytes from now on.
      reservation.release();
    }
  }

  return {
    /**
     * Streams an uploaded file into storage, then records the document, its `created` activity and
     * its extraction job in one transaction. The file is removed again when anything fails, when
     * the content is already in the organization (409), or when its twin is in the trash (the twin
     * is restored and answered instead, `created: false`).
     *
     * The storage limit holds under concurrent uploads: bytes in flight are reserved while they
     * stream (an early refusal), and the stored total is summed again in the inserting
     * transaction under the organization's lock (the refusal that holds across processes).
     */
    async uploadDocument({
      organizationId,
      userId,
      request,
      body,
    }: {
      organizationId: string;
      userId: string;
      request: Request;
      /** The body as the server's Node stream, when there is one (see receiveUpload). */
      body?: Readable;
    }): Promise<{ document: DocumentDto; created: boolean }> {
      return upload({
        organizationId,
        userId,
        receive: (target) => receiveUpload({ request, ...(body ? { body } : {}), ...target }),
        eventData: undefined,
      });
    },

    /**
     * uploadDocument for a file already at hand (an intake e-mail's attachment): the same limits,
     * dedup by content, `created` activity (with `eventData`, e.g. the sender), extraction job and
     * webhooks. `userId` is null when no user added it.
     */
    async createDocumentFromFile({
      organizationId,
      userId,
      file,
      eventData,
      documentId,
    }: {
      organizationId: string;
      userId: string | null;
      file: FileToStore;
      eventData?: DocumentActivityEventData;
      /** The new document's id when the caller chose it (see deriveId); a random one otherwise. */
      documentId?: string;
    }): Promise<{ document: DocumentDto; created: boolean }> {
      return upload({
        organizationId,
        userId,
        receive: (target) => receiveFile({ file, ...target }),
        eventData,
        ...(documentId ? { documentId } : {}),
      });
    },

    async listDocuments({
      organizationId,
      pageIndex,
      pageSize,
      tagIds,
    }: {
      organizationId: string;
      pageIndex: number;
      pageSize: number;
      tagIds: string[];
    }) {
      const { rows, count } = await repository.list({
        organizationId,
        isDeleted: false,
        tagIds,
        pageIndex,
        pageSize,
      });
      return { documents: await withTags(rows), documentsCount: count };
    },

    async listDeletedDocuments({
      organizationId,
      pageIndex,
      pageSize,
    }: {
      organizationId: string;
      pageIndex: number;
      pageSize: number;
    }) {
      const { rows, count } = await repository.list({ organizationId, isDeleted: true, pageIndex, pageSize });
      return { documents: await withTags(rows), documentsCount: count };
    },

    async getStatistics({ organizationId }: { organizationId: string }) {
      const { activeCount, activeSize } = await repository.getStorageStats({ organizationId });
      return { documentsCount: activeCount, documentsSize: activeSize };
    },

    getDocument,

    /** The stored file (or the asked byte range of it), with what the HTTP answer needs. */
    async openDocumentFile({
      organizationId,
      documentId,
      rangeHeader,
    }: {
      organizationId: string;
      documentId: string;
      rangeHeader: string | undefined;
    }): Promise<{ document: DocumentListRow; size: number; range: ByteRange | undefined; stream: Readable }> {
      const document = await repository.findListRowById({ organizationId, documentId });
      if (!document) throw createDocumentNotFoundError();
      const size = Number(document.original_size);
      const range = parseRangeHeader(rangeHeader, size);
      if (range === 'unsatisfiable') throw createRangeNotSatisfiableError();
      const stream = await storage.read(document.storage_key, range);
      return { document, size, range, stream };
    },

    /** Renames and/or replaces the content; an `updated` activity lists the fields that changed. */
    async updateDocument({
      organizationId,
      documentId,
      userId,
      name,
      content,
    }: {
      organizationId: string;
      documentId: string;
      userId: string | null;
      name?: string | undefined;
      content?: string | undefined;
    }) {
      await database.db.transaction().execute(async (trx) => {
        const documents = createDocumentsRepository({ db: trx });
        const current = await documents.findById({ organizationId, documentId });
        if (!current) throw createDocumentNotFoundError();
        const updatedFields: string[] = [];
        if (name !== undefined && name !== current.name) updatedFields.push('name');
        if (content !== undefined && content !== current.content) updatedFields.push('content');
        if (updatedFields.length === 0) return;
        const updatedAt = now();
        await documents.update({
          organizationId,
          documentId,
          set: {
            ...(updatedFields.includes('name') ? { name } : {}),
            ...(updatedFields.includes('content') ? { content } : {}),
            updated_at: updatedAt,
          },
        });
        await createActivityRepository({ db: trx, onRecorded: onActivityRecorded }).record({
          organizationId,
          documentId,
          event: 'updated',
          eventData: { updatedFields },
          userId,
          now: updatedAt,
        });
      });
      return getDocument({ organizationId, documentId });
    },

    /** Moves a document to the trash, purged after the retention days. Deleting it again changes nothing. */
    async deleteDocument({
      organizationId,
      documentId,
      userId,
    }: {
      organizationId: string;
      documentId: string;
      userId: string;
    }) {
      await database.db.transaction().execute(async (trx) => {
        const documents = createDocumentsRepository({ db: trx });
        const current = await documents.findListRowById({ organizationId, documentId });
        if (!current) throw createDocumentNotFoundError();
        const deletedAt = clock.now();
        const deleted = await documents.softDelete({
          organizationId,
          documentId,
          deletedBy: userId,
          now: toTimestamp(deletedAt),
          scheduledPurgeAt: toTimestamp(addMilliseconds(deletedAt, deletedRetentionDays * DAY_MS)),
        });
        if (deleted) {
          await createActivityRepository({ db: trx, onRecorded: onActivityRecorded }).record({
            organizationId,
            documentId,
            event: 'deleted',
            userId,
            now: toTimestamp(deletedAt),
          });
        }
      });
    },

    /** Takes a document out of the trash. Restoring an active document changes nothing. */
    async restoreDocument({
      organizationId,
      documentId,
      userId,
    }: {
      organizationId: string;
      documentId: string;
      userId: string;
    }) {
      const current = await repository.findListRowById({ organizationId, documentId });
      if (!current) throw createDocumentNotFoundError();
      return restoreTwin({ organizationId, documentId, userId });
    },

    /** Permanently deletes one document of the trash: its row, tags, activity and file. */
    async deleteTrashedDocument({
      organizationId,
      documentId,
    }: {
      organizationId: string;
      documentId: string;
    }) {
      const current = await repository.findListRowById({ organizationId, documentId });
      if (!current?.is_deleted) throw createDocumentNotFoundError();
      if (await repository.deleteTrashed({ organizationId, documentId })) {
        await storage.delete(current.storage_key);
      }
    },

    /** Permanently deletes every document in the organization's trash; returns how many. */
    async emptyTrash({ organizationId }: { organizationId: string }) {
      let deleted = 0;
      for (;;) {
        const batch = await repository.listTrashed({ organizationId, limit: BATCH_SIZE });
        for (const document of batch) {
          if (await repository.deleteTrashed({ organizationId, documentId: document.id })) {
            await storage.delete(document.storage_key);
            deleted++;
          }
        }
        if (batch.length < BATCH_SIZE) return deleted;
      }
    },

    async listActivities({
      organizationId,
      documentId,
      pageIndex,
      pageSize,
    }: {
      organizationId: string;
      documentId: string;
      pageIndex: number;
      pageSize: number;
    }) {
      const document = await repository.findListRowById({ organizationId, documentId });
      if (!document) throw createDocumentNotFoundError();
      return activities.list({ organizationId, documentId, pageIndex, pageSize });
    },

    /** Permanently deletes trashed documents whose retention has passed, files first removed from rows. */
    async purgeDueDocuments({ logger: jobLogger }: { logger: Logger }) {
      let purged = 0;
      for (;;) {
        const batch = await repository.listDueForPurge({ now: now(), limit: BATCH_SIZE });
        let purgedInBatch = 0;
        for (const document of batch) {
          if (
            await repository.deleteTrashed({
              organizationId: document.organization_id,
              documentId: document.id,
            })
          ) {
            await storage.delete(document.storage_key);
            purgedInBatch++;
          }
        }
        purged += purgedInBatch;
        if (batch.length < BATCH_SIZE || purgedInBatch === 0) break;
      }
      if (purged > 0) jobLogger.info({ purged }, 'Trashed documents purged');
      return purged;
    },

    /** Removes every stored file of an organization (its purge step). */
    async deleteOrganizationFiles({ organizationId }: { organizationId: string }) {
      await storage.deletePrefix(organizationId);
    },

    /**
     * Deletes an organization's document rows (its purge step) a batch per statement, yielding to the
     * event loop between batches: on SQLite one cascade over 100,000 documents would hold the write
     * lock, and this process's event loop, for seconds, and keep other processes waiting past the busy
     * timeout.
     */
    async deleteOrganizationDocuments({
      organizationId,
      batchSize = ORGANIZATION_PURGE_BATCH_SIZE,
    }: {
      organizationId: string;
      batchSize?: number;
    }) {
      let deleted = 0;
      for (;;) {
        const deletedInBatch = await repository.deleteSomeOfOrganization({
          organizationId,
          limit: batchSize,
        });
        deleted += deletedInBatch;
        if (deletedInBatch < batchSize) return deleted;
        await new Promise((resolve) => setImmediate(resolve));
      }
    },

    /**
     * Ends a document's extraction: saves the text extracted in the background (with an `updated`
     * activity entry by nobody and the content-extracted listeners, in one transaction) and marks
     * the extraction `done`. No text found: only the status changes.
     */
    async saveExtractedContent({
      organizationId,
      documentId,
      content,
    }: {
      organizationId: string;
      documentId: string;
      content: string;
    }) {
      if (content === '') {
        await repository.setExtractionStatus({ organizationId, documentId, to: 'done' });
        return;
      }
      await database.db.transaction().execute(async (trx) => {
        const documents = createDocumentsRepository({ db: trx });
        const updatedAt = now();
        const current = await documents.saveExtractedContent({
          organizationId,
          documentId,
          content,
          updatedAt,
        });
        if (!current) return;
        await createActivityRepository({ db: trx, onRecorded: onActivityRecorded }).record({
          organizationId,
          documentId,
          event: 'updated',
          eventData: { updatedFields: ['content'] },
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
        await jobQueue.enqueue(
          EXTRACT_DOCUMENT_CONTENT_JOB_TYPE,
          { organizationId, documentId } satisfies ExtractDocumentContentPayload,
          { trx },
        );
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
        const batch = await repository.listUnfinishedExtractions({ afterId, limit: BATCH_SIZE });
        for (const document of batch) {
          if (await hasLiveJob(document.id)) continue;
          await database.db.transaction().execute(async (trx) => {
            await createDocumentsRepository({ db: trx }).setExtractionStatus({
              organizationId: document.organization_id,
              documentId: document.id,
              to: 'pending',
            });
            await jobQueue.enqueue(
              EXTRACT_DOCUMENT_CONTENT_JOB_TYPE,
              {
                organizationId: document.organization_id,
                documentId: document.id,
              } satisfies ExtractDocumentContentPayload,
              { trx },
            );
          });
          recovered++;
        }
        if (batch.length < BATCH_SIZE) return recovered;
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
      batchSize = BATCH_SIZE,
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

    /** Where the extraction job reads the file from. */
    storage,
  };
}

export type DocumentsUsecases = ReturnType<typeof createDocumentsUsecases>;
