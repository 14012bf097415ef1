import { z } from 'zod';
import {
  type BillingInterval,
  billingIntervalSchema,
  type CheckoutPlanId,
  checkoutPlanIdSchema,
  type Plan,
  type PlanLimits,
} from './plans';

/** Stripe's subscription statuses, stored as Stripe sends them. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Statuses in which the subscription's plan applies (and a new checkout is refused with
 * `subscriptions.already_subscribed`). Any other status puts the organization on free.
 */
export const ACTIVE_SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
] as const satisfies readonly SubscriptionStatus[];

export function isActiveSubscriptionStatus(status: string): boolean {
  return (ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

/** The organization's paid subscription, as GET …/subscription answers it. */
export type OrganizationSubscriptionDto = {
  /** Stripe's subscription id (sub_…). */
  id: string;
  status: SubscriptionStatus;
  planId: CheckoutPlanId;
  billingInterval: BillingInterval;
  /** ISO date the current period ends (renewal, or end of access when cancelAtPeriodEnd). */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  seatsCount: number;
};

/** Null while the organization has no active subscription (free plan, or billing disabled). */
export type SubscriptionDto = OrganizationSubscriptionDto | null;

/** GET /api/organizations/{organizationId}/subscription */
export type SubscriptionResponse = { subscription: SubscriptionDto; plan: Plan };

/** A limit of null means unlimited. */
export type UsageDto = {
  documentsStorage: { used: number; deleted: number; limit: number | null };
  intakeEmailsCount: { used: number; limit: number | null };
  membersCount: { used: number; limit: number | null };
};

/** GET /api/organizations/{organizationId}/usage — `limits` are those of the organization's plan (null = unlimited). */
export type UsageResponse = { usage: UsageDto; limits: PlanLimits };

/** POST /api/organizations/{organizationId}/checkout-session (owner only). */
export const checkoutSessionBodySchema = z.strictObject({
  planId: checkoutPlanIdSchema,
  billingInterval: billingIntervalSchema,
});
export type CheckoutSessionBody = z.infer<typeof checkoutSessionBodySchema>;

/** Answer of POST …/checkout-session: the browser navigates to checkoutUrl (Stripe Checkout). */
export type CheckoutSessionResponse = { checkoutUrl: string };

/** GET /api/organizations/{organizationId}/customer-portal (owner only): opened in a new tab. */
export type CustomerPortalResponse = { customerPortalUrl: string };

/** Where Stripe sends the browser after checkout (web routes, spec §2 Checkout). */
export const CHECKOUT_SUCCESS_PATH = '/checkout-success';
export const CHECKOUT_CANCEL_PATH = '/checkout-cancel';

/** This domain's endpoints (see endpoint.ts). */
export const subscriptionsEndpoints = {};
