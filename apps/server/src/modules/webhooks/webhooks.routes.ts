import {
  createWebhookSchema,
  listWebhookDeliveriesQuerySchema,
  updateWebhookSchema,
  WEBHOOK_MANAGER_ROLES,
} from '@sheaf/contracts/webhooks';
import { Hono } from 'hono';
import type { AppEnv } from '../../shared/app.types';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { parseJsonBody, parseQuery } from '../../shared/validation';
import { getMembership, type RequireOrganizationMember } from '../organizations/organizations.middleware';
import type { WebhooksUsecases } from './webhooks.usecases';

const BASE = '/organizations/:organizationId/webhooks';

/** Webhooks are managed by owners and admins, signed in (design §3): members and API keys get 403. */
export function createWebhooksRoutes({
  webhooks,
  requireOrganizationMember,
}: {
  /** Binds handlers to catalogue endpoints (the modules not bound yet ignore it). */
  routes: EndpointRoutesFactory;
  webhooks: WebhooksUsecases;
  requireOrganizationMember: RequireOrganizationMember;
}) {
  const manager = requireOrganizationMember({ roles: [...WEBHOOK_MANAGER_ROLES] });
  const ids = (c: Parameters<typeof getMembership>[0]) => ({
    organizationId: getMembership(c).organizationId,
    webhookId: c.req.param('webhookId') ?? '',
  });

  return new Hono<AppEnv>()
    .get(BASE, manager, async (c) =>
      c.json({ webhooks: await webhooks.listWebhooks({ organizationId: getMembership(c).organizationId }) }),
    )
    .post(BASE, manager, async (c) => {
      const fields = await parseJsonBody(c, createWebhookSchema);
      const webhook = await webhooks.createWebhook({
        organizationId: getMembership(c).organizationId,
        fields,
      });
      return c.json({ webhook }, 201);
    })
    .get(`${BASE}/:webhookId`, manager, async (c) => c.json({ webhook: await webhooks.getWebhook(ids(c)) }))
    .put(`${BASE}/:webhookId`, manager, async (c) => {
      const changes = await parseJsonBody(c, updateWebhookSchema);
      return c.json({ webhook: await webhooks.updateWebhook({ ...ids(c), changes }) });
    })
    .delete(`${BASE}/:webhookId`, manager, async (c) => {
      await webhooks.deleteWebhook(ids(c));
      return c.body(null, 204);
    })
    .get(`${BASE}/:webhookId/deliveries`, manager, async (c) => {
      const { pageIndex, pageSize } = parseQuery(c, listWebhookDeliveriesQuerySchema);
      return c.json(await webhooks.listDeliveries({ ...ids(c), pageIndex, pageSize }));
    })
    .post(`${BASE}/:webhookId/deliveries/:deliveryId/redeliver`, manager, async (c) =>
      c.json(await webhooks.redeliver({ ...ids(c), deliveryId: c.req.param('deliveryId') }), 202),
    )
    .post(`${BASE}/:webhookId/test`, manager, async (c) => c.json(await webhooks.sendTestEvent(ids(c)), 202));
}
