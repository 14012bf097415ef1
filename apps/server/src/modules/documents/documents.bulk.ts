import type { Readable } from 'node:stream';
import type { DocumentFilters } from '@sheaf/contracts/document-filters';
import type { DocumentListItemDto, ExtractionStatus } from '@sheaf/contracts/documents';
import type { Transaction } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database, Timestamp } from '../../db/database.types';
import { addMilliseconds, toTimestamp } from '../../shared/clock';
import type { ActivityRecorder } from '../activity/activity.usecases';
import type { JobQueue } from '../jobs/jobs.queue';
import type { StorageDriver } from '../storage/storage.types';
import { deleteDocumentFiles } from './documents.derived-files';
import { queueExtraction } from './documents.extraction-state';
import { applyDocumentFilters, resolveDocumentQuery } from './documents.filters';
import { DAY_MS } from './documents.models';
import { readListItems } from './documents.port';
import { createDocumentsRepository } from './documents.repository';

/** Where a bulk selection looks: the active documents or the trash. */
export type BulkScope = 'documents' | 'trash';

/** What a bulk action needs to know of a document before it changes it. */
export type BulkDocumentState = { isDeleted: boolean; extractionStatus: ExtractionStatus };

/** A document as a zip download lists it: its list item and where its file is. */
export type ZipDocument = DocumentListItemDto & { storageKey: string };

/**
 * The documents module's side of bulk actions: each change of one document written in the
 * caller's transaction (so a bulk task marks the document done in the same one), with the same
 * activity entry (and so webhook events) as the single-document route; and the selection of
 * documents by filter, walked by id. Part of createDocumentsUsecases.
 */
