import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type FSWatcher, watch } from 'chokidar';
import type { Leases } from '../../db/leases';
import { addMilliseconds, type Clock, systemClock, toTimestamp } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { isIgnoredRelativePath, splitRootPath } from './ingestion-folders.models';
import type { IngestionFoldersUsecases } from './ingestion-folders.usecases';

/** The lease of one organization's folder: one process imports from it at a time. */
export const ingestionFolderLeaseName = (organizationId: string) => `ingestion-folders:${organizationId}`;
export const INGESTION_FOLDER_LEASE_MS = 60_000;
const MAX_RETRY_MS = 5 * 60_000;
/** A round that failed, or a folder no organization has (yet), is looked at again this soon. */
const RETRY_ROUND_MS = 5000;

export type IngestionFoldersWatcher = {
  /** Resolves once the watcher is closed, the file in progress finished and the leases given up. */
  stop: () => Promise<void>;
  /** Resolves once chokidar's first scan is over (tests wait for it before writing files). */
  ready: Promise<void>;
};

type Tracked = { size: number; mtimeMs: number; since: number };

/**
 * Watches INGESTION_FOLDERS_ROOT with chokidar (native events, or polling for network shares) and
 * imports each file once it is stable: its size and modification time unchanged for `stableMs`,
 * checked by stat from the file's events on. Hidden and temporary names and the done/, failed/ and
 * duplicates/ folders are ignored.
 *
 * Across processes every watcher sees every file; one lease per organization folder (as the IMAP
 * poller's) lets one process import at a time, renewed between files and given up once its
 * stable files are done. A process that does not get the lease keeps its files and tries again a
 * little later: the holder has taken them by then, and what is gone is dropped. The file's row
 * (processFile) makes a file cut short by a crash finish once.
 */
