import type { WebhookDeliveryDto, WebhookDto } from '@sheaf/contracts/webhooks';
import type { MockRequest } from '../../test/app';
import { ORGANIZATION_ID } from '../../test/organizations';
import { jsonResponse } from '../../test/render';

export const API_WEBHOOKS = `/api/organizations/${ORGANIZATION_ID}/webhooks`;
export const WEBHOOKS_URL = `/organizations/${ORGANIZATION_ID}/settings/webhooks`;

export function webhookFixture(overrides: Partial<WebhookDto> = {}): WebhookDto {
  return {
    id: 'wbh_1',
    organizationId: ORGANIZATION_ID,
    name: 'Accounting sync',
    url: 'https://hooks.example.com/sheaf',
    enabled: true,
    events: ['document:created', 'document:deleted'],
    hasSecret: true,
    lastTriggeredAt: null,
    lastDeliveryStatus: null,
    createdAt: '2025-02-01T12:00:00.000Z',
    updatedAt: '2025-02-01T12:00:00.000Z',
    ...overrides,
  };
}

export function deliveryFixture(overrides: Partial<WebhookDeliveryDto> = {}): WebhookDeliveryDto {
  return {
    id: 'whd_1',
    webhookId: 'wbh_1',
    messageId: 'msg_abc',
    eventType: 'document:created',
    attempt: 1,
    status: 'success',
    responseStatus: 200,
    durationMs: 245,
    error: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    requestBody: JSON.stringify({
      type: 'document:created',
      timestamp: '2025-02-01T12:00:00.000Z',
      data: { documentId: 'doc_1', name: 'invoice.pdf' },
    }),
    responseBody: 'ok',
    ...overrides,
  };
}

type Handler = (request: MockRequest) => Response | Promise<Response>;

/** GET /webhooks, GET /webhooks/{id} and GET …/deliveries over fixed lists. */
export function webhooksHandlers({
  webhooks = [],
  deliveries = [],
}: {
  webhooks?: WebhookDto[];
  deliveries?: WebhookDeliveryDto[];
} = {}): Record<string, Handler> {
  const handlers: Record<string, Handler> = {
    [`GET ${API_WEBHOOKS}`]: () => jsonResponse({ webhooks }),
  };
  for (const webhook of webhooks) {
    handlers[`GET ${API_WEBHOOKS}/${webhook.id}`] = () => jsonResponse({ webhook });
    handlers[`GET ${API_WEBHOOKS}/${webhook.id}/deliveries`] = ({ url }) => {
      const pageIndex = Number(url.searchParams.get('pageIndex') ?? 0);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 15);
      const own = deliveries.filter((delivery) => delivery.webhookId === webhook.id);
      return jsonResponse({
        deliveries: own.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize),
        deliveriesCount: own.length,
      });
    };
  }
  return handlers;
}
