import type { PublicConfig } from '@sheaf/contracts/config';
import { PLANS, type PlanId } from '@sheaf/contracts/plans';
import type { OrganizationSubscriptionDto, UsageDto } from '@sheaf/contracts/subscriptions';
import type { MockRequest } from '../../test/app';
import { publicConfigFixture } from '../../test/fixtures';
import { ORGANIZATION_ID } from '../../test/organizations';
import { jsonResponse } from '../../test/render';

export const API_ORGANIZATION = `/api/organizations/${ORGANIZATION_ID}`;
export const USAGE_URL = `/organizations/${ORGANIZATION_ID}/settings/usage`;
export const SETTINGS_URL = `/organizations/${ORGANIZATION_ID}/settings`;
export const HOME_URL = `/organizations/${ORGANIZATION_ID}`;

export const billingConfig: PublicConfig = { ...publicConfigFixture, isSubscriptionsEnabled: true };

const MB = 1000 * 1000;

export function usageFixture(overrides: Partial<UsageDto> = {}): UsageDto {
  return {
    documentsStorage: { used: 120 * MB, deleted: 30 * MB, limit: 500 * MB },
    membersCount: { used: 2, limit: 3 },
    intakeEmailsCount: { used: 0, limit: 1 },
    ...overrides,
  };
}

export function subscriptionFixture(
  overrides: Partial<OrganizationSubscriptionDto> = {},
): OrganizationSubscriptionDto {
  return {
    id: 'sub_123',
    status: 'active',
    planId: 'plus',
    billingInterval: 'annual',
    currentPeriodEnd: '2026-03-14T10:00:00.000Z',
    cancelAtPeriodEnd: false,
    seatsCount: 1,
    ...overrides,
  };
}

type Handler = (request: MockRequest) => Response | Promise<Response>;

/** GET /subscription and GET /usage of the test organization; free plan and a light usage by default. */
export function billingHandlers({
  planId = 'free',
  subscription = null,
  usage = usageFixture(),
}: {
  planId?: PlanId;
  subscription?: OrganizationSubscriptionDto | null;
  usage?: UsageDto;
} = {}): Record<string, Handler> {
  return {
    [`GET ${API_ORGANIZATION}/subscription`]: () => jsonResponse({ subscription, plan: PLANS[planId] }),
    [`GET ${API_ORGANIZATION}/usage`]: () => jsonResponse({ usage, limits: PLANS[planId].limits }),
  };
}

/** The billing requests among recorded calls (subscription, usage, checkout, portal). */
export function billingCalls(calls: MockRequest[]) {
  return calls.filter(({ path }) => /\/(subscription|usage|checkout-session|customer-portal)$/.test(path));
}
