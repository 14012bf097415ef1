import { z } from 'zod';
import { defineEndpoint, isoDateTime } from './endpoint';
import {
  billingIntervalSchema,
  checkoutPlanIdSchema,
  PLANS,
  type Plan,
  type PlanLimits,
  planIdSchema,
  type SupportLevel,
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

/** A limit of null means unlimited; sizes are in bytes. */
export const planLimitsSchema = z.strictObject({
  maxDocumentStorageBytes: z.number().nonnegative().nullable(),
  /** Owner + members + pending invitations. */
  maxOrganizationsMembersCount: z.number().int().nonnegative().nullable(),
  maxIntakeEmailsCount: z.number().int().nonnegative().nullable(),
  /** Largest single upload, in bytes (the plan's, capped by the server's DOCUMENTS_MAX_UPLOAD_SIZE). */
  maxFileSize: z.number().nonnegative().nullable(),
}) satisfies z.ZodType<PlanLimits>;

const SUPPORT_LEVELS = ['community', 'email', 'priority'] as const satisfies readonly SupportLevel[];

/** A plan as answered: the plan table's row (plans.ts), with the limits that apply to this organization. */
export const planSchema = z.strictObject({
  id: planIdSchema,
  name: z.string(),
  /** Full list prices (before any launch discount), in the billing currency's units. */
  monthlyPrice: z.number().nonnegative(),
  annualPrice: z.number().nonnegative(),
  isRecommended: z.boolean(),
  supportLevel: z.enum(SUPPORT_LEVELS),
  limits: planLimitsSchema,
}) satisfies z.ZodType<Plan>;

/** The organization's paid subscription, as GET …/subscription answers it. */
export const organizationSubscriptionSchema = z.strictObject({
  /** Stripe's subscription id (sub_…). */
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  planId: checkoutPlanIdSchema,
  billingInterval: billingIntervalSchema,
  /** When the current period ends (renewal, or end of access when cancelAtPeriodEnd). */
  currentPeriodEnd: isoDateTime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  seatsCount: z.number().int().positive(),
});

export type OrganizationSubscriptionDto = z.infer<typeof organizationSubscriptionSchema>;

/** Null while the organization has no active subscription (free plan, or billing disabled). */
export type SubscriptionDto = OrganizationSubscriptionDto | null;

/** GET /api/organizations/{organizationId}/subscription */
export const subscriptionAnswerSchema = z.strictObject({
  subscription: organizationSubscriptionSchema.nullable(),
  plan: planSchema,
});

export type SubscriptionResponse = z.infer<typeof subscriptionAnswerSchema>;

const usedAndLimitSchema = z.strictObject({
  used: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative().nullable(),
});

/** A limit of null means unlimited. */
export const usageSchema = z.strictObject({
  /** Bytes: `used` by the documents outside the trash, `deleted` by those in it (both count against the limit). */
  documentsStorage: z.strictObject({
    used: z.number().nonnegative(),
    deleted: z.number().nonnegative(),
    limit: z.number().nonnegative().nullable(),
  }),
  intakeEmailsCount: usedAndLimitSchema,
  /** Members; the limit also counts pending invitations. */
  membersCount: usedAndLimitSchema,
});

export type UsageDto = z.infer<typeof usageSchema>;

/** GET /api/organizations/{organizationId}/usage — `limits` are those of the organization's plan (null = unlimited). */
export const usageAnswerSchema = z.strictObject({ usage: usageSchema, limits: planLimitsSchema });

export type UsageResponse = z.infer<typeof usageAnswerSchema>;

/** POST /api/organizations/{organizationId}/checkout-session (owner only). */
export const checkoutSessionBodySchema = z.strictObject({
  planId: checkoutPlanIdSchema,
  billingInterval: billingIntervalSchema,
});
export type CheckoutSessionBody = z.infer<typeof checkoutSessionBodySchema>;

/** Answer of POST …/checkout-session: the browser navigates to checkoutUrl (Stripe Checkout). */
export const checkoutSessionAnswerSchema = z.strictObject({ checkoutUrl: z.string() });
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionAnswerSchema>;

/** GET /api/organizations/{organizationId}/customer-portal (owner only): opened in a new tab. */
export const customerPortalAnswerSchema = z.strictObject({ customerPortalUrl: z.string() });
export type CustomerPortalResponse = z.infer<typeof customerPortalAnswerSchema>;

/** Where Stripe sends the browser after checkout (web routes, spec §2 Checkout). */
export const CHECKOUT_SUCCESS_PATH = '/checkout-success';
export const CHECKOUT_CANCEL_PATH = '/checkout-cancel';

const ORGANIZATION = '/api/organizations/:organizationId';
const OWNER_ONLY = "The organization's owner, signed in: other members and API keys get 403.";
const DISABLED =
  'With billing switched off (SUBSCRIPTIONS_IS_ENABLED=false) it answers 404 `subscriptions.disabled`.';
const exampleLimits = PLANS.plus.limits;

export const subscriptionsEndpoints = {
  getSubscription: defineEndpoint({
    method: 'GET',
    path: `${ORGANIZATION}/subscription`,
    tag: 'Organizations',
    summary: "The organization's subscription and plan",
    description:
      '`subscription` is null on the free plan and when billing is switched off (every limit is then unlimited but the server-wide upload size).',
    auth: { apiKeyPermission: 'organizations:read' },
    answers: { 200: subscriptionAnswerSchema },
    example: {
      answer: {
        subscription: {
          id: 'sub_1QabcdEFghijKLmn',
          status: 'active',
          planId: 'plus',
          billingInterval: 'annual',
          currentPeriodEnd: '2027-01-31T09:15:00.000Z',
          cancelAtPeriodEnd: false,
          seatsCount: 1,
        },
        plan: PLANS.plus,
      },
    },
  }),
  getUsage: defineEndpoint({
    method: 'GET',
    path: `${ORGANIZATION}/usage`,
    tag: 'Organizations',
    summary: "The organization's usage against its plan's limits",
    auth: { apiKeyPermission: 'organizations:read' },
    answers: { 200: usageAnswerSchema },
    example: {
      answer: {
        usage: {
          documentsStorage: {
            used: 73_400_320,
            deleted: 1_048_576,
            limit: exampleLimits.maxDocumentStorageBytes,
          },
          intakeEmailsCount: { used: 1, limit: exampleLimits.maxIntakeEmailsCount },
          membersCount: { used: 4, limit: exampleLimits.maxOrganizationsMembersCount },
        },
        limits: exampleLimits,
      },
    },
  }),
  createCheckoutSession: defineEndpoint({
    method: 'POST',
    path: `${ORGANIZATION}/checkout-session`,
    tag: 'Billing',
    summary: 'Start a Stripe Checkout for a plan',
    description: `The browser goes to \`checkoutUrl\`; Stripe sends it back to /checkout-success or /checkout-cancel. An organization that already has an active subscription changes it in the customer portal (409 \`subscriptions.already_subscribed\`). ${DISABLED} ${OWNER_ONLY}`,
    auth: 'session',
    roles: ['owner'],
    body: checkoutSessionBodySchema,
    answers: { 200: checkoutSessionAnswerSchema },
    errors: {
      404: ['subscriptions.disabled'],
      409: ['subscriptions.already_subscribed'],
      502: ['subscriptions.provider_unavailable'],
    },
    example: {
      body: { planId: 'plus', billingInterval: 'annual' },
      answer: { checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_a1b2c3' },
    },
  }),
  getCustomerPortal: defineEndpoint({
    method: 'GET',
    path: `${ORGANIZATION}/customer-portal`,
    tag: 'Billing',
    summary: "Open the organization's Stripe customer portal",
    description: `Opened in a new tab; it comes back to the organization's settings. An organization that never went through checkout has no portal (404 \`subscriptions.customer_not_found\`). ${DISABLED} ${OWNER_ONLY}`,
    auth: 'session',
    roles: ['owner'],
    answers: { 200: customerPortalAnswerSchema },
    errors: {
      404: ['subscriptions.disabled', 'subscriptions.customer_not_found'],
      502: ['subscriptions.provider_unavailable'],
    },
    example: { answer: { customerPortalUrl: 'https://billing.stripe.com/p/session/test_a1b2c3' } },
  }),
  stripeWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/stripe/webhook',
    tag: 'Billing',
    summary: "Stripe's events (checkout, subscription changes, invoices)",
    description: `Called by Stripe, not by clients. A body that does not verify changes nothing (400 \`subscriptions.invalid_webhook_signature\`); an event already received, or of a type Sheaf does not act on, is acknowledged and ignored; a failure while applying it answers 500 so that Stripe sends it again. ${DISABLED}`,
    auth: 'signature',
    rawBody: {
      mediaType: 'application/json',
      description:
        'A Stripe event exactly as Stripe sent it (at most 1 MB), verified with the `Stripe-Signature` header and STRIPE_WEBHOOK_SECRET.',
    },
    answers: { 200: z.strictObject({ received: z.literal(true) }) },
    errors: {
      400: ['subscriptions.invalid_webhook_signature'],
      404: ['subscriptions.disabled'],
      413: ['api.payload_too_large'],
    },
    example: { answer: { received: true } },
  }),
};
