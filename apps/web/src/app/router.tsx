import { ORGANIZATION_ID_PATTERN } from '@sheaf/contracts/ids';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  defaultStringifySearch,
  lazyRouteComponent,
  notFound,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { validateDocumentSearch, validateDocumentsSearch } from '../modules/documents/search-params';
import { loadAllMessages } from '../shared/i18n/i18n';
import { requireNoSession, requireSession, resetRedirectCount } from './guards';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';
import { RoutePending } from './pages/route-pending';

export type RouterContext = { queryClient: QueryClient };

/** The organization guards (and the API modules they use) load with the first private page, not with the entry. */
const organizationGuards = () => import('../modules/organizations/route-guards');

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

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

/* Public-only routes: a visitor with a session goes to /. */
const publicRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  beforeLoad: ({ context }) => requireNoSession(context.queryClient),
  component: lazyRouteComponent(() => import('./layouts/auth-layout'), 'AuthLayout'),
});

const loginRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'login',
  component: lazyRouteComponent(() => import('../modules/auth/pages/login-page'), 'LoginPage'),
});

const registerRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'register',
  component: lazyRouteComponent(() => import('../modules/auth/pages/register-page'), 'RegisterPage'),
});

const requestPasswordResetRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'request-password-reset',
  component: lazyRouteComponent(
    () => import('../modules/auth/pages/request-password-reset-page'),
    'RequestPasswordResetPage',
  ),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'reset-password',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  beforeLoad: ({ search }) => {
    if (!search.token) {
      throw redirect({ to: '/login', replace: true });
    }
  },
  component: lazyRouteComponent(
    () => import('../modules/auth/pages/reset-password-page'),
    'ResetPasswordPage',
  ),
});

const emailValidationRequiredRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'email-validation-required',
  validateSearch: (search: Record<string, unknown>): { email?: string } =>
    typeof search.email === 'string' && search.email !== '' ? { email: search.email } : {},
  component: lazyRouteComponent(
    () => import('../modules/auth/pages/email-validation-required-page'),
    'EmailValidationRequiredPage',
  ),
});

/* Pages open to everyone, with or without a session: terms of service and privacy. */
const legalRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'legal',
  component: lazyRouteComponent(() => import('./layouts/auth-layout'), 'AuthLayout'),
});

const termsRoute = createRoute({
  getParentRoute: () => legalRoute,
  path: 'terms',
  component: lazyRouteComponent(() => import('../modules/auth/pages/legal-page'), 'TermsPage'),
});

const privacyRoute = createRoute({
  getParentRoute: () => legalRoute,
  path: 'privacy',
  component: lazyRouteComponent(() => import('../modules/auth/pages/legal-page'), 'PrivacyPage'),
});

/* Private routes: a visitor without a session goes to /login. */
const privateRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'private',
  // The private pages use all of English, beyond the sections the entry chunk carries.
  beforeLoad: async ({ context }) => {
    const [result] = await Promise.all([requireSession(context.queryClient), loadAllMessages()]);
    return result;
  },
  // Tooltips and confirmation dialogs: only private pages use them.
  component: lazyRouteComponent(() => import('./layouts/private-layout'), 'PrivateLayout'),
});

/* Pages outside an organization: top bar only. */
const shellRoute = createRoute({
  getParentRoute: () => privateRoute,
  id: 'shell',
  component: lazyRouteComponent(() => import('./layouts/app-shell'), 'AppShell'),
});

const homeRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/',
  beforeLoad: async ({ context }) => (await organizationGuards()).redirectFromHome(context.queryClient),
  component: lazyRouteComponent(() => import('../modules/organizations/pages/home-page'), 'HomePage'),
});

const organizationsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'organizations',
  beforeLoad: async ({ context }) =>
    (await organizationGuards()).requireSomeOrganization(context.queryClient),
  component: lazyRouteComponent(
    () => import('../modules/organizations/pages/organizations-page'),
    'OrganizationsPage',
  ),
});

const deletedOrganizationsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'organizations/deleted',
  component: lazyRouteComponent(
    () => import('../modules/organizations/pages/deleted-organizations-page'),
    'DeletedOrganizationsPage',
  ),
});

const createOrganizationRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'organizations/create',
  component: lazyRouteComponent(
    () => import('../modules/organizations/pages/create-organization-page'),
    'CreateOrganizationPage',
  ),
});

const firstOrganizationRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'organizations/first',
  beforeLoad: async ({ context }) => (await organizationGuards()).requireNoOrganization(context.queryClient),
  component: lazyRouteComponent(
    () => import('../modules/organizations/pages/first-organization-page'),
    'FirstOrganizationPage',
  ),
});

/* Personal settings: account, API keys and invitations, with their own navigation. */
const personalSettingsRoute = createRoute({
  getParentRoute: () => shellRoute,
  id: 'personal-settings',
  component: lazyRouteComponent(() => import('./layouts/personal-settings-layout'), 'PersonalSettingsLayout'),
});

