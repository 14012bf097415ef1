import { type CheckoutSessionBody, subscriptionsEndpoints } from '@sheaf/contracts/subscriptions';
import { type QueryClient, queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../shared/http/call';

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
    queryFn: () => call(subscriptionsEndpoints.getSubscription, { params: { organizationId } }),
  });
}

/** GET /usage: what the organization uses against its plan's limits (a null limit is unlimited). */
export function usageQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: usageQueryKey(organizationId),
    queryFn: () => call(subscriptionsEndpoints.getUsage, { params: { organizationId } }),
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
  return call(subscriptionsEndpoints.createCheckoutSession, { params: { organizationId }, body: input });
}

/** GET /customer-portal → the Stripe customer portal URL, opened in a new tab. */
export function getCustomerPortalUrl(organizationId: string) {
  return call(subscriptionsEndpoints.getCustomerPortal, { params: { organizationId } });
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
