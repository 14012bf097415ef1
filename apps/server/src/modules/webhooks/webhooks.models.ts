import type { DocumentActivityEvent } from '@sheaf/contracts/documents';
import {
  isWebhookEvent,
  type WebhookDeliveryDto,
  type WebhookDeliveryEventType,
  type WebhookDto,
  type WebhookEvent,
} from '@sheaf/contracts/webhooks';
import type { WebhookDeliveriesTable, WebhooksTable } from '../../db/database.types';

/**
 * Waits before each retry of a failed attempt (before the 2nd, 3rd… attempt): 8 attempts over
 * about 17 hours, each wait with ±20 % jitter so receivers coming back are not hit all at once.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  30_000,
  2 * 60_000,
  10 * 60_000,
  60 * 60_000,
  4 * 60 * 60_000,
  12 * 60 * 60_000,
] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
export const WEBHOOK_RETRY_JITTER = 0.2;

/** A webhook whose attempts all failed for this long is disabled and its owners told. */
export const WEBHOOK_AUTO_DISABLE_AFTER_MS = 3 * 24 * 60 * 60_000;

/** Longest document content an `document:updated` body carries (characters). */
export const WEBHOOK_CONTENT_MAX_LENGTH = 100_000;

/** The wait before the attempt after `attempts` failed ones, jittered; undefined when none is left. */
export function retryDelayMs({
  attempts,
  random = Math.random,
}: {
  attempts: number;
  random?: () => number;
}): number | undefined {
  const base = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
  if (base === undefined) return undefined;
  return Math.round(base * (1 - WEBHOOK_RETRY_JITTER + 2 * WEBHOOK_RETRY_JITTER * random()));
}

/** The webhook event an activity entry of a document is, if any (a restore or a note's deletion is none). */
export function webhookEventOf(event: DocumentActivityEvent): WebhookEvent | undefined {
  switch (event) {
    case 'created':
      return 'document:created';
    case 'updated':
      return 'document:updated';
    case 'deleted':
      return 'document:deleted';
    case 'tagged':
      return 'document:tag:added';
    case 'untagged':
      return 'document:tag:removed';
    case 'note_added':
      return 'document:note:created';
    default:
      return undefined;
  }
}

/** The events of a webhook row (unknown names, from a later version, are left out). */
export function parseEvents(events: string): WebhookEvent[] {
  const parsed: unknown = JSON.parse(events);
  return Array.isArray(parsed)
    ? parsed.filter((event): event is WebhookEvent => typeof event === 'string' && isWebhookEvent(event))
    : [];
}

/** The JSON body every attempt of a message sends: `{ type, timestamp, data }`. */
export function serializeWebhookBody({
  type,
  timestamp,
  data,
}: {
  type: WebhookDeliveryEventType;
  timestamp: string;
  data: Record<string, unknown>;
}): string {
  return JSON.stringify({ type, timestamp, data });
}

export function toWebhookDto(row: WebhooksTable): WebhookDto {
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    url: row.url,
    enabled: row.enabled === 1,
    events: parseEvents(row.events),
    hasSecret: row.secret !== null && row.secret !== '',
    lastTriggeredAt: row.last_triggered_at,
    lastDeliveryStatus: row.last_delivery_status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toWebhookDeliveryDto(
  row: WebhookDeliveriesTable & { request_body: string },
): WebhookDeliveryDto {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    messageId: row.message_id,
    eventType: row.event_type as WebhookDeliveryEventType,
    attempt: row.attempt,
    status: row.status,
    responseStatus: row.response_status,
    durationMs: row.duration_ms,
    error: row.error,
    createdAt: row.created_at,
    requestBody: row.request_body,
    responseBody: row.response_body,
  };
}
