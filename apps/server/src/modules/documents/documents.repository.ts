import type { DocumentTagDto, ExtractionErrorDto, ExtractionStatus } from '@sheaf/contracts/documents';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database, DatabaseOrTransaction, Timestamp } from '../../db/database.types';
import type { DocumentListRow, DocumentRow, NewDocumentRow } from './documents.models';

/** Every column but the content: list answers never carry it (it can be megabytes). */
const LIST_COLUMNS = [
  'documents.id',
  'documents.organization_id',
  'documents.name',
  'documents.original_name',
  'documents.original_size',
  'documents.original_sha256',
  'documents.mime_type',
  'documents.storage_key',
  'documents.created_by',
  'documents.created_at',
  'documents.updated_at',
  'documents.is_deleted',
  'documents.deleted_at',
  'documents.deleted_by',
  'documents.scheduled_purge_at',
  'documents.extraction_status',
  'documents.extraction_error_code',
  'documents.extraction_error_message',
] as const;

export function createDocumentsRepository({ db }: { db: DatabaseOrTransaction }) {
  /** Documents of the organization carrying every one of `tagIds` (tags of that organization). */
  const withAllTags = <QB extends SelectQueryBuilder<Database, 'documents', unknown>>(
    query: QB,
    { organizationId, tagIds }: { organizationId: string; tagIds: string[] },
  ): QB => {
    if (tagIds.length === 0) return query;
    const unique = [...new Set(tagIds)];
    return query.where('documents.id', 'in', (eb) =>
      eb
        .selectFrom('documents_tags')
        .innerJoin('tags', 'tags.id', 'documents_tags.tag_id')
        .select('documents_tags.document_id')
        .where('tags.organization_id', '=', organizationId)
        .where('documents_tags.tag_id', 'in', unique)
        .groupBy('documents_tags.document_id')
        .having((having) => having.fn.count('documents_tags.tag_id').distinct(), '=', unique.length),
    ) as QB;
  };

  return {
    async findById({ organizationId, documentId }: { organizationId: string; documentId: string }) {
      return db
        .selectFrom('documents')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .executeTakeFirst() as Promise<DocumentRow | undefined>;
    },

    async findListRowById({ organizationId, documentId }: { organizationId: string; documentId: string }) {
      return db
        .selectFrom('documents')
        .select(LIST_COLUMNS)
        .where('documents.organization_id', '=', organizationId)
        .where('documents.id', '=', documentId)
        .executeTakeFirst() as Promise<DocumentListRow | undefined>;
    },

    async findBySha256({ organizationId, sha256 }: { organizationId: string; sha256: string }) {
      return db
        .selectFrom('documents')
        .select(LIST_COLUMNS)
        .where('documents.organization_id', '=', organizationId)
        .where('documents.original_sha256', '=', sha256)
        .executeTakeFirst() as Promise<DocumentListRow | undefined>;
    },

    async insert(row: NewDocumentRow) {
      await db.insertInto('documents').values(row).execute();
    },

    /** One page of the organization's documents (active or in the trash), newest first, and the total. */
    async list({
      organizationId,
      isDeleted,
      tagIds = [],
      pageIndex,
      pageSize,
    }: {
      organizationId: string;
      isDeleted: boolean;
      tagIds?: string[];
      pageIndex: number;
      pageSize: number;
    }) {
      const base = withAllTags(
        db
          .selectFrom('documents')
          .where('documents.organization_id', '=', organizationId)
          .where('documents.is_deleted', '=', isDeleted ? 1 : 0),
        { organizationId, tagIds },
      );
      // The page's ids first, off the (organization, trash flag, date, id) index alone: skipping
      // whole pages never reads a row (PostgreSQL otherwise fetches every skipped row), then only
      // the page's rows. The count does not depend on the page: on PostgreSQL it runs meanwhile,
      // on a connection of its own.
      const pageIds = base
        .select('documents.id')
        .orderBy(isDeleted ? 'documents.deleted_at' : 'documents.created_at', 'desc')
        .orderBy('documents.id', 'desc')
        .limit(pageSize)
        .offset(pageIndex * pageSize)
        .execute();
      const total =
        tagIds.length === 0
          ? // Kept by triggers (migration 0014): counting the index took most of a page's time.
            db
              .selectFrom('organization_documents_counts')
              .select(['active_count', 'deleted_count'])
              .where('organization_id', '=', organizationId)
              .executeTakeFirst()
              .then((counts) => (isDeleted ? counts?.deleted_count : counts?.active_count) ?? 0)
          : base
              .select((eb) => eb.fn.countAll<number | string>().as('count'))
              .executeTakeFirstOrThrow()
              .then(({ count }) => count);
      const [idRows, count] = await Promise.all([pageIds, total]);
      const ids = idRows.map((row) => row.id);
      const pageRows =
        ids.length === 0
          ? []
          : ((await db
              .selectFrom('documents')
              .select(LIST_COLUMNS)
              .where('documents.id', 'in', ids)
              .execute()) as DocumentListRow[]);
      const byId = new Map(pageRows.map((row) => [row.id, row]));
      return { rows: ids.flatMap((id) => byId.get(id) ?? []), count: Number(count) };
    },

    /** The tags of each document, by document id (name order). */
    async getTagsByDocumentIds({ documentIds }: { documentIds: string[] }) {
      const byDocument = new Map<string, DocumentTagDto[]>();
      if (documentIds.length === 0) return byDocument;
      const rows = await db
        .selectFrom('documents_tags')
        .innerJoin('tags', 'tags.id', 'documents_tags.tag_id')
        .select(['documents_tags.document_id', 'tags.id', 'tags.name', 'tags.color', 'tags.description'])
        .where('documents_tags.document_id', 'in', documentIds)
        .orderBy('tags.name')
        .execute();
      for (const { document_id, ...tag } of rows) {
        const list = byDocument.get(document_id) ?? [];
        list.push(tag);
        byDocument.set(document_id, list);
      }
      return byDocument;
    },

    async update({
      organizationId,
      documentId,
      set,
    }: {
      organizationId: string;
      documentId: string;
      set: Partial<Pick<NewDocumentRow, 'name' | 'content' | 'updated_at'>>;
    }) {
      await db
        .updateTable('documents')
        .set(set)
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .execute();
    },

    /** Moves an active document to the trash; false when it is not active. */
    async softDelete({
      organizationId,
      documentId,
      deletedBy,
      now,
      scheduledPurgeAt,
    }: {
      organizationId: string;
      documentId: string;
      deletedBy: string;
      now: Timestamp;
      scheduledPurgeAt: Timestamp;
    }) {
      const result = await db
        .updateTable('documents')
        .set({ is_deleted: 1, deleted_at: now, deleted_by: deletedBy, scheduled_purge_at: scheduledPurgeAt })
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Takes a document out of the trash; false when it was not in it. */
    async restore({ organizationId, documentId }: { organizationId: string; documentId: string }) {
      const result = await db
        .updateTable('documents')
        .set({ is_deleted: 0, deleted_at: null, deleted_by: null, scheduled_purge_at: null })
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .where('is_deleted', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes a trashed document's row (with its tags and activity); false when it is not in the trash. */
    async deleteTrashed({ organizationId, documentId }: { organizationId: string; documentId: string }) {
      const result = await db
        .deleteFrom('documents')
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .where('is_deleted', '=', 1)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Deletes up to `limit` of an organization's documents, trashed or not (the organization purge);
     * answers how many went. Tags, activity and search rows follow through the foreign keys.
     */
    async deleteSomeOfOrganization({ organizationId, limit }: { organizationId: string; limit: number }) {
      const result = await db
        .deleteFrom('documents')
        .where(
          'id',
          'in',
          db.selectFrom('documents').select('id').where('organization_id', '=', organizationId).limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async listTrashed({ organizationId, limit }: { organizationId: string; limit: number }) {
      return db
        .selectFrom('documents')
        .select(['id', 'organization_id', 'storage_key'])
        .where('organization_id', '=', organizationId)
        .where('is_deleted', '=', 1)
        .orderBy('deleted_at')
        .limit(limit)
        .execute();
    },

    /** Trashed documents whose purge date has come, across organizations. */
    async listDueForPurge({ now, limit }: { now: Timestamp; limit: number }) {
      return db
        .selectFrom('documents')
        .select(['id', 'organization_id', 'storage_key'])
        .where('is_deleted', '=', 1)
        .where('scheduled_purge_at', '<=', now)
        .orderBy('scheduled_purge_at')
        .limit(limit)
        .execute();
    },

    /**
     * Moves a document's extraction to `to` when it is in one of `from` (all of them when absent);
     * false when it was not (so two requests never both start an extraction). `error` is kept for
     * `failed` and cleared otherwise.
     */
    async setExtractionStatus({
      organizationId,
      documentId,
      to,
      from,
      error = null,
    }: {
      organizationId: string;
      documentId: string;
      to: ExtractionStatus;
      from?: ExtractionStatus[];
      error?: ExtractionErrorDto | null;
    }) {
      const result = await db
        .updateTable('documents')
        .set({
          extraction_status: to,
          extraction_error_code: to === 'failed' ? (error?.code ?? 'extraction.failed') : null,
          extraction_error_message: to === 'failed' ? (error?.message ?? null) : null,
        })
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .$if(from !== undefined, (query) => query.where('extraction_status', 'in', from ?? []))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Marks a queued (or interrupted) extraction `processing` and answers the file to read. */
    async startExtraction({ organizationId, documentId }: { organizationId: string; documentId: string }) {
      return db
        .updateTable('documents')
        .set({ extraction_status: 'processing', extraction_error_code: null, extraction_error_message: null })
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .where('extraction_status', 'in', ['pending', 'processing'])
        .returning(['storage_key', 'mime_type', 'original_size'])
        .executeTakeFirst();
    },

    /**
     * Stores a finished extraction's text and marks it `done` in one statement; answers the
     * document's name, or undefined when it is gone.
     */
    async saveExtractedContent({
      organizationId,
      documentId,
      content,
      updatedAt,
    }: {
      organizationId: string;
      documentId: string;
      content: string;
      updatedAt: Timestamp;
    }) {
      return db
        .updateTable('documents')
        .set({
          content,
          updated_at: updatedAt,
          extraction_status: 'done',
          extraction_error_code: null,
          extraction_error_message: null,
        })
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .returning(['name'])
        .executeTakeFirst();
    },

    /** Documents whose extraction is pending or running, oldest first (start-up recovery). */
    async listUnfinishedExtractions({ limit, afterId }: { limit: number; afterId: string | null }) {
      return db
        .selectFrom('documents')
        .select(['id', 'organization_id', 'extraction_status'])
        .where('extraction_status', 'in', ['pending', 'processing'])
        .$if(afterId !== null, (query) => query.where('id', '>', afterId ?? ''))
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** A batch of contents after `afterId` (id order), for re-normalisation. */
    async listContents({ afterId, limit }: { afterId: string | null; limit: number }) {
      return db
        .selectFrom('documents')
        .select(['id', 'organization_id', 'content'])
        .$if(afterId !== null, (query) => query.where('id', '>', afterId ?? ''))
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Count and bytes of active documents, and bytes of those in the trash. */
    async getStorageStats({ organizationId }: { organizationId: string }) {
      const rows = await db
        .selectFrom('documents')
        .select([
          'is_deleted',
          (eb) => eb.fn.countAll<number | string>().as('count'),
          (eb) => eb.fn.coalesce(eb.fn.sum<number | string>('original_size'), sql.lit(0)).as('size'),
        ])
        .where('organization_id', '=', organizationId)
        .groupBy('is_deleted')
        .execute();
      const active = rows.find((row) => Number(row.is_deleted) === 0);
      const deleted = rows.find((row) => Number(row.is_deleted) === 1);
      return {
        activeCount: Number(active?.count ?? 0),
        activeSize: Number(active?.size ?? 0),
        deletedSize: Number(deleted?.size ?? 0),
      };
    },
  };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
