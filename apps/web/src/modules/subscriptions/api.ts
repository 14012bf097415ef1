import type {
  CheckoutSessionBody,
  CheckoutSessionResponse,
  CustomerPortalResponse,
  SubscriptionResponse,
  UsageResponse,
} from '@sheaf/contracts/subscriptions';
import { type QueryClient, queryOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '../../shared/http/api-client';

const organizationPath = (organizationId: string) =>
  `/api/organizations/${encodeURIComponent(organizationId)}`;

export function subscriptionQueryKey(organizationId: string) {
  return ['organizations', organizationId, 'subscription'] as const;
}

export function usageQueryKey(organizationId: string) {
  return ['organizations', organizationId, 'usage'] as const;
}

/** GET /subscription: the organization's subscription (null on free) and its plan. */
export function subscriptionQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: subscriptionQueryKey(organizationId),
    queryFn: () =>
      apiClient.request<SubscriptionResponse>(`${organizationPath(organizationId)}/subscription`),
  });
}

/** GET /usage: what the organization uses against its plan's limits (a null limit is unlimited). */
export function usageQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: usageQueryKey(organizationId),
    queryFn: () => apiClient.request<UsageResponse>(`${organizationPath(organizationId)}/usage`),
  });
}

/** After a checkout: every organization's plan and usage are read again. */
export function invalidateBillingQueries(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === 'organizations' && (queryKey[2] === 'subscription' || queryKey[2] === 'usage'),
  });
}

export type CheckoutInput = CheckoutSessionBody;

/** POST /checkout-session → the Stripe Checkout URL the browser goes to. */
export function createCheckoutSession(organizationId: string, input: CheckoutInput) {
  return apiClient.request<CheckoutSessionResponse>(`${organizationPath(organizationId)}/checkout-session`, {
    method: 'POST',
    body: input,
  });
}

/** GET /customer-portal → the Stripe customer portal URL, opened in a new tab. */
export function getCustomerPortalUrl(organizationId: string) {
  return apiClient.request<CustomerPortalResponse>(`${organizationPath(organizationId)}/customer-portal`);
}

/** Starts a checkout and sends the browser to it; the page stays busy until it leaves. */
export function useCheckout(organizationId: string) {
  return useMutation({
    mutationFn: async (input: CheckoutInput) => {
      const { checkoutUrl } = await createCheckoutSession(organizationId, input);
      externalNavigation.assign(checkoutUrl);
      return checkoutUrl;
    },
  });
}

/** Leaving the app for Stripe's pages; an object so that tests can replace it. */
export const externalNavigation = {
  /** The current tab goes to `url` (Checkout). */
  assign(url: string) {
    window.location.assign(url);
  },
  /** A new, empty tab to send to the portal once its URL is known (opened on the click, so not blocked). */
  openBlankTab(): Window | null {
    return window.open('about:blank', '_blank');
  },
};
