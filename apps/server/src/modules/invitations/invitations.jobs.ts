import type { JobQueue } from '../jobs/jobs.queue';
import type { InvitationsUsecases } from './invitations.usecases';

export const INVITATIONS_EXPIRE_JOB_TYPE = 'invitations.expire';
export const INVITATIONS_EXPIRE_SCHEDULE = 'invitations.expire-pending';
export const INVITATIONS_EXPIRE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Hourly: marks pending invitations past their expiry as expired. Reads and accepts already
 * treat them as expired in between, so the period only affects the stored status.
 */
export function registerInvitationsJobs({
  jobQueue,
  invitations,
}: {
  jobQueue: JobQueue;
  invitations: InvitationsUsecases;
}) {
  jobQueue.register(INVITATIONS_EXPIRE_JOB_TYPE, async (_payload, { logger }) => {
    const expired = await invitations.expireInvitations();
    if (expired > 0) logger.info({ expired }, 'Pending invitations expired');
  });
  jobQueue.schedule({
    name: INVITATIONS_EXPIRE_SCHEDULE,
    type: INVITATIONS_EXPIRE_JOB_TYPE,
    intervalMs: INVITATIONS_EXPIRE_INTERVAL_MS,
  });
}
