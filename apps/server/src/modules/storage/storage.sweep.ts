import type { AppDatabase } from '../../db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { originalKeyOf, type StorageDriver, type StoredObject } from './storage.types';

export type StorageSweepResult = { temporaryRemoved: number; orphansRemoved: string[] };

/**
 * Removes what interrupted uploads and failed deletions leave behind: temporary upload files, and
 * stored files no document row names. Only files older than the grace period are considered: an
 * upload's file is written before its row commits, so a young file may still gain its row.
 */
export function createStorageSweep({
  database,
  storage,
  clock,
  graceMinutes,
  logger,
}: {
  database: AppDatabase;
  storage: StorageDriver;
  clock: Clock;
  graceMinutes: number;
  logger: Logger;
}) {
  /**
   * Keys among `keys` that a document row (active or trashed) still names: its original, or a file
   * derived from it (`…_thumbnail`, `…_preview`: kept while the original's document exists).
   */
  async function knownKeys(objects: StoredObject[]) {
    const idOf = (key: string) => {
      const original = originalKeyOf(key);
      return original.slice(original.lastIndexOf('/') + 1);
    };
    // Keys end with the document id: looked up by primary key rather than by storage_key.
    const ids = [...new Set(objects.map(({ key }) => idOf(key)))];
    const rows = await database.db
      .selectFrom('documents')
      .select(['id', 'storage_key'])
      .where('id', 'in', ids)
      .execute();
    const known = new Set(rows.map((row) => row.storage_key));
    const knownIds = new Set(rows.map((row) => row.id));
    // A row with the same id but another key keeps the file too: never guess in favour of deleting.
    return new Set(
      objects
        .filter(({ key }) => known.has(originalKeyOf(key)) || knownIds.has(idOf(key)))
        .map(({ key }) => key),
    );
  }

  return {
    async sweep({ logger: jobLogger = logger }: { logger?: Logger } = {}): Promise<StorageSweepResult> {
      const olderThan = new Date(clock.now().getTime() - graceMinutes * 60_000);
      const temporaryRemoved = await storage.removeTemporaryOlderThan(olderThan);
      const orphansRemoved: string[] = [];
      for await (const page of storage.list()) {
        const old = page.filter(({ modifiedAt }) => modifiedAt < olderThan);
        if (old.length === 0) continue;
        const kept = await knownKeys(old);
        for (const object of old) {
          if (kept.has(object.key)) continue;
          await storage.delete(object.key);
          orphansRemoved.push(object.key);
          jobLogger.info(
            { key: object.key, size: object.size, modifiedAt: object.modifiedAt.toISOString() },
            'Orphan stored file removed',
          );
        }
      }
      // A sweep that found nothing is routine (every start and every hour): not worth an info line.
      jobLogger[temporaryRemoved + orphansRemoved.length > 0 ? 'info' : 'debug'](
        { temporaryRemoved, orphansRemoved: orphansRemoved.length, olderThan: olderThan.toISOString() },
        'Storage sweep done',
      );
      return { temporaryRemoved, orphansRemoved };
    },
  };
}

export type StorageSweep = ReturnType<typeof createStorageSweep>;
