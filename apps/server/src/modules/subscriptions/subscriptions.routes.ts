import { subscriptionsEndpoints } from '@sheaf/contracts/subscriptions';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { createPayloadTooLargeError } from '../../shared/errors';
import { readBodyAtMost } from '../../shared/read-body';
import { getMembership } from '../organizations/organizations.middleware';
import type { SubscriptionsUsecases } from './subscriptions.usecases';

/** Stripe events are a few kilobytes; anything far larger is not one. */
const STRIPE_WEBHOOK_MAX_BYTES = 1_000_000;

/** Plan and usage for any member (or an API key with organizations:read); billing for the owner, signed in. */
export function createSubscriptionsRoutes({
  routes,
  subscriptions,
}: {
  routes: EndpointRoutesFactory;
  subscriptions: SubscriptionsUsecases;
}) {
  return routes()
    .on(subscriptionsEndpoints.getSubscription, async ({ c }) => ({
      status: 200,
      body: await subscriptions.getSubscription({ organizationId: getMembership(c).organizationId }),
    }))
    .on(subscriptionsEndpoints.getUsage, async ({ c }) => ({
      status: 200,
      body: await subscriptions.getUsage({ organizationId: getMembership(c).organizationId }),
    }))
    .on(subscriptionsEndpoints.createCheckoutSession, async ({ c, body }) => {
      const { organizationId, userId } = getMembership(c);
      const { planId, billingInterval } = body;
      return {
        status: 200,
        body: await subscriptions.createCheckoutSession({ organizationId, userId, planId, billingInterval }),
      };
    })
    .on(subscriptionsEndpoints.getCustomerPortal, async ({ c }) => ({
      status: 200,
      body: await subscriptions.createCustomerPortalSession({
        organizationId: getMembership(c).organizationId,
      }),
    }))
    .on(subscriptionsEndpoints.stripeWebhook, async ({ c }) => {
      // The raw bytes (the signature is over the body exactly as sent), refused while read past the cap.
      if (Number(c.req.header('content-length') ?? 0) > STRIPE_WEBHOOK_MAX_BYTES) {
        throw createPayloadTooLargeError(STRIPE_WEBHOOK_MAX_BYTES);
      }
      const payload = await readBodyAtMost(c.req.raw.body, STRIPE_WEBHOOK_MAX_BYTES);
      if (!payload) throw createPayloadTooLargeError(STRIPE_WEBHOOK_MAX_BYTES);
      await subscriptions.handleWebhook({ payload, signature: c.req.header('stripe-signature') });
      return { status: 200, body: { received: true } } as const;
    }).router;
}
