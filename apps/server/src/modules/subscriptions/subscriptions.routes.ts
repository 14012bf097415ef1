import { checkoutSessionBodySchema } from '@sheaf/contracts/subscriptions';
import { Hono } from 'hono';
import type { AppEnv } from '../../shared/app.types';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { createPayloadTooLargeError } from '../../shared/errors';
import { readBodyAtMost } from '../../shared/read-body';
import { parseJsonBody } from '../../shared/validation';
import { getMembership, type RequireOrganizationMember } from '../organizations/organizations.middleware';
import type { SubscriptionsUsecases } from './subscriptions.usecases';

/** Stripe events are a few kilobytes; anything far larger is not one. */
const STRIPE_WEBHOOK_MAX_BYTES = 1_000_000;

export function createSubscriptionsRoutes({
  subscriptions,
  requireOrganizationMember,
}: {
  /** Binds handlers to catalogue endpoints (the modules not bound yet ignore it). */
  routes: EndpointRoutesFactory;
  subscriptions: SubscriptionsUsecases;
  requireOrganizationMember: RequireOrganizationMember;
}) {
  const memberGuard = requireOrganizationMember({ apiKeyPermissions: ['organizations:read'] });
  // Billing is managed by the owner, signed in (no API key).
  const ownerGuard = requireOrganizationMember({ roles: ['owner'] });
  return new Hono<AppEnv>()
    .get('/organizations/:organizationId/subscription', memberGuard, async (c) =>
      c.json(await subscriptions.getSubscription({ organizationId: getMembership(c).organizationId })),
    )
    .get('/organizations/:organizationId/usage', memberGuard, async (c) =>
      c.json(await subscriptions.getUsage({ organizationId: getMembership(c).organizationId })),
    )
    .post('/organizations/:organizationId/checkout-session', ownerGuard, async (c) => {
      const { organizationId, userId } = getMembership(c);
      const { planId, billingInterval } = await parseJsonBody(c, checkoutSessionBodySchema);
      return c.json(
        await subscriptions.createCheckoutSession({ organizationId, userId, planId, billingInterval }),
      );
    })
    .get('/organizations/:organizationId/customer-portal', ownerGuard, async (c) =>
      c.json(
        await subscriptions.createCustomerPortalSession({ organizationId: getMembership(c).organizationId }),
      ),
    )
    .post('/stripe/webhook', async (c) => {
      // The raw bytes (the signature is over the body exactly as sent), refused while read past the cap.
      if (Number(c.req.header('content-length') ?? 0) > STRIPE_WEBHOOK_MAX_BYTES) {
        throw createPayloadTooLargeError(STRIPE_WEBHOOK_MAX_BYTES);
      }
      const payload = await readBodyAtMost(c.req.raw.body, STRIPE_WEBHOOK_MAX_BYTES);
      if (!payload) throw createPayloadTooLargeError(STRIPE_WEBHOOK_MAX_BYTES);
      return c.json(
        await subscriptions.handleWebhook({ payload, signature: c.req.header('stripe-signature') }),
      );
    });
}
