import { checkoutSessionBodySchema } from '@sheaf/contracts/subscriptions';
import { Hono } from 'hono';
import type { AppEnv } from '../../app/app.types';
import { HttpError } from '../../shared/errors';
import { parseJsonBody } from '../../shared/validation';
import { getMembership, type RequireOrganizationMember } from '../organizations/organizations.middleware';
import type { SubscriptionsUsecases } from './subscriptions.usecases';

/** Stripe events are a few kilobytes; anything far larger is not one. */
const STRIPE_WEBHOOK_MAX_BYTES = 1_000_000;

const createPayloadTooLargeError = () =>
  new HttpError({ code: 'api.payload_too_large', message: 'The request body is too large.', status: 413 });

export function createSubscriptionsRoutes({
  subscriptions,
  requireOrganizationMember,
}: {
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
      // The raw bytes: the signature is over the body exactly as sent.
      if (Number(c.req.header('content-length') ?? 0) > STRIPE_WEBHOOK_MAX_BYTES) {
        throw createPayloadTooLargeError();
      }
      const payload = Buffer.from(await c.req.arrayBuffer());
      if (payload.byteLength > STRIPE_WEBHOOK_MAX_BYTES) throw createPayloadTooLargeError();
      return c.json(
        await subscriptions.handleWebhook({ payload, signature: c.req.header('stripe-signature') }),
      );
    });
}
