import type { AppDatabase } from '../../db/database';
import { type Clock, toTimestamp } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { StorageDriver } from '../storage/storage.types';
import { deleteDocumentFiles } from './documents.derived-files';
import { DOCUMENTS_BATCH_SIZE } from './documents.models';
import { createDocumentsRepository } from './documents.repository';

/** Documents deleted per statement when an organization is purged. */
export const ORGANIZATION_PURGE_BATCH_SIZE = 500;

/**
 * What the scheduled purges remove for good: trashed documents past their retention, and a purged
 * organization's files and rows. Part of createDocumentsUsecases (a user's own "delete forever"
 * and "empty trash" are with the trash, in documents.usecases).
 */
export function createDocumentsRetention({
  database,
  clock,
  storage,
}: {
  database: AppDatabase;
  clock: Clock;
  storage: StorageDriver;
}) {
  const repository = createDocumentsRepository({ db: database.db });
  const now = () => toTimestamp(clock.now());

  return {
    /** Permanently deletes trashed documents whose retention has passed, files first removed from rows. */
    async purgeDueDocuments({ logger: jobLogger }: { logger: Logger }) {
      let purged = 0;
      for (;;) {
        const batch = await repository.listDueForPurge({ now: now(), limit: DOCUMENTS_BATCH_SIZE });
        let purgedInBatch = 0;
        for (const document of batch) {
          if (
            await repository.deleteTrashed({
              organizationId: document.organization_id,
              documentId: document.id,
            })
          ) {
            await deleteDocumentFiles(storage, document.storage_key);
            purgedInBatch++;
          }
        }
        purged += purgedInBatch;
        if (batch.length < DOCUMENTS_BATCH_SIZE || purgedInBatch === 0) break;
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
  };
}
