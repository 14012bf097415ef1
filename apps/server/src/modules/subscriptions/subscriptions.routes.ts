import { Hono } from 'hono';
import type { AppEnv } from '../../app/app.types';
import { getMembership, type RequireOrganizationMember } from '../organizations/organizations.middleware';
import type { SubscriptionsUsecases } from './subscriptions.usecases';

export function createSubscriptionsRoutes({
  subscriptions,
  requireOrganizationMember,
}: {
  subscriptions: SubscriptionsUsecases;
  requireOrganizationMember: RequireOrganizationMember;
}) {
  const guard = requireOrganizationMember({ apiKeyPermissions: ['organizations:read'] });
  return new Hono<AppEnv>()
    .get('/organizations/:organizationId/subscription', guard, async (c) =>
      c.json(await subscriptions.getSubscription({ organizationId: getMembership(c).organizationId })),
    )
    .get('/organizations/:organizationId/usage', guard, async (c) =>
      c.json({ usage: await subscriptions.getUsage({ organizationId: getMembership(c).organizationId }) }),
    );
}
