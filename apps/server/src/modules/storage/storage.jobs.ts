import type { JobQueue } from '../jobs/jobs.queue';
import type { StorageSweep } from './storage.sweep';

export const STORAGE_SWEEP_JOB_TYPE = 'storage.sweep-orphans';
export const STORAGE_SWEEP_SCHEDULE = 'storage.sweep-orphans';
export const STORAGE_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Hourly, once across processes: the orphan sweep. `enqueueSweep` adds a run now, for a worker
 * that starts (after a crash, the leftovers of the uploads it cut are then cleaned soon).
 */
export function registerStorageJobs({ jobQueue, sweep }: { jobQueue: JobQueue; sweep: StorageSweep }) {
  jobQueue.register(
    STORAGE_SWEEP_JOB_TYPE,
    async (_payload, { logger }) => {
      await sweep.sweep({ logger });
    },
    // The next hourly run does it again: no need to insist.
    { maxAttempts: 2 },
  );
  jobQueue.schedule({
    name: STORAGE_SWEEP_SCHEDULE,
    type: STORAGE_SWEEP_JOB_TYPE,
    intervalMs: STORAGE_SWEEP_INTERVAL_MS,
  });
  return { enqueueSweep: () => jobQueue.enqueue(STORAGE_SWEEP_JOB_TYPE, null) };
}
