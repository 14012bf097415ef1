import { WEBHOOKS_PER_ORGANIZATION_LIMIT } from '@sheaf/contracts/limits';
import {
  createWebhookSchema,
  updateWebhookSchema,
  type WebhookDto,
  webhooksEndpoints,
} from '@sheaf/contracts/webhooks';
import { type DemoContext, newId, nowIso, requireManager } from './context';
import { DemoHttpError, handle, json, noContent, notAvailableInDemo, notFound, parseJsonBody } from './http';

type WebhookRow = DemoContext['state']['webhooks'][number];

const toDto = ({ secret, ...webhook }: WebhookRow): WebhookDto => ({
  ...webhook,
  hasSecret: secret !== null && secret !== '',
  lastDeliveryStatus: null,
});

function findWebhook(context: DemoContext, organizationId: string, webhookId: string) {
  const webhook = context.state.webhooks.find(
    ({ id, organizationId: owner }) => id === webhookId && owner === organizationId,
  );
  if (!webhook) throw notFound('webhooks.not_found', 'No webhook with this id in this organization.');
  return webhook;
}

/** Webhooks are kept and edited; nothing is ever delivered (no request leaves the demo). */
export const webhooksRoutes = (context: DemoContext) => [
  handle(webhooksEndpoints.list, ({ params }) => {
    const { organization } = requireManager(context, params.organizationId ?? '');
    return json({
      webhooks: context.state.webhooks
        .filter(({ organizationId }) => organizationId === organization.id)
        .map(toDto),
    });
  }),
  handle(webhooksEndpoints.create, (request) => {
    const { organization } = requireManager(context, request.params.organizationId ?? '');
    const input = parseJsonBody(request, createWebhookSchema);
    const count = context.state.webhooks.filter(
      ({ organizationId }) => organizationId === organization.id,
    ).length;
    if (count >= WEBHOOKS_PER_ORGANIZATION_LIMIT) {
      throw new DemoHttpError(
        403,
        'webhooks.limit_reached',
        `This organization already has ${WEBHOOKS_PER_ORGANIZATION_LIMIT} webhooks, the most it can have.`,
      );
    }
    const now = nowIso(context);
    const webhook: WebhookRow = {
      id: newId('wbh'),
      organizationId: organization.id,
      name: input.name,
      url: input.url,
      enabled: input.enabled,
      events: input.events,
      secret: input.secret ? input.secret : null,
      lastTriggeredAt: null,
      createdAt: now,
      updatedAt: now,
    };
    context.state.webhooks.push(webhook);
    return json({ webhook: toDto(webhook) }, 201);
  }),
  handle(webhooksEndpoints.get, ({ params }) => {
    const { organization } = requireManager(context, params.organizationId ?? '');
    return json({ webhook: toDto(findWebhook(context, organization.id, params.webhookId ?? '')) });
  }),
  handle(webhooksEndpoints.update, (request) => {
    const { organization } = requireManager(context, request.params.organizationId ?? '');
    const webhook = findWebhook(context, organization.id, request.params.webhookId ?? '');
    const { secret, ...fields } = parseJsonBody(request, updateWebhookSchema);
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined) Object.assign(webhook, { [key]: value });
    }
    if (secret !== undefined) webhook.secret = secret === '' ? null : secret;
    webhook.updatedAt = nowIso(context);
    return json({ webhook: toDto(webhook) });
  }),
  handle(webhooksEndpoints.delete, ({ params }) => {
    const { organization } = requireManager(context, params.organizationId ?? '');
    const webhook = findWebhook(context, organization.id, params.webhookId ?? '');
    context.state.webhooks = context.state.webhooks.filter(({ id }) => id !== webhook.id);
    return noContent();
  }),
  handle(webhooksEndpoints.listDeliveries, ({ params }) => {
    const { organization } = requireManager(context, params.organizationId ?? '');
    findWebhook(context, organization.id, params.webhookId ?? '');
    return json({ deliveries: [], deliveriesCount: 0 });
  }),
  handle(webhooksEndpoints.sendTestEvent, ({ params }) => {
    const { organization } = requireManager(context, params.organizationId ?? '');
    findWebhook(context, organization.id, params.webhookId ?? '');
    throw notAvailableInDemo();
  }),
  handle(webhooksEndpoints.redeliver, ({ params }) => {
    const { organization } = requireManager(context, params.organizationId ?? '');
    findWebhook(context, organization.id, params.webhookId ?? '');
    throw notFound('webhooks.delivery_not_found', 'No delivery with this id for this webhook.');
  }),
];