const accountSettingsRoute = createRoute({
  getParentRoute: () => personalSettingsRoute,
  path: 'settings',
  component: lazyRouteComponent(
    () => import('../modules/users/pages/account-settings-page'),
    'AccountSettingsPage',
  ),
});

const apiKeysRoute = createRoute({
  getParentRoute: () => personalSettingsRoute,
  path: 'api-keys',
  component: lazyRouteComponent(() => import('../modules/api-keys/pages/api-keys-page'), 'ApiKeysPage'),
});

const createApiKeyRoute = createRoute({
  getParentRoute: () => personalSettingsRoute,
  path: 'api-keys/create',
  component: lazyRouteComponent(
    () => import('../modules/api-keys/pages/create-api-key-page'),
    'CreateApiKeyPage',
  ),
});

const invitationsRoute = createRoute({
  getParentRoute: () => personalSettingsRoute,
  path: 'invitations',
  component: lazyRouteComponent(
    () => import('../modules/invitations/pages/invitations-page'),
    'InvitationsPage',
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
  component: lazyRouteComponent(() => import('./layouts/organization-layout'), 'OrganizationLayout'),
});

const organizationHomeRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: '/',
  component: lazyRouteComponent(
    () => import('../modules/organizations/pages/organization-home-page'),
    'OrganizationHomePage',
  ),
});

const documentsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'documents',
  validateSearch: validateDocumentsSearch,
  component: lazyRouteComponent(() => import('../modules/documents/pages/documents-page'), 'DocumentsPage'),
});

const documentRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'documents/$documentId',
  validateSearch: validateDocumentSearch,
  component: lazyRouteComponent(() => import('../modules/documents/pages/document-page'), 'DocumentPage'),
});

const deletedDocumentsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'deleted',
  component: lazyRouteComponent(
    () => import('../modules/documents/pages/deleted-documents-page'),
    'DeletedDocumentsPage',
  ),
});

const tagsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'tags',
  component: lazyRouteComponent(() => import('../modules/tags/pages/tags-page'), 'TagsPage'),
});

const taggingRulesRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'tagging-rules',
  component: lazyRouteComponent(
    () => import('../modules/tagging-rules/pages/tagging-rules-page'),
    'TaggingRulesPage',
  ),
});

const createTaggingRuleRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'tagging-rules/create',
  component: lazyRouteComponent(
    () => import('../modules/tagging-rules/pages/create-tagging-rule-page'),
    'CreateTaggingRulePage',
  ),
});

const editTaggingRuleRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'tagging-rules/$taggingRuleId',
  component: lazyRouteComponent(
    () => import('../modules/tagging-rules/pages/edit-tagging-rule-page'),
    'EditTaggingRulePage',
  ),
});

const membersRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'members',
  component: lazyRouteComponent(() => import('../modules/members/pages/members-page'), 'MembersPage'),
});

const inviteMemberRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'invite',
  beforeLoad: async ({ context, params }) =>
    (await organizationGuards()).requireMemberManager(context.queryClient, params.organizationId),
  component: lazyRouteComponent(
    () => import('../modules/members/pages/invite-member-page'),
    'InviteMemberPage',
  ),
});

const organizationInvitationsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'invitations',
  beforeLoad: async ({ context, params }) =>
    (await organizationGuards()).requireMemberManager(context.queryClient, params.organizationId),
  component: lazyRouteComponent(
    () => import('../modules/invitations/pages/organization-invitations-page'),
    'OrganizationInvitationsPage',
  ),
});

const organizationSettingsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'settings',
  component: lazyRouteComponent(
    () => import('../modules/organizations/pages/organization-settings-page'),
    'OrganizationSettingsPage',
  ),
});

const organizationUsageRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'settings/usage',
  component: lazyRouteComponent(
    () => import('../modules/organizations/pages/organization-usage-page'),
    'OrganizationUsagePage',
  ),
});

export const routeTree = rootRoute.addChildren([
  publicRoute.addChildren([
    loginRoute,
    registerRoute,
    requestPasswordResetRoute,
    resetPasswordRoute,
    emailValidationRequiredRoute,
  ]),
  legalRoute.addChildren([termsRoute, privacyRoute]),
  privateRoute.addChildren([
    shellRoute.addChildren([
      homeRoute,
      organizationsRoute,
      deletedOrganizationsRoute,
      createOrganizationRoute,
      firstOrganizationRoute,
      personalSettingsRoute.addChildren([
        accountSettingsRoute,
        apiKeysRoute,
        createApiKeyRoute,
        invitationsRoute,
      ]),
    ]),
    organizationRoute.addChildren([
      organizationHomeRoute,
      documentsRoute,
      documentRoute,
      deletedDocumentsRoute,
      tagsRoute,
      taggingRulesRoute,
      createTaggingRuleRoute,
      editTaggingRuleRoute,
      membersRoute,
      inviteMemberRoute,
      organizationInvitationsRoute,
      organizationSettingsRoute,
      organizationUsageRoute,
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