export function createDocumentsBulk({
  database,
  jobQueue,
  activity,
  storage,
  deletedRetentionDays,
}: {
  database: AppDatabase;
  jobQueue: Pick<JobQueue, 'enqueue'>;
  activity: ActivityRecorder;
  storage: StorageDriver;
  deletedRetentionDays: number;
}) {
  const { db, dialect } = database;

  /** `documentIds` of the organization with their state; those absent are gone (or another's). */
  async function readBulkStates({
    trx,
    organizationId,
    documentIds,
  }: {
    trx?: Transaction<Database>;
    organizationId: string;
    documentIds: string[];
  }): Promise<Map<string, BulkDocumentState>> {
    const states = new Map<string, BulkDocumentState>();
    if (documentIds.length === 0) return states;
    const rows = await (trx ?? db)
      .selectFrom('documents')
      .select(['id', 'is_deleted', 'extraction_status'])
      .where('organization_id', '=', organizationId)
      .where('id', 'in', documentIds)
      .execute();
    for (const row of rows)
      states.set(row.id, {
        isDeleted: Number(row.is_deleted) === 1,
        extractionStatus: row.extraction_status,
      });
    return states;
  }

  /**
   * The ids of the organization's documents in `scope` that pass `filters`, by id: those after
   * `afterId` (at most `limit`), or those of `documentIds` that still pass. A property condition
   * that does not fit its property is 400, as in the list.
   */
  async function listMatchingIds({
    trx,
    organizationId,
    scope,
    filters,
    afterId,
    limit,
    documentIds,
  }: {
    trx?: Transaction<Database>;
    organizationId: string;
    scope: BulkScope;
    filters: DocumentFilters;
    afterId?: string | null;
    limit?: number;
    documentIds?: string[];
  }): Promise<string[]> {
    const executor = trx ?? db;
    if (documentIds?.length === 0) return [];
    const resolved = await resolveDocumentQuery({ db: executor, dialect, organizationId, filters });
    const query = applyDocumentFilters(
      executor
        .selectFrom('documents')
        .select('documents.id')
        .where('documents.organization_id', '=', organizationId)
        .where('documents.is_deleted', '=', scope === 'trash' ? 1 : 0),
      resolved,
      'documents',
    )
      .$if(afterId !== undefined && afterId !== null, (q) => q.where('documents.id', '>', afterId ?? ''))
      .$if(documentIds !== undefined, (q) => q.where('documents.id', 'in', documentIds ?? []))
      .orderBy('documents.id')
      .$if(limit !== undefined, (q) => q.limit(limit ?? 0));
    return (await query.execute()).map((row) => row.id);
  }

  return {
    readBulkStates,
    listMatchingIds,

    /** Moves an active document to the trash in `trx` with its `deleted` entry; false when it was not active. */
    async trashInTransaction({
      trx,
      organizationId,
      documentId,
      userId,
      now,
    }: {
      trx: Transaction<Database>;
      organizationId: string;
      documentId: string;
      userId: string;
      now: Date;
    }) {
      const deleted = await createDocumentsRepository({ db: trx }).softDelete({
        organizationId,
        documentId,
        deletedBy: userId,
        now: toTimestamp(now),
        scheduledPurgeAt: toTimestamp(addMilliseconds(now, deletedRetentionDays * DAY_MS)),
      });
      if (deleted)
        await activity.recordActivity(trx, {
          organizationId,
          documentId,
          event: 'deleted',
          userId,
          now: toTimestamp(now),
        });
      return deleted;
    },

    /** Takes a document out of the trash in `trx` with its `restored` entry; false when it was not in it. */
    async restoreInTransaction({
      trx,
      organizationId,
      documentId,
      userId,
      now,
    }: {
      trx: Transaction<Database>;
      organizationId: string;
      documentId: string;
      userId: string;
      now: Timestamp;
    }) {
      const restored = await createDocumentsRepository({ db: trx }).restore({ organizationId, documentId });
      if (restored)
        await activity.recordActivity(trx, { organizationId, documentId, event: 'restored', userId, now });
      return restored;
    },

    /**
     * Sets (or clears) an active document's date in `trx`, as PATCH /documents/{documentId} does:
     * the user's date, never replaced by an extraction, with an `updated` entry when it changed.
     */
    async setDocumentDateInTransaction({
      trx,
      organizationId,
      documentId,
      documentDate,
      userId,
      now,
    }: {
      trx: Transaction<Database>;
      organizationId: string;
      documentId: string;
      documentDate: string | null;
      userId: string;
      now: Timestamp;
    }) {
      const documents = createDocumentsRepository({ db: trx });
      const current = await documents.findListRowById({ organizationId, documentId });
      if (!current) return false;
      const isChange =
        documentDate !== current.document_date ||
        (documentDate !== null && current.document_date_source !== 'user');
      if (!isChange) {
        // As the single route: clearing an absent date still says "this document has none".
        if (documentDate === null && current.document_date_source !== 'user')
          await documents.update({ organizationId, documentId, set: { document_date_source: 'user' } });
        return false;
      }
      await documents.update({
        organizationId,
        documentId,
        set: { document_date: documentDate, document_date_source: 'user', updated_at: now },
      });
      await activity.recordActivity(trx, {
        organizationId,
        documentId,
        event: 'updated',
        eventData: { updatedFields: ['documentDate'] },
        userId,
        now,
      });
      return true;
    },

    /** Queues a document's extraction again in `trx`; false while one is pending or running. */
    async retryExtractionInTransaction({
      trx,
      organizationId,
      documentId,
    }: {
      trx: Transaction<Database>;
      organizationId: string;
      documentId: string;
    }) {
      const moved = await createDocumentsRepository({ db: trx }).setExtractionStatus({
        organizationId,
        documentId,
        to: 'pending',
        from: ['done', 'failed'],
      });
      if (moved) await queueExtraction({ jobQueue, trx, organizationId, documentId });
      return moved;
    },

    /**
     * Deletes a trashed document's row in `trx`; answers its file's key, to delete once committed
     * (a file left by a crash in between is an orphan the storage sweep removes), or null.
     */
    async deleteTrashedInTransaction({
      trx,
      organizationId,
      documentId,
    }: {
      trx: Transaction<Database>;
      organizationId: string;
      documentId: string;
    }): Promise<string | null> {
      const documents = createDocumentsRepository({ db: trx });
      const current = await documents.findListRowById({ organizationId, documentId });
      if (!current || Number(current.is_deleted) !== 1) return null;
      return (await documents.deleteTrashed({ organizationId, documentId })) ? current.storage_key : null;
    },

    /** Deletes stored files of documents deleted for good; a failure is left to the storage sweep. */
    async deleteStoredFiles(storageKeys: string[]) {
      for (const key of storageKeys) await deleteDocumentFiles(storage, key).catch(() => undefined);
    },

    /** `documentIds`' active documents as list items with their file's key, in the order given. */
    async listZipDocuments({
      organizationId,
      documentIds,
    }: {
      organizationId: string;
      documentIds: string[];
    }): Promise<ZipDocument[]> {
      if (documentIds.length === 0) return [];
      const repository = createDocumentsRepository({ db });
      const listRows = await repository.findActiveListRowsByIds({ organizationId, documentIds });
      const items = await readListItems(repository, listRows);
      const keyOf = new Map(listRows.map((row) => [row.id, row.storage_key]));
      const byId = new Map(items.map((item) => [item.id, item]));
      return documentIds.flatMap((id) => {
        const item = byId.get(id);
        const storageKey = keyOf.get(id);
        return item && storageKey !== undefined ? [{ ...item, storageKey }] : [];
      });
    },

    /** A stored file's stream. */
    readStoredFile(storageKey: string): Promise<Readable> {
      return storage.read(storageKey);
    },
  };
}

export type DocumentsBulk = ReturnType<typeof createDocumentsBulk>;
