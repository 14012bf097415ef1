import type { QueryClient } from '@tanstack/react-query';
import { createRouter, defaultStringifySearch } from '@tanstack/react-router';
import { resetRedirectCount } from './guards';
import { RouteErrorPage } from './pages/route-error-page';
import { RoutePending } from './pages/route-pending';
import { legalPages, publicPages } from './routes/auth';
import { checkoutPages } from './routes/checkout';
import {
  checkoutRoute,
  legalRoute,
  organizationRoute,
  personalSettingsRoute,
  privateRoute,
  publicRoute,
  rootRoute,
  shellRoute,
} from './routes/layouts';
import { organizationDocumentsPages } from './routes/organization-documents';
import { organizationMembersPages } from './routes/organization-members';
import { organizationSettingsPages } from './routes/organization-settings';
import { organizationsPages } from './routes/organizations';
import { personalSettingsPages } from './routes/personal-settings';

/**
 * Lists in the URL read as `?tags=a,b` (what users and links write) rather than the default JSON
 * `?tags=["a","b"]`; the routes' search validators split them again.
 */
export function stringifySearchWithLists(search: Record<string, unknown>): string {
  return defaultStringifySearch(
    Object.fromEntries(
      Object.entries(search).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]),
    ),
  );
}

/**
 * The whole tree: the layout routes (routes/layouts.tsx) and the pages of each area (routes/*.tsx),
 * every page loaded lazily.
 */
export const routeTree = rootRoute.addChildren([
  publicRoute.addChildren(publicPages),
  legalRoute.addChildren(legalPages),
  privateRoute.addChildren([
    shellRoute.addChildren([...organizationsPages, personalSettingsRoute.addChildren(personalSettingsPages)]),
    checkoutRoute.addChildren(checkoutPages),
    organizationRoute.addChildren([
      ...organizationDocumentsPages,
      ...organizationMembersPages,
      ...organizationSettingsPages,
    ]),
  ]),
]);

export function createAppRouter({
  queryClient,
  history,
}: {
  queryClient: QueryClient;
  history?: AppRouterHistory;
}) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history,
    // The app's base path ('/', or the sub-path a demo build is served from).
    basepath: import.meta.env.BASE_URL,
    notFoundMode: 'root',
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteErrorPage,
    scrollRestoration: true,
    stringifySearch: stringifySearchWithLists,
  });
  router.subscribe('onResolved', resetRedirectCount);
  return router;
}

type AppRouterHistory = Parameters<typeof createRouter>[0]['history'];

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
