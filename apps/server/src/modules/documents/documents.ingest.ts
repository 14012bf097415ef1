import type { Readable } from 'node:stream';
import type { DocumentActivityEventData, DocumentDto } from '@sheaf/contracts/documents';
import type { AppDatabase } from '../../db/database';
import { lockRow } from '../../db/locks';
import { isUniqueViolation } from '../../db/unique-violation';
import { type Clock, toTimestamp } from '../../shared/clock';
import { isHttpError } from '../../shared/errors';
import { generateId } from '../../shared/ids';
import type { Logger } from '../../shared/logger';
import type { ActivityRecorder } from '../activity/activity.usecases';
import type { JobQueue } from '../jobs/jobs.queue';
import type { PlansUsecases } from '../plans/plans.usecases';
import type { StorageDriver } from '../storage/storage.types';
import { createDocumentAlreadyExistsError, createStorageLimitReachedError } from './documents.errors';
import { queueExtraction, queueThumbnail } from './documents.extraction-state';
import {
  type DocumentListRow,
  type DocumentRow,
  sanitizeFileName,
  storageKeyOf,
  toDocumentDto,
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

/**
 * What a document brought from another archive keeps (a Paperless-ngx import): its name, its text
 * (stored as is: no extraction is queued, the extraction is `done`), its document date (the
 * user's) and when it was first added there.
 */
export type ImportedDocumentFields = {
  name: string;
  content: string;
  documentDate: string | null;
  createdAt: string;
};

/**
 * Documents coming in, whatever brings the file (an upload, an intake e-mail's attachment): the
 * plan's limits, the storage reservation, dedup by content (409, or the trashed twin restored), the
 * row with its `created` activity and extraction job, and the file removed again when it is not
 * kept. Part of createDocumentsUsecases.
 */
export function createDocumentsIngest({
  database,
  clock,
  storage,
  plans,
  jobQueue,
  logger,
  activity,
  restoreFromTrash,
}: {
  database: AppDatabase;
  clock: Clock;
  storage: StorageDriver;
  plans: PlansUsecases;
  jobQueue: Pick<JobQueue, 'enqueue'>;
  logger: Logger;
  activity: ActivityRecorder;
  /** Takes the trashed twin of a re-upload out of the trash (with its activity); answers it. */
  restoreFromTrash: (query: {
    organizationId: string;
    documentId: string;
    userId: string | null;
  }) => Promise<DocumentDto>;
}) {
  const repository = createDocumentsRepository({ db: database.db });
  const now = () => toTimestamp(clock.now());
  const uploadReservations = createUploadReservations();

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
      document: await restoreFromTrash({ organizationId: twin.organization_id, documentId: twin.id, userId }),
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
    imported,
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
    imported?: ImportedDocumentFields | undefined;
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
        const importedName = imported ? sanitizeFileName(imported.name) : name;
        const createdAt = now();
        inserted = {
          id: documentId,
          organization_id: organizationId,
          name: importedName,
          original_name: name,
          original_size: file.size,
          original_sha256: file.sha256,
          mime_type: file.mimeType,
          storage_key: key,
          thumbnail_etag: null,
          preview_kind: null,
          preview_etag: null,
          extraction_notice_code: null,
          extraction_notice_message: null,
          content: imported?.content ?? '',
          created_by: userId,
          created_at: imported?.createdAt ?? createdAt,
          updated_at: null,
          is_deleted: 0,
          deleted_at: null,
          deleted_by: null,
          scheduled_purge_at: null,
          extraction_status: imported ? 'done' : 'pending',
          extraction_error_code: null,
          extraction_error_message: null,
          document_date: imported?.documentDate ?? null,
          document_date_source: imported?.documentDate ? 'user' : null,
        };
        await documents.insert(inserted);
        await activity.recordActivity(trx, {
          organizationId,
          documentId,
          event: 'created',
          userId,
          ...(eventData ? { eventData } : {}),
          now: createdAt,
        });
        // An imported document keeps its text: only its thumbnail is made.
        if (imported) await queueThumbnail({ jobQueue, trx, organizationId, documentId });
        else await queueExtraction({ jobQueue, trx, organizationId, documentId });
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
    imported,
  }: {
    organizationId: string;
    userId: string | null;
    receive: ReceiveFile;
    eventData: DocumentActivityEventData | undefined;
    documentId?: string;
    imported?: ImportedDocumentFields;
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
        imported,
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

    /**
     * createDocumentFromFile for a document brought from another archive (a Paperless-ngx import):
     * the same limits, dedup by content and `created` activity, but its name, text, document date
     * and upload date are the ones given, and no extraction is queued (the text is kept as is; a
     * re-extraction can be asked for later).
     */
    async importDocumentFromFile({
      organizationId,
      userId,
      file,
      imported,
    }: {
      organizationId: string;
      userId: string | null;
      file: FileToStore;
      imported: ImportedDocumentFields;
    }): Promise<{ document: DocumentDto; created: boolean }> {
      return upload({
        organizationId,
        userId,
        receive: (target) => receiveFile({ file, ...target }),
        eventData: undefined,
        imported,
      });
    },
  };
}
