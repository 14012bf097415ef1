import type { JobQueue } from '../jobs/jobs.queue';
import { BULK_TASK_JOB_TYPE, type BulkTaskJobPayload, type BulkUsecases } from './bulk.usecases';

/**
 * Runs bulk tasks. At least once: a run after a crash resumes at the first document not marked
 * done (see `runTask`); a task whose last try fails ends `failed`, what it did staying done.
 */
export const BULK_PURGE_JOB_TYPE = 'bulk.purge-tasks';
export const BULK_PURGE_SCHEDULE = 'bulk.purge-tasks';
export const BULK_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export function registerBulkJobs({ jobQueue, bulk }: { jobQueue: JobQueue; bulk: BulkUsecases }) {
  jobQueue.register<BulkTaskJobPayload>(
    BULK_TASK_JOB_TYPE,
    async ({ taskId }, { signal }) => {
      await bulk.runTask({ taskId, signal });
    },
    {
      maxAttempts: 5,
      // The error itself is in the logs; the task tells its users no internals.
      onFailed: async ({ taskId }) => {
        await bulk.failTask({
          taskId,
          message: 'The task stopped after repeated errors; what it did stays done.',
        });
      },
    },
  );

  // Hourly: expired downloads, and tasks ended more than 30 days ago (BULK_TASK_RETENTION_MS).
  jobQueue.register(BULK_PURGE_JOB_TYPE, async (_payload, { logger }) => {
    const purged = await bulk.purgeTasks();
    if (purged > 0) logger.info({ purged }, 'Old bulk tasks purged');
  });
  jobQueue.schedule({
    name: BULK_PURGE_SCHEDULE,
    type: BULK_PURGE_JOB_TYPE,
    intervalMs: BULK_PURGE_INTERVAL_MS,
  });
}
