import type { JobQueue } from '../jobs/jobs.queue';
import { DELIVER_WEBHOOK_JOB_TYPE, type DeliverWebhookPayload } from './webhooks.outbox';
import type { WebhooksUsecases } from './webhooks.usecases';

export const WEBHOOKS_PURGE_JOB_TYPE = 'webhooks.purge-deliveries';
export const WEBHOOKS_PURGE_SCHEDULE = 'webhooks.purge-deliveries';
export const WEBHOOKS_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export const WEBHOOKS_RESUME_JOB_TYPE = 'webhooks.resume-stalled';
export const WEBHOOKS_RESUME_SCHEDULE = 'webhooks.resume-stalled';
export const WEBHOOKS_RESUME_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Webhook delivery jobs (light), one per webhook with due messages; the retries of a message are
 * its own (`next_attempt_at`), so a failing job (the database down) is retried quickly. Hourly,
 * attempts older than 30 days are purged; every 5 minutes, webhooks whose delivery job was lost
 * (it ended failed) get one again.
 */
export function registerWebhooksJobs({
  jobQueue,
  webhooks,
}: {
  jobQueue: JobQueue;
  webhooks: WebhooksUsecases;
}) {
  jobQueue.register<DeliverWebhookPayload>(
    DELIVER_WEBHOOK_JOB_TYPE,
    ({ webhookId }, { signal }) => webhooks.drainWebhook({ webhookId, signal }),
    { kind: 'light', maxAttempts: 10, backoffBaseMs: 1_000, backoffMaxMs: 5 * 60 * 1000 },
  );

  jobQueue.register(WEBHOOKS_PURGE_JOB_TYPE, async (_payload, { logger }) => {
    const purged = await webhooks.purgeOldDeliveries();
    if (purged.deliveries > 0 || purged.messages > 0) logger.info(purged, 'Old webhook deliveries purged');
  });
  jobQueue.schedule({
    name: WEBHOOKS_PURGE_SCHEDULE,
    type: WEBHOOKS_PURGE_JOB_TYPE,
    intervalMs: WEBHOOKS_PURGE_INTERVAL_MS,
  });

  jobQueue.register(WEBHOOKS_RESUME_JOB_TYPE, async (_payload, { logger }) => {
    const resumed = await webhooks.resumeStalledWebhooks({ graceMs: WEBHOOKS_RESUME_INTERVAL_MS });
    if (resumed > 0) logger.warn({ resumed }, 'Webhook deliveries resumed');
  });
  jobQueue.schedule({
    name: WEBHOOKS_RESUME_SCHEDULE,
    type: WEBHOOKS_RESUME_JOB_TYPE,
    intervalMs: WEBHOOKS_RESUME_INTERVAL_MS,
  });
}
