import type { SubscriptionResponse } from '@sheaf/contracts/subscriptions';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../shared/http/api-client';

export function subscriptionQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: ['organizations', organizationId, 'subscription'] as const,
    queryFn: () =>
      apiClient.request<SubscriptionResponse>(
        `/api/organizations/${encodeURIComponent(organizationId)}/subscription`,
      ),
  });
}
