import { z } from 'zod';

/** The plan table of accounts spec §9. Sizes are in bytes, base 1000 (1 GB = 10^9 bytes). */
export const MB = 1000 * 1000;
export const GB = 1000 * MB;

export const PLAN_IDS = ['free', 'plus', 'pro'] as const;

/** The currency of the plan prices (that of the Stripe prices STRIPE_PRICE_* name). */
export const PLAN_CURRENCY = 'USD';
export type PlanId = (typeof PLAN_IDS)[number];

/** Plans that can be bought (POST …/checkout-session). */
export const CHECKOUT_PLAN_IDS = ['plus', 'pro'] as const;
export type CheckoutPlanId = (typeof CHECKOUT_PLAN_IDS)[number];

export const BILLING_INTERVALS = ['monthly', 'annual'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
/** The upgrade dialog's billing switch starts on annual (spec §2 Layout). */
export const DEFAULT_BILLING_INTERVAL: BillingInterval = 'annual';

export type SupportLevel = 'community' | 'email' | 'priority';

/** A limit of null means unlimited. */
export type PlanLimits = {
  maxDocumentStorageBytes: number | null;
  /** Owner + members + pending invitations. */
  maxOrganizationsMembersCount: number | null;
  maxIntakeEmailsCount: number | null;
  /** Largest single upload, in bytes. */
  maxFileSize: number | null;
};

export type Plan = {
  id: PlanId;
  name: string;
  /** Full list prices (before any launch discount), in the billing currency's units. */
  monthlyPrice: number;
  annualPrice: number;
  isRecommended: boolean;
  supportLevel: SupportLevel;
  limits: PlanLimits;
};

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    monthlyPrice: 0,
    annualPrice: 0,
    isRecommended: false,
    supportLevel: 'community',
    limits: {
      maxDocumentStorageBytes: 0.5 * GB,
      maxOrganizationsMembersCount: 3,
      maxIntakeEmailsCount: 1,
      maxFileSize: 25 * MB,
    },
  },
  plus: {
    id: 'plus',
    name: 'Plus',
    monthlyPrice: 9,
    annualPrice: 90,
    isRecommended: true,
    supportLevel: 'email',
    limits: {
      maxDocumentStorageBytes: 5 * GB,
      maxOrganizationsMembersCount: 10,
      maxIntakeEmailsCount: 10,
      maxFileSize: 100 * MB,
    },
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    monthlyPrice: 30,
    annualPrice: 300,
    isRecommended: false,
    supportLevel: 'priority',
    limits: {
      maxDocumentStorageBytes: 50 * GB,
      maxOrganizationsMembersCount: 50,
      maxIntakeEmailsCount: 100,
      maxFileSize: 500 * MB,
    },
  },
};

/** The plans in display order (upgrade dialog cards). */
export const PLANS_LIST: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

/** Launch discount (spec §9): prices × 0.5 until this instant, inclusive. */
export const LAUNCH_DISCOUNT_MULTIPLIER = 0.5;
export const LAUNCH_DISCOUNT_ENDS_AT = '2025-12-31T22:59:59Z';

export function isLaunchDiscountActive(now: Date): boolean {
  return now.getTime() <= Date.parse(LAUNCH_DISCOUNT_ENDS_AT);
}

const roundToCents = (amount: number) => Math.round(amount * 100) / 100;

/** The prices a plan card shows at a given instant (a pure function of the clock). */
export type PlanPrices = {
  /** Price of one month on the monthly interval, discount applied. */
  monthly: number;
  /** Price of one year on the annual interval, discount applied. */
  annual: number;
  /** The annual price shown per month: annual / 12, rounded to cents. */
  annualPerMonth: number;
  /** Same three without the discount (to show struck through while it runs). */
  fullMonthly: number;
  fullAnnual: number;
  fullAnnualPerMonth: number;
  isDiscounted: boolean;
  /** Whole percent saved by paying annually rather than 12 months (0 for free). */
  annualSavingsPercent: number;
};

export function getPlanPrices(plan: Pick<Plan, 'monthlyPrice' | 'annualPrice'>, now: Date): PlanPrices {
  const isDiscounted = isLaunchDiscountActive(now) && plan.monthlyPrice > 0;
  const multiplier = isDiscounted ? LAUNCH_DISCOUNT_MULTIPLIER : 1;
  const monthly = roundToCents(plan.monthlyPrice * multiplier);
  const annual = roundToCents(plan.annualPrice * multiplier);
  return {
    monthly,
    annual,
    annualPerMonth: roundToCents(annual / 12),
    fullMonthly: plan.monthlyPrice,
    fullAnnual: plan.annualPrice,
    fullAnnualPerMonth: roundToCents(plan.annualPrice / 12),
    isDiscounted,
    annualSavingsPercent:
      plan.monthlyPrice > 0 ? Math.round((1 - plan.annualPrice / (plan.monthlyPrice * 12)) * 100) : 0,
  };
}

/** Plan card features (spec §3 "Plan card data"): storage in GB, members, intakes, upload in MB, support. */
export function getPlanFeatures(plan: Plan) {
  const { limits } = plan;
  return {
    storageGb: limits.maxDocumentStorageBytes === null ? null : limits.maxDocumentStorageBytes / GB,
    membersCount: limits.maxOrganizationsMembersCount,
    intakeEmailsCount: limits.maxIntakeEmailsCount,
    maxUploadMb: limits.maxFileSize === null ? null : limits.maxFileSize / MB,
    supportLevel: plan.supportLevel,
  };
}

export const planIdSchema = z.enum(PLAN_IDS);
export const checkoutPlanIdSchema = z.enum(CHECKOUT_PLAN_IDS);
export const billingIntervalSchema = z.enum(BILLING_INTERVALS);
