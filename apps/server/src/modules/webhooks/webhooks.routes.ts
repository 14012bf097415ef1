import { webhooksEndpoints } from '@sheaf/contracts/webhooks';
import type { Context } from 'hono';
import type { AppEnv } from '../../shared/app.types';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { getMembership } from '../organizations/organizations.middleware';
import type { WebhooksUsecases } from './webhooks.usecases';

/** Webhooks are managed by owners and admins, signed in (design §3): members and API keys get 403. */
export function createWebhooksRoutes({
  webhooks,
  routes,
}: {
  routes: EndpointRoutesFactory;
  webhooks: WebhooksUsecases;
}) {
  const ids = (c: Context<AppEnv>, params: { webhookId: string }) => ({
    organizationId: getMembership(c).organizationId,
    webhookId: params.webhookId,
  });

  return routes()
    .on(webhooksEndpoints.list, async ({ c }) => ({
      status: 200,
      body: { webhooks: await webhooks.listWebhooks({ organizationId: getMembership(c).organizationId }) },
    }))
    .on(webhooksEndpoints.create, async ({ c, body }) => {
      const webhook = await webhooks.createWebhook({
        organizationId: getMembership(c).organizationId,
        fields: body,
      });
      return { status: 201, body: { webhook } };
    })
    .on(webhooksEndpoints.get, async ({ c, params }) => ({
      status: 200,
      body: { webhook: await webhooks.getWebhook(ids(c, params)) },
    }))
    .on(webhooksEndpoints.update, async ({ c, params, body }) => ({
      status: 200,
      body: { webhook: await webhooks.updateWebhook({ ...ids(c, params), changes: body }) },
    }))
    .on(webhooksEndpoints.delete, async ({ c, params }) => {
      await webhooks.deleteWebhook(ids(c, params));
      return { status: 204 };
    })
    .on(webhooksEndpoints.listDeliveries, async ({ c, params, query }) => ({
      status: 200,
      body: await webhooks.listDeliveries({ ...ids(c, params), ...query }),
    }))
    .on(webhooksEndpoints.redeliver, async ({ c, params }) => ({
      status: 202,
      body: await webhooks.redeliver({ ...ids(c, params), deliveryId: params.deliveryId }),
    }))
    .on(webhooksEndpoints.sendTestEvent, async ({ c, params }) => ({
      status: 202,
      body: await webhooks.sendTestEvent(ids(c, params)),
    })).router;
}
