import { PLANS } from '@sheaf/contracts/plans';
import {
  type SubscriptionResponse,
  subscriptionsEndpoints,
  type UsageResponse,
} from '@sheaf/contracts/subscriptions';
import { DEMO_PLAN_LIMITS } from './constants';
import { type DemoContext, requireOrganization } from './context';
import { handle, json, notInDemo } from './http';

/** The demo's plan: the free plan with the demo's limits (spec §9 "Demo mode"). */
export const DEMO_PLAN = { ...PLANS.free, limits: { ...DEMO_PLAN_LIMITS } };

export const subscriptionsRoutes = (context: DemoContext) => [
  handle(subscriptionsEndpoints.getSubscription, ({ params }) => {
    requireOrganization(context, params.organizationId ?? '');
    const answer: SubscriptionResponse = { subscription: null, plan: DEMO_PLAN };
    return json(answer);
  }),
  // Usage computed from what the browser stores.
  handle(subscriptionsEndpoints.getUsage, ({ params }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    const documents = context.state.documents.filter(
      ({ organizationId }) => organizationId === organization.id,
    );
    const size = (deleted: boolean) =>
      documents
        .filter(({ deletedAt }) => (deletedAt !== null) === deleted)
        .reduce((total, document) => total + document.originalSize, 0);
    const count = <T extends { organizationId: string }>(rows: T[]) =>
      rows.filter(({ organizationId }) => organizationId === organization.id).length;
    const answer: UsageResponse = {
      usage: {
        documentsStorage: {
          used: size(false),
          deleted: size(true),
          limit: DEMO_PLAN_LIMITS.maxDocumentStorageBytes,
        },
        intakeEmailsCount: {
          used: count(context.state.intakeEmails),
          limit: DEMO_PLAN_LIMITS.maxIntakeEmailsCount,
        },
        membersCount: {
          used: count(context.state.members),
          limit: DEMO_PLAN_LIMITS.maxOrganizationsMembersCount,
        },
      },
      limits: { ...DEMO_PLAN_LIMITS },
    };
    return json(answer);
  }),
  // No billing in the demo (its configuration says so); the customer portal is 501 as the spec says.
  notInDemo(subscriptionsEndpoints.createCheckoutSession),
  notInDemo(subscriptionsEndpoints.getCustomerPortal),
  notInDemo(subscriptionsEndpoints.stripeWebhook),
];
