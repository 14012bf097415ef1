import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { checkoutRoute } from './layouts';

// Stripe Checkout's return pages.

const checkoutSuccessRoute = createRoute({
  getParentRoute: () => checkoutRoute,
  path: 'checkout-success',
  staticData: { title: 'layout.page-titles.checkout-success' },
  // Stripe fills in ?sessionId={CHECKOUT_SESSION_ID}; a number-looking id is parsed as a number.
  validateSearch: (search: Record<string, unknown>): { sessionId?: string } =>
    (typeof search.sessionId === 'string' && search.sessionId !== '') || typeof search.sessionId === 'number'
      ? { sessionId: String(search.sessionId) }
      : {},
  component: lazyRouteComponent(
    () => import('../../modules/subscriptions/pages/checkout-success-page'),
    'CheckoutSuccessPage',
  ),
});

const checkoutCancelRoute = createRoute({
  getParentRoute: () => checkoutRoute,
  path: 'checkout-cancel',
  staticData: { title: 'layout.page-titles.checkout-cancel' },
  component: lazyRouteComponent(
    () => import('../../modules/subscriptions/pages/checkout-cancel-page'),
    'CheckoutCancelPage',
  ),
});

/** The pages of the checkout layout. */
export const checkoutPages = [checkoutSuccessRoute, checkoutCancelRoute] as const;