export function startIngestionFoldersWatcher({
  root,
  stableMs,
  polling,
  pollingIntervalMs,
  ingestionFolders,
  leases,
  clock = systemClock,
  logger,
  leaseMs = INGESTION_FOLDER_LEASE_MS,
}: {
  root: string;
  stableMs: number;
  polling: boolean;
  pollingIntervalMs: number;
  ingestionFolders: Pick<IngestionFoldersUsecases, 'processFile' | 'resolveFolder' | 'reportWatcherState'>;
  leases: Leases;
  clock?: Clock;
  logger: Logger;
  leaseMs?: number;
}): IngestionFoldersWatcher {
  const holder = `ingestion-folders-${randomUUID()}`;
  const renewMs = Math.floor(leaseMs / 3);
  const checkMs = Math.max(50, Math.min(1000, Math.floor(stableMs / 4) || 250));
  const tracked = new Map<string, Tracked>();
  /** Stable files waiting for their import, by the organization folder's name. */
  const queues = new Map<string, Set<string>>();
  const retryAt = new Map<string, number>();
  const failures = new Map<string, number>();
  const held = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  let stopping = false;
  let draining: Promise<void> = Promise.resolve();
  let drainAgain = false;
  let isDraining = false;

  const setState = (state: 'watching' | 'error', error: string | null) =>
    ingestionFolders.reportWatcherState({ state, error });

  try {
    fs.mkdirSync(root, { recursive: true });
  } catch (error) {
    setState('error', `The watched folders' root cannot be created: ${(error as Error).message}`);
  }

  const relativeOf = (absolute: string) => path.relative(root, absolute);

  const watcher: FSWatcher = watch(root, {
    ignored: (absolute) => isIgnoredRelativePath(relativeOf(absolute)),
    ignoreInitial: false,
    persistent: true,
    usePolling: polling,
    interval: pollingIntervalMs,
    binaryInterval: pollingIntervalMs,
    alwaysStat: true,
    depth: 32,
  });

  const track = (absolute: string, stats?: fs.Stats) => {
    if (!splitRootPath(relativeOf(absolute))) return;
    const size = stats?.size ?? -1;
    const mtimeMs = stats?.mtimeMs ?? -1;
    const known = tracked.get(absolute);
    if (!known || known.size !== size || known.mtimeMs !== mtimeMs) {
      tracked.set(absolute, { size, mtimeMs, since: performance.now() });
    }
  };
  watcher.on('add', track);
  watcher.on('change', track);
  watcher.on('unlink', (absolute) => tracked.delete(absolute));
  watcher.on('error', (error) => {
    logger.warn({ err: error }, 'Watched folders: the watcher reported an error');
    setState('error', (error as Error).message);
  });
  /**
   * chokidar takes each polled folder's first stat only after its first scan, so with polling a file
   * written between the two was missed (about one start in ten in a test): once the first polls
   * have their baseline, one listing of the folders catches such files up. Not a loop: once.
   */
  async function catchUpAfterFirstPolls() {
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, pollingIntervalMs * 2 + 50);
      timers.add(timer);
    });
    if (stopping) return;
    const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const absolute = path.join(entry.parentPath, entry.name);
      if (!entry.isFile() || isIgnoredRelativePath(relativeOf(absolute))) continue;
      if (!tracked.has(absolute)) track(absolute, await fsp.stat(absolute).catch(() => undefined));
    }
  }
  const ready = new Promise<void>((resolve) =>
    watcher.once('ready', () => {
      setState('watching', null);
      logger.info({ root, polling }, 'Watched folders: watching');
      if (polling) void catchUpAfterFirstPolls().then(resolve, resolve);
      else resolve();
    }),
  );

  /** Looks at every tracked file: stable ones go to their folder's queue. */
  const stabilityTimer = setInterval(() => {
    void checkStability();
  }, checkMs);
  let checking = false;
  async function checkStability() {
    if (checking || stopping) return;
    checking = true;
    try {
      let queued = false;
      for (const [absolute, known] of tracked) {
        let stats: fs.Stats;
        try {
          stats = await fsp.stat(absolute);
        } catch {
          tracked.delete(absolute);
          continue;
        }
        if (!stats.isFile()) {
          tracked.delete(absolute);
          continue;
        }
        if (stats.size !== known.size || stats.mtimeMs !== known.mtimeMs) {
          tracked.set(absolute, { size: stats.size, mtimeMs: stats.mtimeMs, since: performance.now() });
          continue;
        }
        if (performance.now() - known.since < stableMs) continue;
        tracked.delete(absolute);
        const split = splitRootPath(relativeOf(absolute));
        if (!split) continue;
        const queue = queues.get(split.folder) ?? new Set<string>();
        queue.add(split.filePath);
        queues.set(split.folder, queue);
        queued = true;
      }
      if (queued) drain();
    } finally {
      checking = false;
    }
  }

  const later = (ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      drain();
    }, ms);
    timers.add(timer);
  };

  /** Runs the queues one after the other (one drain at a time in this process). */
  function drain() {
    if (stopping) return;
    if (isDraining) {
      drainAgain = true;
      return;
    }
    isDraining = true;
    draining = (async () => {
      try {
        do {
          drainAgain = false;
          for (const folder of [...queues.keys()]) {
            if (stopping) return;
            await drainFolder(folder);
          }
        } while (drainAgain && !stopping);
      } catch (error) {
        logger.error({ err: error }, 'Watched folders: an import round failed');
        later(Math.min(renewMs, RETRY_ROUND_MS));
      } finally {
        isDraining = false;
      }
    })();
  }

  const acquire = (organizationId: string) => {
    const now = clock.now();
    return leases.acquire({
      name: ingestionFolderLeaseName(organizationId),
      holder,
      now: toTimestamp(now),
      expiresAt: toTimestamp(addMilliseconds(now, leaseMs)),
    });
  };

  async function drainFolder(folder: string) {
    const queue = queues.get(folder);
    if (!queue || queue.size === 0) {
      queues.delete(folder);
      return;
    }
    const target = await ingestionFolders.resolveFolder(folder);
    if (!target) {
      // Not an organization's folder (yet: its owners may name it later). Looked at again later.
      later(Math.min(renewMs, RETRY_ROUND_MS));
      return;
    }
    const { organizationId } = target;
    if (!(await acquire(organizationId))) {
      // Another process imports from this folder now; what it leaves is taken later.
      later(Math.min(renewMs, 1000 + Math.floor(Math.random() * 1000)));
      return;
    }
    held.add(organizationId);
    let renewedAt = performance.now();
    let waitMs: number | undefined;
    try {
      for (const filePath of [...queue]) {
        if (stopping) return;
        const key = `${folder}/${filePath}`;
        const notBefore = retryAt.get(key);
        if (notBefore !== undefined && notBefore > performance.now()) {
          waitMs = Math.min(waitMs ?? Number.POSITIVE_INFINITY, notBefore - performance.now());
          continue;
        }
        if (performance.now() - renewedAt >= renewMs) {
          renewedAt = performance.now();
          if (!(await acquire(organizationId))) {
            logger.warn({ organizationId }, 'Watched folders: the folder lease went to another process');
            held.delete(organizationId);
            later(renewMs);
            return;
          }
        }
        try {
          const result = await ingestionFolders.processFile({ organizationId, folder, filePath });
          queue.delete(filePath);
          retryAt.delete(key);
          failures.delete(key);
          if (result.outcome !== 'gone') {
            logger.info({ organizationId, filePath, outcome: result.outcome }, 'Watched folders: file taken');
          }
        } catch (error) {
          const count = (failures.get(key) ?? 0) + 1;
          failures.set(key, count);
          const delay = Math.min(MAX_RETRY_MS, 1000 * 2 ** (count - 1));
          retryAt.set(key, performance.now() + delay);
          waitMs = Math.min(waitMs ?? Number.POSITIVE_INFINITY, delay);
          logger.warn(
            { err: error, organizationId, filePath, retryInMs: delay },
            'Watched folders: import failed, retrying',
          );
        }
      }
    } finally {
      if (queue.size === 0) queues.delete(folder);
      if (held.has(organizationId) && (queue.size === 0 || stopping)) {
        held.delete(organizationId);
        await leases.release({ name: ingestionFolderLeaseName(organizationId), holder }).catch(() => {});
      }
    }
    if (waitMs !== undefined) later(Math.max(50, waitMs));
  }

  return {
    ready,
    async stop() {
      stopping = true;
      clearInterval(stabilityTimer);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await watcher.close();
      await draining;
      for (const organizationId of held) {
        await leases.release({ name: ingestionFolderLeaseName(organizationId), holder }).catch(() => {});
      }
      held.clear();
      ingestionFolders.reportWatcherState(undefined);
    },
  };
}
