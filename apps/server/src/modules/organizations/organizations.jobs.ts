import type { JobQueue } from '../jobs/jobs.queue';
import type { OrganizationsUsecases } from './organizations.usecases';

export const ORGANIZATIONS_PURGE_JOB_TYPE = 'organizations.purge';
export const ORGANIZATIONS_PURGE_SCHEDULE = 'organizations.purge-deleted';
export const ORGANIZATIONS_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Hourly: hard-deletes deleted organizations whose purge date has come. */
export function registerOrganizationsJobs({
  jobQueue,
  organizations,
}: {
  jobQueue: JobQueue;
  organizations: OrganizationsUsecases;
}) {
  jobQueue.register(ORGANIZATIONS_PURGE_JOB_TYPE, async (_payload, { logger }) => {
    const purged = await organizations.purgeDueOrganizations({ logger });
    if (purged > 0) logger.info({ purged }, 'Deleted organizations purged');
  });
  jobQueue.schedule({
    name: ORGANIZATIONS_PURGE_SCHEDULE,
    type: ORGANIZATIONS_PURGE_JOB_TYPE,
    intervalMs: ORGANIZATIONS_PURGE_INTERVAL_MS,
  });
}
