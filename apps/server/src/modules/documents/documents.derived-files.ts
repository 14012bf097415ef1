import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AppDatabase } from '../../db/database';
import { createApiError } from '../../shared/errors';
import {
  DERIVED_FILES,
  derivedKeyOf,
  type StorageDriver,
  StorageFileNotFoundError,
} from '../storage/storage.types';
import { createDocumentNotFoundError } from './documents.errors';
import { createDocumentsRepository } from './documents.repository';

/** The stored thumbnail's version, its ETag: 16 hex digits of the bytes' SHA-256. */
export function thumbnailEtagOf(thumbnail: Uint8Array): string {
  return createHash('sha256').update(thumbnail).digest('hex').slice(0, 16);
}

/**
 * Removes a document's stored files for good: the original and what was made from it (thumbnail,
 * preview), stored beside it under derivedKeyOf. Removing a missing file is not an error.
 */
export async function deleteDocumentFiles(storage: StorageDriver, storageKey: string): Promise<void> {
  await storage.delete(storageKey);
  for (const file of DERIVED_FILES) await storage.delete(derivedKeyOf(storageKey, file));
}

/** Whether an `If-None-Match` header names `etag` (or is `*`), weak or strong. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === `"${etag}"`);
}

/**
 * Files made from a document's original and stored beside it: the thumbnail the extraction job
 * renders (saved here, served by GET …/thumbnail). Part of createDocumentsUsecases.
 */
export function createDocumentsDerivedFiles({
  database,
  storage,
  retryExtraction,
}: {
  database: AppDatabase;
  storage: StorageDriver;
  /** The extraction state's retry: queues a document's extraction again (done → pending). */
  retryExtraction: (document: { organizationId: string; documentId: string }) => Promise<unknown>;
}) {
  const repository = createDocumentsRepository({ db: database.db });

  return {
    /**
     * One batch of the thumbnail backfill (documents from before thumbnails): queues the extraction
     * again of up to `limit` done PDFs and images without a thumbnail after `afterId`, which makes
     * their thumbnail (and reads their text again, unchanged). Answers the last id seen (null: no
     * more). A document whose extraction started meanwhile is skipped (it gets one anyway).
     */
    async queueThumbnailBackfill({
      afterId,
      limit = 100,
      mimeTypes,
    }: {
      afterId: string | null;
      limit?: number;
      /** Of these types only; without, PDFs and images. */
      mimeTypes?: readonly string[];
    }) {
      const batch = await repository.listWithoutThumbnail({ afterId, limit, mimeTypes });
      let queued = 0;
      for (const document of batch) {
        const retried = await retryExtraction({
          organizationId: document.organization_id,
          documentId: document.id,
        }).then(
          () => true,
          () => false,
        );
        if (retried) queued++;
      }
      return { queued, lastId: batch.length < limit ? null : (batch.at(-1)?.id ?? null) };
    },

    /** What a thumbnail is drawn from: the stored file's key, type and size; null once deleted for good. */
    async findDocumentFile({ organizationId, documentId }: { organizationId: string; documentId: string }) {
      const document = await repository.findListRowById({ organizationId, documentId });
      return document
        ? {
            storageKey: document.storage_key,
            mimeType: document.mime_type,
            size: Number(document.original_size),
          }
        : null;
    },

    /**
     * Stores an extraction's thumbnail beside the original, replacing an earlier one, and sets the
     * document's `thumbnail_etag`; without one (the file gave none) the version is cleared first,
     * then any earlier file removed. Running it twice stores the same file under the same key.
     * Answers the new version (null: none). A document deleted meanwhile keeps no file.
     */
    async saveThumbnail({
      organizationId,
      documentId,
      thumbnail,
    }: {
      organizationId: string;
      documentId: string;
      thumbnail: Uint8Array | undefined;
    }): Promise<string | null> {
      const document = await repository.findListRowById({ organizationId, documentId });
      if (!document) return null;
      const key = derivedKeyOf(document.storage_key, 'thumbnail');
      if (!thumbnail) {
        if (document.thumbnail_etag !== null) {
          await repository.setThumbnailEtag({ organizationId, documentId, etag: null });
        }
        await storage.delete(key);
        return null;
      }
      const etag = thumbnailEtagOf(thumbnail);
      // The file first: a version in the database always names a stored file. Not fsynced: a
      // thumbnail lost to a power cut answers thumbnail_not_found until the next extraction.
      await storage.save(
        key,
        Readable.from([Buffer.from(thumbnail.buffer, thumbnail.byteOffset, thumbnail.byteLength)]),
        { durable: false },
      );
      if (!(await repository.setThumbnailEtag({ organizationId, documentId, etag }))) {
        await storage.delete(key);
        return null;
      }
      return etag;
    },

    /**
     * A document's thumbnail for GET …/thumbnail: `notModified` when `ifNoneMatch` names its current
     * version (nothing is read), else its stream. 404 `documents.not_found` without the document
     * (trashed ones answer, as their file does), `documents.thumbnail_not_found` without a thumbnail.
     */
    async openDocumentThumbnail({
      organizationId,
      documentId,
      ifNoneMatch,
    }: {
      organizationId: string;
      documentId: string;
      ifNoneMatch: string | undefined;
    }): Promise<
      { etag: string; notModified: true } | { etag: string; notModified: false; stream: Readable }
    > {
      const document = await repository.findListRowById({ organizationId, documentId });
      if (!document) throw createDocumentNotFoundError();
      const etag = document.thumbnail_etag;
      if (!etag) throw createApiError('documents.thumbnail_not_found');
      if (matchesEtag(ifNoneMatch, etag)) return { etag, notModified: true };
      try {
        const stream = await storage.read(derivedKeyOf(document.storage_key, 'thumbnail'));
        return { etag, notModified: false, stream };
      } catch (error) {
        if (error instanceof StorageFileNotFoundError) throw createApiError('documents.thumbnail_not_found');
        throw error;
      }
    },
  };
}
