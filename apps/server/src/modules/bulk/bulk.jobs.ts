import type { JobQueue } from '../jobs/jobs.queue';
import { BULK_TASK_JOB_TYPE, type BulkTaskJobPayload, type BulkUsecases } from './bulk.usecases';

/**
 * Runs bulk tasks. At least once: a run after a crash resumes at the first document not marked
 * done (see `runTask`); a task whose last try fails ends `failed`, what it did staying done.
 */
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
}
