import { type CheckoutPlanId, PLANS, type Plan, type PlanLimits } from '@sheaf/contracts/plans';
import {
  ACTIVE_SUBSCRIPTION_STATUSES,
  type OrganizationSubscriptionDto,
  type SubscriptionStatus,
} from '@sheaf/contracts/subscriptions';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database, OrganizationSubscriptionsTable } from '../../db/database.types';

/** Paid plans ranked, for an organization that somehow has two active subscriptions: the larger wins. */
const PLAN_RANK: Record<string, number> = { plus: 1, pro: 2 };

const minOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

export function toSubscriptionDto(row: OrganizationSubscriptionsTable): OrganizationSubscriptionDto {
  return {
    id: row.id,
    status: row.status as SubscriptionStatus,
    planId: row.plan_id as CheckoutPlanId,
    billingInterval: row.billing_interval === 'annual' ? 'annual' : 'monthly',
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: Number(row.cancel_at_period_end) === 1,
    seatsCount: Number(row.seats_count),
  };
}

/**
 * The plan of each organization and its limits.
 *
 * - Subscriptions disabled (self-hosting, the default): every limit is unlimited except the
 *   server's max upload size (DOCUMENTS_MAX_UPLOAD_SIZE, 0 = none).
 * - Subscriptions enabled: the plan of the organization's active subscription (active, trialing or
 *   past_due, as the Stripe webhook stored it), free without one. The server's max upload size
 *   still caps the plan's.
 *
 * Read at the start of the use case that enforces a limit; the count against it is made in that
 * use case's transaction under the organization's lock. A webhook changing the plan applies to
 * every request that starts after it committed.
 */
export function createPlansUsecases({
  database,
  isSubscriptionsEnabled,
  maxUploadSize,
}: {
  database: AppDatabase;
  isSubscriptionsEnabled: boolean;
  /** Bytes; 0 = no server-wide limit. */
  maxUploadSize: number;
}) {
  const serverMaxFileSize = maxUploadSize > 0 ? maxUploadSize : null;

  const unlimited: PlanLimits = {
    maxDocumentStorageBytes: null,
    maxOrganizationsMembersCount: null,
    maxIntakeEmailsCount: null,
    maxFileSize: serverMaxFileSize,
  };

  /** The organization's active subscription row (the highest plan if several), or undefined. */
  async function findActiveSubscription({
    organizationId,
    db = database.db,
  }: {
    organizationId: string;
    db?: Kysely<Database>;
  }) {
    const rows = await db
      .selectFrom('organization_subscriptions')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('status', 'in', [...ACTIVE_SUBSCRIPTION_STATUSES])
      .execute();
    return rows.sort(
      (a, b) =>
        (PLAN_RANK[b.plan_id] ?? 0) - (PLAN_RANK[a.plan_id] ?? 0) || b.updated_at.localeCompare(a.updated_at),
    )[0];
  }

  async function getOrganizationPlan({
    organizationId,
    db,
  }: {
    organizationId: string;
    /** A transaction to read in; the database when absent. */
    db?: Kysely<Database>;
  }): Promise<Plan> {
    if (!isSubscriptionsEnabled) return { ...PLANS.free, limits: unlimited };
    const subscription = await findActiveSubscription({ organizationId, ...(db ? { db } : {}) });
    const plan = (subscription && PLANS[subscription.plan_id as CheckoutPlanId]) || PLANS.free;
    return {
      ...plan,
      limits: { ...plan.limits, maxFileSize: minOf(plan.limits.maxFileSize, serverMaxFileSize) },
    };
  }

  return {
    isSubscriptionsEnabled,
    getOrganizationPlan,
    findActiveSubscription,

    /** The organization's active subscription; null on free and when subscriptions are disabled. */
    async getOrganizationSubscription({
      organizationId,
    }: {
      organizationId: string;
    }): Promise<OrganizationSubscriptionDto | null> {
      if (!isSubscriptionsEnabled) return null;
      const row = await findActiveSubscription({ organizationId });
      return row ? toSubscriptionDto(row) : null;
    },

    /** The member limit (members + pending invitations), for the invitations module. */
    async getMembersLimit({ organizationId }: { organizationId: string }) {
      return (await getOrganizationPlan({ organizationId })).limits.maxOrganizationsMembersCount;
    },
  };
}

export type PlansUsecases = ReturnType<typeof createPlansUsecases>;
