import type { JobQueue } from '../jobs/jobs.queue';
import { PAPERLESS_IMPORT_JOB_TYPE, type PaperlessImportJobPayload } from './paperless-imports.models';
import type { PaperlessImportsUsecases } from './paperless-imports.usecases';

/**
 * Runs Paperless-ngx imports. At least once: a run after a crash (or a worker stopping) starts the
 * import again, and documents already imported (recorded by their Paperless id) are passed over, so
 * it goes on where it stopped; an import whose last try fails ends `failed`, what it imported staying.
 */
export function registerPaperlessImportsJobs({
  jobQueue,
  paperlessImports,
}: {
  jobQueue: JobQueue;
  paperlessImports: PaperlessImportsUsecases;
}) {
  jobQueue.register<PaperlessImportJobPayload>(
    PAPERLESS_IMPORT_JOB_TYPE,
    async ({ importId }, { signal }) => {
      await paperlessImports.runImport({ importId, signal });
    },
    {
      kind: 'heavy',
      maxAttempts: 5,
      backoffBaseMs: 2_000,
      onFailed: async ({ importId }) => {
        await paperlessImports.failImport({
          importId,
          message: 'The import stopped after repeated errors; what it imported stays.',
        });
      },
    },
  );
}
