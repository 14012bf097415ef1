import { PLANS, type Plan } from '@sheaf/contracts/plans';

/**
 * The plan of each organization and its limits. With subscriptions disabled (self-hosting) every
 * limit is unlimited except the server's max upload size (DOCUMENTS_MAX_UPLOAD_SIZE, 0 = none).
 * With subscriptions enabled and no billing yet, every organization is on the free plan; the
 * server's max upload size still caps the plan's.
 */
export function createPlansUsecases({
  isSubscriptionsEnabled,
  maxUploadSize,
}: {
  isSubscriptionsEnabled: boolean;
  /** Bytes; 0 = no server-wide limit. */
  maxUploadSize: number;
}) {
  const serverMaxFileSize = maxUploadSize > 0 ? maxUploadSize : null;

  const minOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

  async function getOrganizationPlan(_args: { organizationId: string }): Promise<Plan> {
    const plan = PLANS.free;
    if (!isSubscriptionsEnabled) {
      return {
        ...plan,
        limits: {
          maxDocumentStorageBytes: null,
          maxOrganizationsMembersCount: null,
          maxIntakeEmailsCount: null,
          maxFileSize: serverMaxFileSize,
        },
      };
    }
    return {
      ...plan,
      limits: { ...plan.limits, maxFileSize: minOf(plan.limits.maxFileSize, serverMaxFileSize) },
    };
  }

  return {
    getOrganizationPlan,

    /** The organization's subscription; null until billing (Stripe) is built. */
    async getOrganizationSubscription(_args: { organizationId: string }) {
      return null;
    },

    /** The member limit (members + pending invitations), for the invitations module. */
    async getMembersLimit({ organizationId }: { organizationId: string }) {
      return (await getOrganizationPlan({ organizationId })).limits.maxOrganizationsMembersCount;
    },
  };
}

export type PlansUsecases = ReturnType<typeof createPlansUsecases>;
