import { Readable } from 'node:stream';
import type { DocumentFilters, DocumentSort, SortOrder } from '@sheaf/contracts/document-filters';
import type { DocumentDto, DocumentPreviewKind, ExtractionNoticeDto } from '@sheaf/contracts/documents';
import type { AppDatabase } from '../../db/database';
import { addMilliseconds, type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { createApiError } from '../../shared/errors';
import type { Logger } from '../../shared/logger';
import type { ActivityPort } from '../activity/activity.usecases';
import type { JobQueue } from '../jobs/jobs.queue';
import type { PlansUsecases } from '../plans/plans.usecases';
import {
  type ByteRange,
  derivedKeyOf,
  type StorageDriver,
  StorageFileNotFoundError,
} from '../storage/storage.types';
import { createDocumentsBulk } from './documents.bulk';
import {
  createDocumentsDerivedFiles,
  deleteDocumentFiles,
  matchesEtag,
  thumbnailEtagOf,
} from './documents.derived-files';
import { createDocumentNotFoundError, createRangeNotSatisfiableError } from './documents.errors';
import { createDocumentsExtractionState } from './documents.extraction-state';
import { resolveDocumentQuery } from './documents.filters';
import { createDocumentsIngest } from './documents.ingest';
import {
  DAY_MS,
  DOCUMENTS_BATCH_SIZE,
  type DocumentListRow,
  parseRangeHeader,
  toDocumentDto,
} from './documents.models';
import { readListItems } from './documents.port';
import { createDocumentsRepository } from './documents.repository';
import { createDocumentsRetention } from './documents.retention';

/**
 * The documents module's use cases, one object for routes, jobs and intake. Reading, editing and
 * the trash are here; the rest is in a file per concern, made here with the same dependencies:
 * documents.ingest (uploads: limits, dedup), documents.retention (purges) and
 * documents.extraction-state (the text extraction's status, retry and recovery).
 */
export function createDocumentsUsecases({
  database,
  clock = systemClock,
  storage,
  plans,
  jobQueue,
  deletedRetentionDays = 30,
  logger,
  activity,
  onDocumentsChanged,
}: {
  database: AppDatabase;
  clock?: Clock;
  storage: StorageDriver;
  plans: PlansUsecases;
  jobQueue: Pick<JobQueue, 'enqueue'>;
  deletedRetentionDays?: number;
  logger: Logger;
  /** The activity log: each change's entry is recorded in its transaction (with its webhook events). */
  activity: ActivityPort;
  /**
   * Told after a committed change that has no activity entry (an extraction's status), for the
   * live documents list; changes with an entry reach it through the activity log's hook.
   */
  onDocumentsChanged?: (change: { organizationId: string; kind: 'updated' }) => Promise<void>;
}) {
  const repository = createDocumentsRepository({ db: database.db });
  const now = () => toTimestamp(clock.now());

  const toListItems = (rows: DocumentListRow[]) => readListItems(repository, rows);

  async function getDocument({
    organizationId,
    documentId,
  }: {
    organizationId: string;
    documentId: string;
  }): Promise<DocumentDto> {
    // All at once: the document page waits for the slowest one, not their sum (PostgreSQL).
    const documentIds = [documentId];
    const [row, tags, properties, notesCounts, emailLinks] = await Promise.all([
      repository.findById({ organizationId, documentId }),
      repository.getTagsByDocumentIds({ documentIds }),
      repository.getPropertiesByDocumentIds({ documentIds }),
      repository.getNotesCountByDocumentIds({ documentIds }),
      repository.getEmailLinks({ organizationId, documentId }),
    ]);
    if (!row) throw createDocumentNotFoundError();
    return toDocumentDto(
      row,
      tags.get(documentId) ?? [],
      {
        properties: properties.get(documentId) ?? [],
        notesCount: notesCounts.get(documentId) ?? 0,
      },
      emailLinks,
    );
  }

  /**
   * Takes a document out of the trash with its `restored` activity entry (nothing when it is not
   * in the trash); answers the document. A restore asked for, or the trashed twin of a re-upload.
   */
  async function restoreFromTrash({
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
        await activity.recordActivity(trx, {
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

  const ingest = createDocumentsIngest({
    database,
    clock,
    storage,
    plans,
    jobQueue,
    logger,
    activity,
    restoreFromTrash,
  });
  const retention = createDocumentsRetention({ database, clock, storage });
  // Bulk actions: each document's change in the bulk task's transaction (documents.bulk).
  const bulk = createDocumentsBulk({ database, jobQueue, activity, storage, deletedRetentionDays });
  const extractionState = createDocumentsExtractionState({
    database,
    clock,
    jobQueue,
    activity,
    getDocument,
  });
  /** Runs an extraction state change, then tells the live lists (never failing the change for it). */
  const thenNotify =
    <Args extends [{ organizationId: string }], Result>(change: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      const result = await change(...args);
      await onDocumentsChanged?.({ organizationId: args[0].organizationId, kind: 'updated' }).catch((error) =>
        logger.warn({ err: error }, 'Could not tell the live documents lists of a change'),
      );
      return result;
    };

  return {
    ...ingest,

    /**
     * A page of the active documents, filtered and sorted (contracts' document-filters); the count
     * is the filtered list's. 400 for a property condition or sort that does not fit its property.
     */
    async listDocuments({
      organizationId,
      pageIndex,
      pageSize,
      filters,
      sort,
      order,
    }: {
      organizationId: string;
      pageIndex: number;
      pageSize: number;
      filters: DocumentFilters;
      sort?: DocumentSort | undefined;
      order?: SortOrder | undefined;
    }) {
      const query = await resolveDocumentQuery({
        db: database.db,
        dialect: database.dialect,
        organizationId,
        filters,
        sort,
        order,
      });
      const { rows, count } = await repository.list({
        organizationId,
        isDeleted: false,
        query,
        pageIndex,
        pageSize,
      });
      return { documents: await toListItems(rows), documentsCount: count };
    },

    /**
     * Checks filters and a sort as listDocuments would (400 api.validation_error for a property
     * condition or sort that does not fit its property), for what stores them to list later.
     */
    async checkDocumentQuery({
      organizationId,
      filters,
      sort,
      order,
    }: {
      organizationId: string;
      filters: DocumentFilters;
      sort?: DocumentSort | undefined;
      order?: SortOrder | undefined;
    }): Promise<void> {
      await resolveDocumentQuery({
        db: database.db,
        dialect: database.dialect,
        organizationId,
        filters,
        sort,
        order,
      });
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
      return { documents: await toListItems(rows), documentsCount: count };
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

    /**
     * Renames, replaces the content and/or sets the document date; an `updated` activity lists the
     * fields that changed. A date given here (null too: "this document has none") is the user's:
     * extraction never replaces it. Confirming a detected date as it is makes it the user's, and
     * counts as a change of `documentDate` (the answer's `documentDateIsDetected` changes).
     */
    async updateDocument({
      organizationId,
      documentId,
      userId,
      name,
      content,
      documentDate,
    }: {
      organizationId: string;
      documentId: string;
      userId: string | null;
      name?: string | undefined;
      content?: string | undefined;
      documentDate?: string | null | undefined;
    }) {
      await database.db.transaction().execute(async (trx) => {
        const documents = createDocumentsRepository({ db: trx });
        const current = await documents.findById({ organizationId, documentId });
        if (!current) throw createDocumentNotFoundError();
        const updatedFields: string[] = [];
        if (name !== undefined && name !== current.name) updatedFields.push('name');
        if (content !== undefined && content !== current.content) updatedFields.push('content');
        if (
          documentDate !== undefined &&
          (documentDate !== current.document_date ||
            (documentDate !== null && current.document_date_source !== 'user'))
        )
          updatedFields.push('documentDate');
        if (updatedFields.length === 0) {
          // Clearing a date there was none of: nothing to see, but the user said there is none,
          // and extraction will not detect one any more.
          if (documentDate === null && current.document_date_source !== 'user')
            await documents.update({ organizationId, documentId, set: { document_date_source: 'user' } });
          return;
        }
        const updatedAt = now();
        await documents.update({
          organizationId,
          documentId,
          set: {
            ...(updatedFields.includes('name') ? { name } : {}),
            ...(updatedFields.includes('content') ? { content } : {}),
            ...(updatedFields.includes('documentDate')
              ? { document_date: documentDate ?? null, document_date_source: 'user' as const }
              : {}),
            updated_at: updatedAt,
          },
        });
        await activity.recordActivity(trx, {
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
          await activity.recordActivity(trx, {
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
      return restoreFromTrash({ organizationId, documentId, userId });
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
        await deleteDocumentFiles(storage, current.storage_key);
      }
    },

    /** Permanently deletes every document in the organization's trash; returns how many. */
    async emptyTrash({ organizationId }: { organizationId: string }) {
      let deleted = 0;
      for (;;) {
        const batch = await repository.listTrashed({ organizationId, limit: DOCUMENTS_BATCH_SIZE });
        for (const document of batch) {
          if (await repository.deleteTrashed({ organizationId, documentId: document.id })) {
            await deleteDocumentFiles(storage, document.storage_key);
            deleted++;
          }
        }
        if (batch.length < DOCUMENTS_BATCH_SIZE) return deleted;
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
      return activity.listDocumentActivities({ organizationId, documentId, pageIndex, pageSize });
    },

    ...retention,

    ...createDocumentsDerivedFiles({
      database,
      storage,
      retryExtraction: thenNotify(extractionState.retryExtraction),
    }),

    ...extractionState,
    saveExtractedContent: thenNotify(extractionState.saveExtractedContent),
    startExtraction: thenNotify(extractionState.startExtraction),
    markExtractionFailed: thenNotify(extractionState.markExtractionFailed),
    retryExtraction: thenNotify(extractionState.retryExtraction),

    ...bulk,

    /**
     * E-mail files (the extraction's extraction.email-attachments): the attachments of a message
     * already linked to their documents, by position.
     */
    async listEmailAttachmentLinks(query: { organizationId: string; messageDocumentId: string }) {
      return repository.listEmailAttachmentLinks(query);
    },

    /** Links an e-mail file's attachment to the document it became (or already was); idempotent. */
    async linkEmailAttachment({
      organizationId,
      messageDocumentId,
      position,
      attachmentDocumentId,
      name,
    }: {
      organizationId: string;
      messageDocumentId: string;
      position: number;
      attachmentDocumentId: string;
      name: string;
    }) {
      await repository.upsertEmailAttachmentLink({
        organization_id: organizationId,
        message_document_id: messageDocumentId,
        position,
        attachment_document_id: attachmentDocumentId,
        name,
        created_at: now(),
      });
    },

    /** The organization's document with this content (SHA-256, hex), trashed or not; undefined when none. */
    async findDocumentIdByContent({ organizationId, sha256 }: { organizationId: string; sha256: string }) {
      return (await repository.findBySha256({ organizationId, sha256 }))?.id;
    },

    /**
     * Stores what an extraction made besides the text (extraction.office), replacing what an earlier
     * pass stored: the preview beside the original (the file first, then its kind and version on the
     * row; without one, the row is cleared first, then any earlier file removed) and the notice of
     * a capped text, or none. Running it twice stores the same file under the same key.
     */
    async saveExtractionExtras({
      organizationId,
      documentId,
      preview,
      notice,
    }: {
      organizationId: string;
      documentId: string;
      preview: { kind: DocumentPreviewKind; data: Uint8Array } | undefined;
      notice: ExtractionNoticeDto | null;
    }) {
      const document = await repository.findListRowById({ organizationId, documentId });
      if (!document) return;
      const key = derivedKeyOf(document.storage_key, 'preview');
      const notes = {
        extraction_notice_code: notice?.code ?? null,
        extraction_notice_message: notice?.message ?? null,
      };
      if (!preview) {
        await repository.setExtractionExtras({
          organizationId,
          documentId,
          set: { preview_kind: null, preview_etag: null, ...notes },
        });
        await storage.delete(key);
        return;
      }
      const { data } = preview;
      // Made again by a re-extraction: not fsynced (as a thumbnail).
      await storage.save(key, Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]), {
        durable: false,
      });
      await repository.setExtractionExtras({
        organizationId,
        documentId,
        set: { preview_kind: preview.kind, preview_etag: thumbnailEtagOf(data), ...notes },
      });
    },

    /**
     * A document's preview for GET …/preview: `notModified` when `ifNoneMatch` names its version,
     * else its kind and stream. 404 `documents.not_found` without the document (trashed ones answer,
     * as their file does), `documents.preview_not_found` without a preview.
     */
    async openDocumentPreview({
      organizationId,
      documentId,
      ifNoneMatch,
    }: {
      organizationId: string;
      documentId: string;
      ifNoneMatch: string | undefined;
    }): Promise<
      | { kind: DocumentPreviewKind; etag: string; notModified: true }
      | { kind: DocumentPreviewKind; etag: string; notModified: false; stream: Readable }
    > {
      const document = await repository.findListRowById({ organizationId, documentId });
      if (!document) throw createDocumentNotFoundError();
      const { preview_kind: kind, preview_etag: etag } = document;
      if (!kind || !etag) throw createApiError('documents.preview_not_found');
      if (matchesEtag(ifNoneMatch, etag)) return { kind, etag, notModified: true };
      try {
        const stream = await storage.read(derivedKeyOf(document.storage_key, 'preview'));
        return { kind, etag, notModified: false, stream };
      } catch (error) {
        if (error instanceof StorageFileNotFoundError) throw createApiError('documents.preview_not_found');
        throw error;
      }
    },

    /** Where the extraction job reads the file from. */
    storage,
  };
}

export type DocumentsUsecases = ReturnType<typeof createDocumentsUsecases>;
