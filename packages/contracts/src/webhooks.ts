import { z } from 'zod';
import {
  MAX_PAGE_SIZE,
  WEBHOOK_NAME_MAX_LENGTH,
  WEBHOOK_SECRET_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
  WEBHOOKS_DELIVERIES_PAGE_SIZE,
} from './limits';
import type { MemberRole } from './permissions';
import { singleLineString } from './text';

/** The events a webhook can subscribe to (spec §6), in the order the UI lists them. */
export const WEBHOOK_EVENTS = [
  'document:created',
  'document:deleted',
  'document:updated',
  'document:tag:added',
  'document:tag:removed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Owners and admins manage webhooks, signed in; members neither see nor reach them (403). */
export const WEBHOOK_MANAGER_ROLES = ['owner', 'admin'] as const satisfies readonly MemberRole[];

export function canManageWebhooks(role: MemberRole): boolean {
  return (WEBHOOK_MANAGER_ROLES as readonly MemberRole[]).includes(role);
}

/** The ping sent by POST …/webhooks/{webhookId}/test; not subscribable. */
export const WEBHOOK_TEST_EVENT = 'webhook:test' as const;

/** Every `type` a delivery can carry: the subscribable events and the test ping. */
export type WebhookDeliveryEventType = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

export function isWebhookEvent(value: string): value is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/** Prefix of a Standard Webhooks secret (`whsec_<base64>`); the UI's "Generate" button makes one. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A `whsec_` secret from 24 random bytes (browser or Node ≥ 20: `crypto.getRandomValues`). */
export function generateWebhookSecret(): string {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `${WEBHOOK_SECRET_PREFIX}${btoa(binary)}`;
}

const isHttpUrl = (value: string) => {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
};

const webhookNameSchema = singleLineString()
  .trim()
  .min(1, { message: 'The name is required' })
  .max(WEBHOOK_NAME_MAX_LENGTH, {
    message: `The name must be at most ${WEBHOOK_NAME_MAX_LENGTH} characters`,
  });

export const webhookUrlSchema = singleLineString()
  .trim()
  .min(1, { message: 'The URL is required' })
  .max(WEBHOOK_URL_MAX_LENGTH, {
    message: `The URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`,
  })
  .refine(isHttpUrl, { message: 'Please enter a valid http(s) URL' });

/** Secret text; '' means "no secret" (on PUT: remove the current one). Not trimmed. */
const webhookSecretSchema = singleLineString().max(WEBHOOK_SECRET_MAX_LENGTH, {
  message: `The secret must be at most ${WEBHOOK_SECRET_MAX_LENGTH} characters`,
});

const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1, { message: 'Select at least one event' })
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

/** POST /api/organizations/{organizationId}/webhooks (spec §5). */
export const createWebhookSchema = z.strictObject({
  name: webhookNameSchema,
  url: webhookUrlSchema,
  secret: webhookSecretSchema.optional(),
  enabled: z.boolean().default(true),
  events: webhookEventsSchema,
});
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;

/**
 * PUT …/webhooks/{webhookId}: any of the fields; those left out keep their value. `secret` left out
 * keeps the current secret, `secret: ''` removes it, any other value replaces it.
 */
export const updateWebhookSchema = z.strictObject({
  name: webhookNameSchema.optional(),
  url: webhookUrlSchema.optional(),
  secret: webhookSecretSchema.optional(),
  enabled: z.boolean().optional(),
  events: webhookEventsSchema.optional(),
});
export type UpdateWebhookInput = z.input<typeof updateWebhookSchema>;

/** GET …/webhooks/{webhookId}/deliveries */
export const listWebhookDeliveriesQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(WEBHOOKS_DELIVERIES_PAGE_SIZE),
});

/** Outcome of the webhook's newest delivery attempt (the list's dot); null when none yet. */
export type WebhookDeliveryStatus = 'success' | 'failure';

/** A webhook as answered; the secret is write-only and never sent back, only `hasSecret`. */
export type WebhookDto = {
  id: string;
  organizationId: string;
  name: string;
  url: string;
  enabled: boolean;
  events: WebhookEvent[];
  hasSecret: boolean;
  /** When the last delivery attempt started (any outcome), or null. */
  lastTriggeredAt: string | null;
  lastDeliveryStatus: WebhookDeliveryStatus | null;
  createdAt: string;
  updatedAt: string;
};

/** One delivery attempt, newest first in GET …/deliveries. */
export type WebhookDeliveryDto = {
  id: string;
  webhookId: string;
  /** `msg_…`: the `webhook-id` header, the same for every attempt of one event. */
  messageId: string;
  eventType: WebhookDeliveryEventType;
  /** 1 for the first try of an event; redeliveries continue the count. */
  attempt: number;
  status: WebhookDeliveryStatus;
  /** HTTP status answered by the receiver, or null when none (timeout, refused, network error). */
  responseStatus: number | null;
  durationMs: number;
  /** Why it failed, in English (e.g. "Timed out after 10000 ms"), or null on success. */
  error: string | null;
  createdAt: string;
  /** The JSON body sent. */
  requestBody: string;
  /** The first WEBHOOK_RESPONSE_BODY_MAX_BYTES of the receiver's body, or null when none. */
  responseBody: string | null;
};

export type ListWebhooksResponse = { webhooks: WebhookDto[] };
export type WebhookResponse = { webhook: WebhookDto };
export type ListWebhookDeliveriesResponse = { deliveries: WebhookDeliveryDto[]; deliveriesCount: number };
/** POST …/deliveries/{deliveryId}/redeliver and POST …/webhooks/{webhookId}/test: 202, delivery queued. */
export type WebhookDeliveryQueuedResponse = { messageId: string };

/** This domain's endpoints (see endpoint.ts). */
export const webhooksEndpoints = {};
