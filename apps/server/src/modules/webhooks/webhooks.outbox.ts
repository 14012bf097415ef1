import type { WebhookDeliveryEventType } from '@sheaf/contracts/webhooks';
import type { DatabaseOrTransaction, Timestamp } from '../../db/database.types';
import { generateId } from '../../shared/ids';
import type { ActivityRecordedHook } from '../activity/activity.usecases';
import type { JobQueue } from '../jobs/jobs.queue';
import type { NotesReadPort } from '../notes/notes.port';
import {
  parseEvents,
  serializeWebhookBody,
  WEBHOOK_CONTENT_MAX_LENGTH,
  WEBHOOK_MAX_ATTEMPTS,
  webhookEventOf,
} from './webhooks.models';
import { createWebhooksRepository } from './webhooks.repository';

/** The job that sends the due messages of one webhook; its payload names the webhook. */
export const DELIVER_WEBHOOK_JOB_TYPE = 'webhooks.deliver';
export type DeliverWebhookPayload = { webhookId: string };

export type WebhookMessageInput = {
  webhookId: string;
  organizationId: string;
  documentId: string | null;
  type: WebhookDeliveryEventType;
  body: string;
  maxAttempts?: number;
  now: Timestamp;
};

/**
 * The webhook outbox: messages are written in the caller's transaction, with a delivery job per
 * webhook that has none queued, so an event is sent if and only if its change commits, and survives
 * a crash right after the commit.
 */
export function createWebhookOutbox({
  jobQueue,
  notes,
}: {
  jobQueue: Pick<JobQueue, 'enqueue'>;
  /** Reads the note of a `document:note:created` event. */
  notes: NotesReadPort;
}) {
  /** Queues a delivery job for each webhook that has none queued to run by `at`. */
  async function requestDrains({
    db,
    webhookIds,
    at,
    force = false,
  }: {
    db: DatabaseOrTransaction;
    webhookIds: string[];
    at: Date;
    /** Queue one even when a job is said to be queued (the safety net for a lost one). */
    force?: boolean;
  }): Promise<void> {
    if (!db.isTransaction) {
      return db.transaction().execute((trx) => requestDrains({ db: trx, webhookIds, at, force }));
    }
    const ids = await createWebhooksRepository({ db }).requestDrains({
      webhookIds: [...new Set(webhookIds)],
      at: at.toISOString(),
      force,
    });
    for (const webhookId of ids) {
      await jobQueue.enqueue(DELIVER_WEBHOOK_JOB_TYPE, { webhookId } satisfies DeliverWebhookPayload, {
        trx: db,
        runAt: at,
      });
    }
  }

  /** Writes messages and queues their delivery; answers their ids (`msg_…`). */
  async function writeMessages(db: DatabaseOrTransaction, messages: WebhookMessageInput[]) {
    if (messages.length === 0) return [];
    const rows = messages.map((message) => ({
      id: generateId('msg'),
      webhook_id: message.webhookId,
      organization_id: message.organizationId,
      document_id: message.documentId,
      event_type: message.type,
      body: message.body,
      status: 'pending' as const,
      attempts: 0,
      max_attempts: message.maxAttempts ?? WEBHOOK_MAX_ATTEMPTS,
      next_attempt_at: message.now,
      locked_until: null,
      created_at: message.now,
      updated_at: message.now,
    }));
    await createWebhooksRepository({ db }).insertMessages(rows);
    await requestDrains({
      db,
      webhookIds: messages.map(({ webhookId }) => webhookId),
      at: new Date(messages[0]!.now),
    });
    return rows.map(({ id }) => id);
  }

  /**
   * The activity hook: one message per enabled webhook of the organization subscribed to the
   * event. An organization without such a webhook costs one indexed read.
   */
  const onActivityRecorded: ActivityRecordedHook = async (db, activity) => {
    const type = webhookEventOf(activity.event);
    if (!type) return;
    const repository = createWebhooksRepository({ db });
    const subscribed = (
      await repository.listEnabledSubscriptions({ organizationId: activity.organizationId })
    )
      .filter((webhook) => parseEvents(webhook.events).includes(type))
      .map(({ id }) => id);
    if (subscribed.length === 0) return;

    const { organizationId, documentId } = activity;
    let data: Record<string, unknown> = { documentId, organizationId };
    if (type === 'document:created' || type === 'document:updated') {
      const document = await repository.findDocumentForEvent({ organizationId, documentId });
      if (type === 'document:created') {
        data = {
          ...data,
          name: document?.name ?? null,
          createdAt: document?.created_at ?? activity.now,
          updatedAt: document?.updated_at ?? null,
        };
      } else {
        // The fields the activity entry lists (`name`, `content`, `documentDate`,
        // `properties.<propertyId>`), with the new value of the document's own fields.
        const fields = activity.eventData?.updatedFields ?? [];
        data.updatedFields = fields;
        if (document && fields.includes('name')) data.name = document.name;
        if (document && fields.includes('content'))
          data.content = document.content.slice(0, WEBHOOK_CONTENT_MAX_LENGTH);
        if (document && fields.includes('documentDate')) data.documentDate = document.document_date;
      }
    } else if (type === 'document:note:created') {
      const noteId = activity.eventData?.noteId ?? null;
      const note = noteId ? await notes.findNote({ trx: db, organizationId, noteId }) : undefined;
      data = {
        ...data,
        noteId,
        content: note?.content ?? null,
        author: note?.author ?? null,
        createdAt: note?.createdAt ?? activity.now,
      };
    } else if (type === 'document:tag:added' || type === 'document:tag:removed') {
      const tagId = activity.tagId ?? null;
      data = {
        ...data,
        tagId,
        tagName: tagId ? await repository.findTagName({ organizationId, tagId }) : null,
      };
    }
    const body = serializeWebhookBody({ type, timestamp: activity.now, data });
    await writeMessages(
      db,
      subscribed.map((webhookId) => ({
        webhookId,
        organizationId,
        documentId,
        type,
        body,
        now: activity.now,
      })),
    );
  };

  return { onActivityRecorded, writeMessages, requestDrains };
}

export type WebhookOutbox = ReturnType<typeof createWebhookOutbox>;
