import type { BillingInterval, CheckoutPlanId } from '@sheaf/contracts/plans';
import Stripe from 'stripe';
import type { Env } from '../../config/config.schema';

export type StripeClient = Stripe;

/**
 * The official Stripe SDK, sending its requests to STRIPE_API_BASE_URL (Stripe itself by default;
 * a Stripe-compatible proxy, or the tests' loopback stand-in).
 */
export function createStripeClient(env: Pick<Env, 'STRIPE_API_KEY' | 'STRIPE_API_BASE_URL'>): StripeClient {
  const baseUrl = new URL(env.STRIPE_API_BASE_URL);
  const protocol = baseUrl.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(env.STRIPE_API_KEY ?? '', {
    host: baseUrl.hostname,
    port: baseUrl.port === '' ? (protocol === 'http' ? 80 : 443) : Number(baseUrl.port),
    protocol,
    maxNetworkRetries: 1,
    timeout: 20_000,
  });
}

export type PriceTable = {
  /** The Stripe price of a plan billed at an interval. */
  priceOf: (planId: CheckoutPlanId, interval: BillingInterval) => string;
  /** The plan and interval a Stripe price stands for; undefined for a price Sheaf does not sell. */
  planOf: (priceId: string) => { planId: CheckoutPlanId; billingInterval: BillingInterval } | undefined;
};

/** The STRIPE_PRICE_* settings, both ways. */
export function createPriceTable(
  env: Pick<
    Env,
    | 'STRIPE_PRICE_PLUS_MONTHLY'
    | 'STRIPE_PRICE_PLUS_ANNUAL'
    | 'STRIPE_PRICE_PRO_MONTHLY'
    | 'STRIPE_PRICE_PRO_ANNUAL'
  >,
): PriceTable {
  const prices: Record<CheckoutPlanId, Record<BillingInterval, string | undefined>> = {
    plus: { monthly: env.STRIPE_PRICE_PLUS_MONTHLY, annual: env.STRIPE_PRICE_PLUS_ANNUAL },
    pro: { monthly: env.STRIPE_PRICE_PRO_MONTHLY, annual: env.STRIPE_PRICE_PRO_ANNUAL },
  };
  const byPrice = new Map<string, { planId: CheckoutPlanId; billingInterval: BillingInterval }>();
  for (const planId of ['plus', 'pro'] as const) {
    for (const billingInterval of ['monthly', 'annual'] as const) {
      const price = prices[planId][billingInterval];
      if (price) byPrice.set(price, { planId, billingInterval });
    }
  }
  return {
    priceOf(planId, interval) {
      const price = prices[planId][interval];
      // Start-up refuses SUBSCRIPTIONS_IS_ENABLED without every price (envCrossChecks).
      if (!price) throw new Error(`No Stripe price configured for ${planId} ${interval}`);
      return price;
    },
    planOf: (priceId) => byPrice.get(priceId),
  };
}
