import type { Plan } from './plans';

/** The organization's paid subscription; null while the organization has none (billing disabled or free plan). */
export type SubscriptionDto = {
  id: string;
  planId: string;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
} | null;

/** GET /api/organizations/{organizationId}/subscription */
export type SubscriptionResponse = { subscription: SubscriptionDto; plan: Plan };

/** A limit of null means unlimited. */
export type UsageDto = {
  documentsStorage: { used: number; deleted: number; limit: number | null };
  intakeEmailsCount: { used: number; limit: number | null };
  membersCount: { used: number; limit: number | null };
};

/** GET /api/organizations/{organizationId}/usage */
export type UsageResponse = { usage: UsageDto };
