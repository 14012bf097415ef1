/** The plan table of accounts spec §9. Sizes are in bytes, base 1000 (1 GB = 10^9 bytes). */
export const MB = 1000 * 1000;
export const GB = 1000 * MB;

export type PlanId = 'free' | 'plus' | 'pro';

export type PlanLimits = {
  maxDocumentStorageBytes: number | null;
  maxOrganizationsMembersCount: number | null;
  maxIntakeEmailsCount: number | null;
  maxFileSize: number | null;
};

export type Plan = {
  id: PlanId;
  name: string;
  monthlyPrice: number;
  annualPrice: number;
  isRecommended: boolean;
  supportLevel: 'community' | 'email' | 'priority';
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

export const CHECKOUT_PLAN_IDS = ['plus', 'pro'] as const;
export const LAUNCH_DISCOUNT_MULTIPLIER = 0.5;
export const LAUNCH_DISCOUNT_ENDS_AT = '2025-12-31T22:59:59Z';
