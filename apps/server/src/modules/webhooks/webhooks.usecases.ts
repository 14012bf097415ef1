import { WEBHOOK_DELIVERIES_RETENTION_DAYS, WEBHOOKS_PER_ORGANIZATION_LIMIT } from '@sheaf/contracts/limits';
import {
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryDto,
  type WebhookDto,
  type WebhookEvent,
} from '@sheaf/contracts/webhooks';
import type { Transaction } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/database.types';
import { lockRow } from '../../db/locks';
import { addMilliseconds, type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { generateId } from '../../shared/ids';
import type { Logger } from '../../shared/logger';
import type { EmailsService } from '../emails/emails.service';
import { getEmailTemplates } from '../emails/emails.templates';
import type { WebhookSender } from './webhooks.delivery';
import {
  createWebhookDeliveryNotFoundError,
  createWebhookNotFoundError,
  createWebhooksLimitReachedError,
  createWebhookUrlNotAllowedError,
} from './webhooks.errors';
import {
  retryDelayMs,
  serializeWebhookBody,
  toWebhookDeliveryDto,
  toWebhookDto,
  WEBHOOK_AUTO_DISABLE_AFTER_MS,
} from './webhooks.models';
import type { WebhookOutbox } from './webhooks.outbox';
import { createWebhooksRepository, type WebhookMessageRow } from './webhooks.repository';
import { findNonPublicAddress, hostOf, type ResolveHost, resolveWithSystem } from './webhooks.ssrf';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Resolves after `ms`, or at once when `signal` aborts. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Messages of one webhook sent at once by a delivery job. */
export const WEBHOOK_DELIVERY_BATCH_SIZE = 32;
/**
 * After a batch smaller than WEBHOOK_DELIVERY_BATCH_SIZE, a busy drain waits this long for more
 * events before claiming again: during a burst the next claim takes several messages at once, so
 * the per-claim statements (claim, record, job bookkeeping) are paid once for many deliveries
 * instead of once or twice per document. An idle webhook's first event is sent without waiting.
 */
export const WEBHOOK_COALESCE_MS = 50;
/**
 * A delivery job sends batches for about this long, then queues its continuation and frees its
 * slot, so one busy or slow receiver never holds a worker while others wait.
 */
export const WEBHOOK_DRAIN_BUDGET_MS = 2_000;
/** A message being sent stays locked this long past the attempt's timeout (a crashed sender's lock runs out). */
const LOCK_MARGIN_MS = 30_000;

export type WebhookFields = {
  name: string;
  url: string;
  secret?: string | undefined;
  enabled: boolean;
  events: WebhookEvent[];
};

export type WebhookChanges = Partial<WebhookFields>;

export function createWebhooksUsecases({
  database,
  clock = systemClock,
  outbox,
  sender,
  emails,
  timeoutMs,
  allowPrivateTargets,
  resolveHost = resolveWithSystem,
  appBaseUrl,
  logger,
}: {
  database: AppDatabase;
  clock?: Clock;
  outbox: WebhookOutbox;
  sender: Pick<WebhookSender, 'send'>;
  emails: Pick<EmailsService, 'enqueue'>;
  timeoutMs: number;
  allowPrivateTargets: boolean;
  resolveHost?: ResolveHost;
  appBaseUrl: string;
  logger: Logger;
}) {
  const repository = createWebhooksRepository({ db: database.db });
  const now = () => toTimestamp(clock.now());

  async function requireWebhook({
    organizationId,
    webhookId,
  }: {
    organizationId: string;
    webhookId: string;
  }) {
    const row = await repository.findById({ organizationId, webhookId });
    if (!row) throw createWebhookNotFoundError();
    return row;
  }

  /** The SSRF guard at save time (see webhooks.ssrf.ts); lifted by WEBHOOKS_ALLOW_PRIVATE_TARGETS. */
  async function requireAllowedUrl(url: string) {
    if (allowPrivateTargets) return;
    const address = await findNonPublicAddress(url, resolveHost);
    if (address !== undefined) throw createWebhookUrlNotAllowedError({ host: hostOf(url), address });
  }

  /** Pending messages are dropped when a webhook is turned off: a disabled webhook sends nothing. */
  async function cancelPending(trx: Transaction<Database>, webhookId: string) {
    await createWebhooksRepository({ db: trx }).cancelPendingMessages({ webhookId, now: now() });
  }

  /** Turns off a webhook failing for WEBHOOK_AUTO_DISABLE_AFTER_MS and e-mails its organization's owners, once. */
  async function disableIfFailingTooLong(trx: Transaction<Database>, webhookId: string) {
    const at = clock.now();
    const webhooks = createWebhooksRepository({ db: trx });
    const disabled = await webhooks.disableIfFailingSince({
      webhookId,
      failingSinceAtMost: toTimestamp(addMilliseconds(at, -WEBHOOK_AUTO_DISABLE_AFTER_MS)),
      now: toTimestamp(at),
    });
    if (!disabled) return;
    await cancelPending(trx, webhookId);
    const url = `${appBaseUrl}/organizations/${disabled.organization_id}/settings/webhooks/${disabled.id}`;
    for (const owner of await webhooks.listOwners({ organizationId: disabled.organization_id })) {
      await emails.enqueue(
        {
          to: owner.email,
          ...getEmailTemplates(owner.locale).webhookDisabled({
            name: owner.name,
            webhookName: disabled.name,
            webhookUrl: disabled.url,
            organizationName: owner.organization_name,
            url,
          }),
        },
        { trx },
      );
    }
    logger.warn(
      { webhookId, organizationId: disabled.organization_id },
      'Webhook disabled: its deliveries failed for 3 days',
    );
  }

  /** One attempt of one claimed message: the request, and when it started. */
  async function send(
    webhook: { id: string; url: string; secret: string | null },
    message: WebhookMessageRow,
  ) {
    const startedAt = clock.now();
    const result = await sender.send({
      url: webhook.url,
      messageId: message.id,
      body: message.body,
      secret: webhook.secret,
      now: startedAt,
    });
    return { message, startedAt, result };
  }

  /**
   * Records the attempts of one batch in one transaction (one commit, not one per message): each
   * attempt's delivery row, the webhook's last status, and each message's next state.
   */
  async function recordAttempts(webhookId: string, attempts: Array<Awaited<ReturnType<typeof send>>>) {
    if (attempts.length === 0) return;
    const finishedAt = now();
    await database.db.transaction().execute(async (trx) => {
      const webhooks = createWebhooksRepository({ db: trx });
      await webhooks.insertDeliveries(
        attempts.map(({ message, startedAt, result }) => ({
          id: generateId('whd'),
          webhook_id: webhookId,
          message_id: message.id,
          organization_id: message.organization_id,
          event_type: message.event_type,
          attempt: message.attempts + 1,
          status: result.ok ? ('success' as const) : ('failure' as const),
          response_status: result.responseStatus,
          duration_ms: result.durationMs,
          error: result.error,
          response_body: result.responseBody,
          created_at: toTimestamp(startedAt),
        })),
      );
      // Applied in one go, as the last attempt of the batch would leave it.
      const last = attempts[attempts.length - 1]!;
      await webhooks.recordAttemptOnWebhook({
        webhookId,
        at: toTimestamp(last.startedAt),
        ok: last.result.ok,
      });
      const succeeded = attempts.filter(({ result }) => result.ok);
      await webhooks.markMessagesSucceeded({
        messageIds: succeeded.map(({ message }) => message.id),
        now: finishedAt,
      });
      const failed = attempts.filter(({ result }) => !result.ok);
      if (failed.length === 0) return;
      await disableIfFailingTooLong(trx, webhookId);
      // No retry for a webhook turned off meanwhile (by hand, or just now for failing).
      const isEnabled = (await webhooks.findByIdForDelivery({ webhookId }))?.enabled === 1;
      for (const { message, startedAt, result } of failed) {
        const attemptNumber = message.attempts + 1;
        const delay =
          result.responseStatus === 410 || attemptNumber >= message.max_attempts
            ? undefined
            : retryDelayMs({ attempts: attemptNumber });
        const retryAt =
          delay !== undefined && isEnabled ? toTimestamp(addMilliseconds(startedAt, delay)) : undefined;
        await webhooks.updateMessage({
          messageId: message.id,
          set: {
            status: retryAt ? 'pending' : 'failed',
            attempts: attemptNumber,
            next_attempt_at: retryAt ?? message.next_attempt_at,
            locked_until: null,
            updated_at: finishedAt,
          },
        });
      }
    });
  }

  /** Delivery jobs of this process running per webhook; `dirty` when another asked meanwhile. */
  const lanes = new Map<string, { dirty: boolean }>();

  return {
    async listWebhooks({ organizationId }: { organizationId: string }): Promise<WebhookDto[]> {
      return (await repository.list({ organizationId })).map(toWebhookDto);
    },

    async getWebhook({ organizationId, webhookId }: { organizationId: string; webhookId: string }) {
      return toWebhookDto(await requireWebhook({ organizationId, webhookId }));
    },

    /** At most WEBHOOKS_PER_ORGANIZATION_LIMIT per organization, counted under its lock. */
    async createWebhook({ organizationId, fields }: { organizationId: string; fields: WebhookFields }) {
      await requireAllowedUrl(fields.url);
      const id = generateId('wbh');
      await database.db.transaction().execute(async (trx) => {
        await lockRow(trx, 'organizations', organizationId);
        const webhooks = createWebhooksRepository({ db: trx });
        if ((await webhooks.count({ organizationId })) >= WEBHOOKS_PER_ORGANIZATION_LIMIT) {
          throw createWebhooksLimitReachedError();
        }
        const createdAt = now();
        await webhooks.insert({
          id,
          organization_id: organizationId,
          name: fields.name,
          url: fields.url,
          secret: fields.secret ? fields.secret : null,
          enabled: fields.enabled ? 1 : 0,
          events: JSON.stringify(fields.events),
          last_triggered_at: null,
          last_delivery_status: null,
          failing_since: null,
          disabled_automatically_at: null,
          drain_at: null,
          created_at: createdAt,
          updated_at: createdAt,
        });
      });
      return toWebhookDto(await requireWebhook({ organizationId, webhookId: id }));
    },

    /**
     * Changes the fields given. `secret` left out keeps the secret, '' removes it. Turning the
     * webhook off drops its pending deliveries; turning it on again starts afresh (the failing
     * streak that disables a webhook is forgotten).
     */
    async updateWebhook({
      organizationId,
      webhookId,
      changes,
    }: {
      organizationId: string;
      webhookId: string;
      changes: WebhookChanges;
    }) {
      const current = await requireWebhook({ organizationId, webhookId });
      if (changes.url !== undefined && changes.url !== current.url) await requireAllowedUrl(changes.url);
      await database.db.transaction().execute(async (trx) => {
        const webhooks = createWebhooksRepository({ db: trx });
        const row = await webhooks.findById({ organizationId, webhookId });
        if (!row) throw createWebhookNotFoundError();
        const enabling = changes.enabled === true && row.enabled === 0;
        const disabling = changes.enabled === false && row.enabled === 1;
        await webhooks.update({
          organizationId,
          webhookId,
          set: {
            ...(changes.name !== undefined ? { name: changes.name } : {}),
            ...(changes.url !== undefined ? { url: changes.url } : {}),
            ...(changes.secret !== undefined
              ? { secret: changes.secret === '' ? null : changes.secret }
              : {}),
            ...(changes.events !== undefined ? { events: JSON.stringify(changes.events) } : {}),
            ...(changes.enabled !== undefined
              ? { enabled: changes.enabled ? (1 as const) : (0 as const) }
              : {}),
            ...(enabling ? { failing_since: null, disabled_automatically_at: null } : {}),
            updated_at: now(),
          },
        });
        if (disabling) await cancelPending(trx, webhookId);
      });
      return toWebhookDto(await requireWebhook({ organizationId, webhookId }));
    },

    async deleteWebhook({ organizationId, webhookId }: { organizationId: string; webhookId: string }) {
      if (!(await repository.delete({ organizationId, webhookId }))) throw createWebhookNotFoundError();
    },

    async listDeliveries({
      organizationId,
      webhookId,
      pageIndex,
      pageSize,
    }: {
      organizationId: string;
      webhookId: string;
      pageIndex: number;
      pageSize: number;
    }): Promise<{ deliveries: WebhookDeliveryDto[]; deliveriesCount: number }> {
      await requireWebhook({ organizationId, webhookId });
      const [rows, deliveriesCount] = await Promise.all([
        repository.listDeliveries({ webhookId, pageIndex, pageSize }),
        repository.countDeliveries({ webhookId }),
      ]);
      return { deliveries: rows.map(toWebhookDeliveryDto), deliveriesCount };
    },

    /**
     * Sends the event of a delivery again, with the same `webhook-id`, once (no retries), even to a
     * disabled webhook: it is asked for explicitly. An event still being retried is left to its retries.
     */
    async redeliver({
      organizationId,
      webhookId,
      deliveryId,
    }: {
      organizationId: string;
      webhookId: string;
      deliveryId: string;
    }) {
      await requireWebhook({ organizationId, webhookId });
      const delivery = await repository.findDelivery({ webhookId, deliveryId });
      if (!delivery) throw createWebhookDeliveryNotFoundError();
      await database.db.transaction().execute(async (trx) => {
        const webhooks = createWebhooksRepository({ db: trx });
        const message = await webhooks.findMessage({ webhookId, messageId: delivery.message_id });
        if (!message) throw createWebhookDeliveryNotFoundError();
        if (message.status === 'pending') return;
        const at = clock.now();
        await webhooks.updateMessage({
          messageId: message.id,
          set: {
            status: 'pending',
            max_attempts: message.attempts + 1,
            next_attempt_at: toTimestamp(at),
            locked_until: null,
            updated_at: toTimestamp(at),
          },
        });
        await outbox.requestDrains({ db: trx, webhookIds: [webhookId], at });
      });
      return { messageId: delivery.message_id };
    },

    /** Queues a `webhook:test` ping (one attempt), even to a disabled webhook. */
    async sendTestEvent({ organizationId, webhookId }: { organizationId: string; webhookId: string }) {
      await requireWebhook({ organizationId, webhookId });
      const at = now();
      const [messageId] = await database.db.transaction().execute((trx) =>
        outbox.writeMessages(trx, [
          {
            webhookId,
            organizationId,
            documentId: null,
            type: WEBHOOK_TEST_EVENT,
            body: serializeWebhookBody({
              type: WEBHOOK_TEST_EVENT,
              timestamp: at,
              data: { webhookId, organizationId },
            }),
            maxAttempts: 1,
            now: at,
          },
        ]),
      );
      return { messageId: messageId! };
    },

    /**
     * The delivery job of one webhook: sends its due messages, WEBHOOK_DELIVERY_BATCH_SIZE at a
     * time, in order per document (a message waits while an earlier one about the same document is
     * pending). After WEBHOOK_DRAIN_BUDGET_MS it queues its continuation and returns, freeing the
     * worker. Once nothing is due it queues a job for the next retry. A job for a webhook this
     * process already drains only tells that one to look again.
     */
    async drainWebhook({ webhookId, signal }: { webhookId: string; signal?: AbortSignal }) {
      const running = lanes.get(webhookId);
      if (running) {
        // Set without waiting: the running drain reads it before it ends, and clears drain_at.
        running.dirty = true;
        return;
      }
      const lane = { dirty: true };
      lanes.set(webhookId, lane);
      try {
        const startedAt = performance.now();
        for (;;) {
          if (signal?.aborted) return;
          if (lane.dirty) {
            lane.dirty = false;
            // Events from now on queue a job again (this one may be ending).
            await repository.clearDrain({ webhookId, now: now() });
          }
          const webhook = await repository.findByIdForDelivery({ webhookId });
          if (!webhook) return;
          const at = clock.now();
          const batch = await repository.claimDueMessages({
            webhookId,
            now: toTimestamp(at),
            lockedUntil: toTimestamp(addMilliseconds(at, timeoutMs + LOCK_MARGIN_MS)),
            limit: WEBHOOK_DELIVERY_BATCH_SIZE,
          });
          if (batch.length > 0) {
            await recordAttempts(
              webhookId,
              await Promise.all(batch.map((message) => send(webhook, message))),
            );
            if (performance.now() - startedAt >= WEBHOOK_DRAIN_BUDGET_MS) {
              // Forced: a job queued meanwhile has already run into this lane and ended, so
              // drain_at being set no longer means a job is coming.
              await outbox.requestDrains({
                db: database.db,
                webhookIds: [webhookId],
                at: clock.now(),
                force: true,
              });
              return;
            }
            if (batch.length < WEBHOOK_DELIVERY_BATCH_SIZE) await sleep(WEBHOOK_COALESCE_MS, signal);
            continue;
          }
          if (lane.dirty) continue;
          const wakeAt = await repository.findNextWakeAt({ webhookId, now: toTimestamp(at) });
          if (wakeAt)
            await outbox.requestDrains({ db: database.db, webhookIds: [webhookId], at: new Date(wakeAt) });
          if (!lane.dirty) return;
        }
      } finally {
        lanes.delete(webhookId);
      }
    },

    /** Deletes delivery attempts older than WEBHOOK_DELIVERIES_RETENTION_DAYS (and finished events). */
    async purgeOldDeliveries() {
      return repository.purgeOlderThan({
        before: toTimestamp(addMilliseconds(clock.now(), -WEBHOOK_DELIVERIES_RETENTION_DAYS * DAY_MS)),
      });
    },

    /** Queues a delivery job for webhooks with due messages and none queued (a job that ended failed). */
    async resumeStalledWebhooks({ graceMs }: { graceMs: number }) {
      const at = clock.now();
      const webhookIds = await repository.listStalledWebhooks({
        dueBefore: toTimestamp(addMilliseconds(at, -graceMs)),
      });
      if (webhookIds.length > 0) await outbox.requestDrains({ db: database.db, webhookIds, at, force: true });
      return webhookIds.length;
    },
  };
}

export type WebhooksUsecases = ReturnType<typeof createWebhooksUsecases>;
