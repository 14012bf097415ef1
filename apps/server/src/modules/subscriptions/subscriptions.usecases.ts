import type { SubscriptionResponse, UsageDto } from '@sheaf/contracts/subscriptions';
import type { AppDatabase } from '../../db/database';
import { createDocumentsRepository } from '../documents/documents.repository';
import type { PlansUsecases } from '../plans/plans.usecases';

export function createSubscriptionsUsecases({
  database,
  plans,
}: {
  database: AppDatabase;
  plans: PlansUsecases;
}) {
  const documentsRepository = createDocumentsRepository({ db: database.db });

  return {
    async getSubscription({ organizationId }: { organizationId: string }): Promise<SubscriptionResponse> {
      return {
        subscription: await plans.getOrganizationSubscription({ organizationId }),
        plan: await plans.getOrganizationPlan({ organizationId }),
      };
    },

    /** What the organization uses against its plan's limits (null = unlimited). */
    async getUsage({ organizationId }: { organizationId: string }): Promise<UsageDto> {
      const { limits } = await plans.getOrganizationPlan({ organizationId });
      const stats = await documentsRepository.getStorageStats({ organizationId });
      const members = await database.db
        .selectFrom('organization_members')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirstOrThrow();
      return {
        documentsStorage: {
          used: stats.activeSize,
          deleted: stats.deletedSize,
          limit: limits.maxDocumentStorageBytes,
        },
        // Intake e-mails are not built yet: none exist.
        intakeEmailsCount: { used: 0, limit: limits.maxIntakeEmailsCount },
        membersCount: { used: Number(members.count), limit: limits.maxOrganizationsMembersCount },
      };
    },
  };
}

export type SubscriptionsUsecases = ReturnType<typeof createSubscriptionsUsecases>;
