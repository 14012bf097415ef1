import { z } from 'zod';
import { defineEndpoint, isoDateTime } from './endpoint';
import {
  MAX_PAGE_SIZE,
  WEBHOOK_DELIVERIES_RETENTION_DAYS,
  WEBHOOK_NAME_MAX_LENGTH,
  WEBHOOK_RESPONSE_BODY_MAX_BYTES,
  WEBHOOK_SECRET_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
  WEBHOOKS_DELIVERIES_PAGE_SIZE,
  WEBHOOKS_PER_ORGANIZATION_LIMIT,
} from './limits';
import { pageIndexSchema, pageSizeSchema } from './pagination';
import type { MemberRole } from './permissions';
import { singleLineString } from './text';

/** The events a webhook can subscribe to (spec §6), in the order the UI lists them. */
export const WEBHOOK_EVENTS = [
  'document:created',
  'document:deleted',
  'document:updated',
  'document:tag:added',
  'document:tag:removed',
  'document:note:created',
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
export const listWebhookDeliveriesQuerySchema = z.strictObject({
  pageIndex: pageIndexSchema,
  pageSize: pageSizeSchema(WEBHOOKS_DELIVERIES_PAGE_SIZE),
});

export const WEBHOOK_DELIVERY_STATUSES = ['success', 'failure'] as const;
/** Outcome of the webhook's newest delivery attempt (the list's dot); null when none yet. */
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** A webhook as answered; the secret is write-only and never sent back, only `hasSecret`. */
export const webhookSchema = z.strictObject({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  url: z.string(),
  enabled: z.boolean(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  hasSecret: z.boolean(),
  /** When the last delivery attempt started (any outcome), or null. */
  lastTriggeredAt: isoDateTime().nullable(),
  lastDeliveryStatus: z.enum(WEBHOOK_DELIVERY_STATUSES).nullable(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});

export type WebhookDto = z.infer<typeof webhookSchema>;

/** One delivery attempt, newest first in GET …/deliveries. */
export const webhookDeliverySchema = z.strictObject({
  id: z.string(),
  webhookId: z.string(),
  /** `msg_…`: the `webhook-id` header, the same for every attempt of one event. */
  messageId: z.string(),
  eventType: z.enum([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT]),
  /** 1 for the first try of an event; redeliveries continue the count. */
  attempt: z.number().int().positive(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** HTTP status answered by the receiver, or null when none (timeout, refused, network error). */
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nonnegative(),
  /** Why it failed, in English (e.g. "Timed out after 10000 ms"), or null on success. */
  error: z.string().nullable(),
  createdAt: isoDateTime(),
  /** The JSON body sent. */
  requestBody: z.string(),
  /** The first WEBHOOK_RESPONSE_BODY_MAX_BYTES of the receiver's body, or null when none. */
  responseBody: z.string().nullable(),
});

export type WebhookDeliveryDto = z.infer<typeof webhookDeliverySchema>;

const listWebhooksAnswerSchema = z.strictObject({ webhooks: z.array(webhookSchema) });
const webhookAnswerSchema = z.strictObject({ webhook: webhookSchema });
const listWebhookDeliveriesAnswerSchema = z.strictObject({
  deliveries: z.array(webhookDeliverySchema),
  /** Every delivery attempt of the webhook kept, for the pagination. */
  deliveriesCount: z.number().int().nonnegative(),
});
/** POST …/deliveries/{deliveryId}/redeliver and POST …/webhooks/{webhookId}/test: 202, delivery queued. */
const webhookDeliveryQueuedAnswerSchema = z.strictObject({
  /** The `msg_…` of the event queued: its attempts show in the deliveries with this `messageId`. */
  messageId: z.string(),
});

export type ListWebhooksResponse = z.infer<typeof listWebhooksAnswerSchema>;
export type WebhookResponse = z.infer<typeof webhookAnswerSchema>;
export type ListWebhookDeliveriesResponse = z.infer<typeof listWebhookDeliveriesAnswerSchema>;
export type WebhookDeliveryQueuedResponse = z.infer<typeof webhookDeliveryQueuedAnswerSchema>;

const WEBHOOKS = '/api/organizations/:organizationId/webhooks';
const TAG = 'Webhooks';
const MANAGERS_ONLY = 'Owners and admins, signed in: members and API keys get 403.';
const exampleWebhook = {
  id: 'wbh_0123456789abcdefghijklmn',
  organizationId: 'org_0123456789abcdefghijklmn',
  name: 'Accounting',
  url: 'https://example.com/sheaf-webhook',
  enabled: true,
  events: ['document:created', 'document:deleted'],
  hasSecret: true,
  lastTriggeredAt: null,
  lastDeliveryStatus: null,
  createdAt: '2026-01-31T09:15:00.000Z',
  updatedAt: '2026-01-31T09:15:00.000Z',
};
const exampleDelivery = {
  id: 'whd_0123456789abcdefghijklmn',
  webhookId: 'wbh_0123456789abcdefghijklmn',
  messageId: 'msg_0123456789abcdefghijklmn',
  eventType: 'webhook:test',
  attempt: 1,
  status: 'success',
  responseStatus: 200,
  durationMs: 84,
  error: null,
  createdAt: '2026-01-31T09:16:00.000Z',
  requestBody:
    '{"type":"webhook:test","timestamp":"2026-01-31T09:16:00.000Z","data":{"webhookId":"wbh_0123456789abcdefghijklmn","organizationId":"org_0123456789abcdefghijklmn"}}',
  responseBody: 'ok',
};

/** Webhooks are managed by owners and admins, signed in (design §3). */
export const webhooksEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: WEBHOOKS,
    tag: TAG,
    summary: "The organization's webhooks",
    description: `The secret is never answered: \`hasSecret\` says whether there is one. \`lastDeliveryStatus\` is the outcome of the newest delivery attempt, \`success\` or \`failure\`, or null before the first. ${MANAGERS_ONLY}`,
    auth: 'session',
    roles: WEBHOOK_MANAGER_ROLES,
    answers: { 200: listWebhooksAnswerSchema },
    example: { answer: { webhooks: [exampleWebhook] } },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: WEBHOOKS,
    tag: TAG,
    summary: 'Create a webhook',
    description: `The name is trimmed, 1–${WEBHOOK_NAME_MAX_LENGTH} characters; the URL an http(s) URL of at most ${WEBHOOK_URL_MAX_LENGTH} characters; the secret optional, at most ${WEBHOOK_SECRET_MAX_LENGTH} characters; \`enabled\` true by default; \`events\` at least one of ${WEBHOOK_EVENTS.map((event) => `\`${event}\``).join(', ')}. At most ${WEBHOOKS_PER_ORGANIZATION_LIMIT} per organization (403 \`webhooks.limit_reached\`). A URL whose host is or resolves to a non-public address is refused (400 \`webhooks.url_not_allowed\`) unless WEBHOOKS_ALLOW_PRIVATE_TARGETS is on. ${MANAGERS_ONLY}`,
    auth: 'session',
    roles: WEBHOOK_MANAGER_ROLES,
    body: createWebhookSchema,
    answers: { 201: webhookAnswerSchema },
    errors: { 400: ['webhooks.url_not_allowed'], 403: ['webhooks.limit_reached'] },
    example: {
      body: {
        name: 'Accounting',
        url: 'https://example.com/sheaf-webhook',
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        enabled: true,
        events: ['document:created', 'document:deleted'],
      },
      answer: { webhook: exampleWebhook },
    },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${WEBHOOKS}/:webhookId`,
    tag: TAG,
    summary: 'A webhook',
    description: MANAGERS_ONLY,
    auth: 'session',
    roles: WEBHOOK_MANAGER_ROLES,
    answers: { 200: webhookAnswerSchema },
    errors: { 404: ['webhooks.not_found'] },
    example: { answer: { webhook: exampleWebhook } },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${WEBHOOKS}/:webhookId`,
    tag: TAG,
    summary: 'Update a webhook',
    description: `The fields left out keep their value; \`secret: ''\` removes the secret. Turning the webhook off drops its pending deliveries. A changed URL is checked as on creation. ${MANAGERS_ONLY}`,
    auth: 'session',
    roles: WEBHOOK_MANAGER_ROLES,
    body: updateWebhookSchema,
    answers: { 200: webhookAnswerSchema },
    errors: { 400: ['webhooks.url_not_allowed'], 404: ['webhooks.not_found'] },
    example: { body: { enabled: false }, answer: { webhook: { ...exampleWebhook, enabled: false } } },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${WEBHOOKS}/:webhookId`,
    tag: TAG,
    summary: 'Delete a webhook',
    description: `Its delivery log goes with it. ${MANAGERS_ONLY}`,
    auth: 'session',
    roles: WEBHOOK_MANAGER_ROLES,
    answers: { 204: null },
    errors: { 404: ['webhooks.not_found'] },
  }),
  listDeliveries: defineEndpoint({
    method: 'GET',
    path: `${WEBHOOKS}/:webhookId/deliveries`,
    tag: TAG,
    summary: "The webhook's delivery attempts, newest first",
    description: `\`pageSize\` is ${WEBHOOKS_DELIVERIES_PAGE_SIZE} by default, at most ${MAX_PAGE_SIZE}. Each attempt of each event is one entry; \`responseBody\` holds the first ${WEBHOOK_RESPONSE_BODY_MAX_BYTES / 1024} KB of the receiver's answer. Attempts are kept ${WEBHOOK_DELIVERIES_RETENTION_DAYS} days. ${MANAGERS_ONLY}`,
    auth: 'session',
    roles: WEBHOOK_MANAGER_ROLES,
    query: listWebhookDeliveriesQuerySchema,
    answers: { 200: listWebhookDeliveriesAnswerSchema },
    errors: { 404: ['webhooks.not_found'] },
    example: { answer: { deliveries: [exampleDelivery], deliveriesCount: 1 } },
  }),
  redeliver: defineEndpoint({
    method: 'POST',
    path: `${WEBHOOKS}/:webhookId/deliveries/:deliveryId/redeliver`,
    tag: TAG,
    summary: "Send a delivery's event again",
    description: `Queues the event once more (one attempt, same \`webhook-id\`), even to a disabled webhook; an event still being retried is left to its retries. ${MANAGERS_ONLY}`,
    auth: 'session',
    roles: WEBHOOK_MANAGER_ROLES,
    answers: { 202: webhookDeliveryQueuedAnswerSchema },
    errors: { 404: ['webhooks.not_found', 'webhooks.delivery_not_found'] },
    example: { answer: { messageId: 'msg_0123456789abcdefghijklmn' } },
  }),
  sendTestEvent: defineEndpoint({
    method: 'POST',
    path: `${WEBHOOKS}/:webhookId/test`,
    tag: TAG,
    summary: 'Send a webhook:test event',
    description: `Queues a \`webhook:test\` ping (\`data: { webhookId, organizationId }\`), one attempt, even to a disabled webhook; its outcome shows in the deliveries. ${MANAGERS_ONLY}`,
    auth: 'session',
    roles: WEBHOOK_MANAGER_ROLES,
    answers: { 202: webhookDeliveryQueuedAnswerSchema },
    errors: { 404: ['webhooks.not_found'] },
    example: { answer: { messageId: 'msg_0123456789abcdefghijklmn' } },
  }),
};
