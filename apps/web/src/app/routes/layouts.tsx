import { ORGANIZATION_ID_PATTERN } from '@sheaf/contracts/ids';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  lazyRouteComponent,
  notFound,
  Outlet,
} from '@tanstack/react-router';
import { validateProviderErrorSearch } from '../../modules/auth/search-params';
import { loadAllMessages } from '../../shared/i18n/i18n';
import { requireNoSession, requireSession } from '../guards';
import { NotFoundPage } from '../pages/not-found-page';
import { RouteAnnouncer } from '../route-announcer';

// The layout routes: the tree's inner nodes, each with its layout and guard. The pages hang from them
// (the other files of this folder) and router.tsx puts the tree together.

export type RouterContext = { queryClient: QueryClient };

/** The organization guards (and the API modules they use) load with the first private page, not with the entry. */
export const organizationGuards = () => import('../organization-guards');

/** Every page: its content, plus its document title and the focus move on route changes. */
function RootLayout() {
  return (
    <>
      <Outlet />
      <RouteAnnouncer />
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

/* Public-only routes: a visitor with a session goes to /. */
export const publicRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  beforeLoad: ({ context }) => requireNoSession(context.queryClient),
  component: lazyRouteComponent(() => import('../layouts/auth-layout'), 'AuthLayout'),
});

/* Pages open to everyone, with or without a session: terms of service and privacy. */
export const legalRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'legal',
  component: lazyRouteComponent(() => import('../layouts/auth-layout'), 'AuthLayout'),
});

/* Private routes: a visitor without a session goes to /login. */
export const privateRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'private',
  // The private pages use all of English, beyond the sections the entry chunk carries.
  beforeLoad: async ({ context, location }) => {
    const [result] = await Promise.all([
      // An error sent to / (e.g. by an identity provider) is carried on to /login.
      requireSession(context.queryClient, validateProviderErrorSearch(location.search)),
      loadAllMessages(),
    ]);
    return result;
  },
  // Tooltips and confirmation dialogs: only private pages use them.
  component: lazyRouteComponent(() => import('../layouts/private-layout'), 'PrivateLayout'),
});

/* Pages outside an organization: top bar only. */
export const shellRoute = createRoute({
  getParentRoute: () => privateRoute,
  id: 'shell',
  component: lazyRouteComponent(() => import('../layouts/app-shell'), 'AppShell'),
});

/* Personal settings: account, API keys and invitations, with their own navigation. */
export const personalSettingsRoute = createRoute({
  getParentRoute: () => shellRoute,
  id: 'personal-settings',
  component: lazyRouteComponent(
    () => import('../layouts/personal-settings-layout'),
    'PersonalSettingsLayout',
  ),
});

/* Stripe Checkout's return pages (spec §2 Checkout): not found unless subscriptions are enabled. */
export const checkoutRoute = createRoute({
  getParentRoute: () => privateRoute,
  id: 'checkout',
  component: lazyRouteComponent(
    () => import('../../modules/subscriptions/pages/checkout-layout'),
    'CheckoutLayout',
  ),
});

/* Organization pages: sidebar and top bar. The id must be org_ followed by alphanumerics. */
export const organizationRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: 'organizations/$organizationId',
  beforeLoad: async ({ params, context }) => {
    if (!ORGANIZATION_ID_PATTERN.test(params.organizationId)) {
      throw notFound();
    }
    await (await organizationGuards()).loadOrganization(context.queryClient, params.organizationId);
  },
  component: lazyRouteComponent(() => import('../layouts/organization-layout'), 'OrganizationLayout'),
});
