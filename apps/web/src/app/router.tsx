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
import { validateAccountSettingsSearch, validateProviderErrorSearch } from '../modules/auth/search-params';
import { DocumentPageSkeleton } from '../modules/documents/components/document-page-skeleton';
import { validateDocumentSearch, validateDocumentsSearch } from '../modules/documents/search-params';
import { validateWebhookSearch } from '../modules/webhooks/search-params';
import { loadAllMessages } from '../shared/i18n/i18n';
import { requireNoSession, requireSession, resetRedirectCount } from './guards';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';
import { RoutePending } from './pages/route-pending';
import { RouteAnnouncer } from './route-announcer';

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

/** Every page: its content, plus its document title and the focus move on route changes. */
function RootLayout() {
  return (
    <>
      <Outlet />
      <RouteAnnouncer />
    </>
  );
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
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
  staticData: { title: 'layout.page-titles.login' },
  // A failed provider sign-in: ?error=<code>&provider=<providerId>, shown under that provider's button.
  validateSearch: validateProviderErrorSearch,
  component: lazyRouteComponent(() => import('../modules/auth/pages/login-page'), 'LoginPage'),
});

const registerRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'register',
  staticData: { title: 'auth.register.title' },
  component: lazyRouteComponent(() => import('../modules/auth/pages/register-page'), 'RegisterPage'),
});

const requestPasswordResetRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'request-password-reset',
  staticData: { title: 'auth.request-password-reset.title' },
  component: lazyRouteComponent(
    () => import('../modules/auth/pages/request-password-reset-page'),
    'RequestPasswordResetPage',
  ),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'reset-password',
  staticData: { title: 'auth.reset-password.title' },
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
  staticData: { title: 'auth.email-validation-required.title' },
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
  staticData: { title: 'legal.terms.title' },
  component: lazyRouteComponent(() => import('../modules/auth/pages/legal-page'), 'TermsPage'),
});

const privacyRoute = createRoute({
  getParentRoute: () => legalRoute,
  path: 'privacy',
  staticData: { title: 'legal.privacy.title' },
  component: lazyRouteComponent(() => import('../modules/auth/pages/legal-page'), 'PrivacyPage'),
});

/* Private routes: a visitor without a session goes to /login. */
const privateRoute = createRoute({
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
  staticData: { title: 'organizations.list.title' },
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
  staticData: { title: 'organizations.deleted.title' },
  component: lazyRouteComponent(
    () => import('../modules/organizations/pages/deleted-organizations-page'),
    'DeletedOrganizationsPage',
  ),
});

const createOrganizationRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'organizations/create',
  staticData: { title: 'organizations.create.title' },
  component: lazyRouteComponent(
    () => import('../modules/organizations/pages/create-organization-page'),
    'CreateOrganizationPage',
  ),
});

const firstOrganizationRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'organizations/first',
  staticData: { title: 'organizations.first.title' },
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
  staticData: { title: 'layout.user-menu.account-settings' },
  validateSearch: validateAccountSettingsSearch,
  component: lazyRouteComponent(
    () => import('../modules/users/pages/account-settings-page'),
    'AccountSettingsPage',
  ),
});

const apiKeysRoute = createRoute({
  getParentRoute: () => personalSettingsRoute,
  path: 'api-keys',
  staticData: { title: 'layout.personal-settings.api-keys' },
  component: lazyRouteComponent(() => import('../modules/api-keys/pages/api-keys-page'), 'ApiKeysPage'),
});

const createApiKeyRoute = createRoute({
  getParentRoute: () => personalSettingsRoute,
  path: 'api-keys/create',
  staticData: { title: 'api-keys.create.title' },
  component: lazyRouteComponent(
    () => import('../modules/api-keys/pages/create-api-key-page'),
    'CreateApiKeyPage',
  ),
});

const invitationsRoute = createRoute({
  getParentRoute: () => personalSettingsRoute,
  path: 'invitations',
  staticData: { title: 'layout.personal-settings.invitations' },
  component: lazyRouteComponent(
    () => import('../modules/invitations/pages/invitations-page'),
    'InvitationsPage',
  ),
});

/* Stripe Checkout's return pages (spec §2 Checkout): not found unless subscriptions are enabled. */
const checkoutRoute = createRoute({
  getParentRoute: () => privateRoute,
  id: 'checkout',
  component: lazyRouteComponent(
    () => import('../modules/subscriptions/pages/checkout-layout'),
    'CheckoutLayout',
  ),
});

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
    () => import('../modules/subscriptions/pages/checkout-success-page'),
    'CheckoutSuccessPage',
  ),
});

const checkoutCancelRoute = createRoute({
  getParentRoute: () => checkoutRoute,
  path: 'checkout-cancel',
  staticData: { title: 'layout.page-titles.checkout-cancel' },
  component: lazyRouteComponent(
    () => import('../modules/subscriptions/pages/checkout-cancel-page'),
    'CheckoutCancelPage',
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
  staticData: { title: 'layout.nav.home' },
  component: lazyRouteComponent(
    () => import('../modules/organizations/pages/organization-home-page'),
    'OrganizationHomePage',
  ),
});

const documentsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'documents',
  staticData: { title: 'layout.nav.documents' },
  validateSearch: validateDocumentsSearch,
  component: lazyRouteComponent(() => import('../modules/documents/pages/documents-page'), 'DocumentsPage'),
});

const documentRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'documents/$documentId',
  staticData: { title: 'layout.page-titles.document' },
  // Its code is large (preview, editor): the page's shape shows while it loads, not a blank.
  pendingComponent: DocumentPageSkeleton,
  pendingMs: 150,
  validateSearch: validateDocumentSearch,
  component: lazyRouteComponent(() => import('../modules/documents/pages/document-page'), 'DocumentPage'),
});

const deletedDocumentsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'deleted',
  staticData: { title: 'layout.nav.deleted-documents' },
  component: lazyRouteComponent(
    () => import('../modules/documents/pages/deleted-documents-page'),
    'DeletedDocumentsPage',
  ),
});

const tagsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'tags',
  staticData: { title: 'layout.nav.tags' },
  component: lazyRouteComponent(() => import('../modules/tags/pages/tags-page'), 'TagsPage'),
});

const taggingRulesRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'tagging-rules',
  staticData: { title: 'layout.nav.tagging-rules' },
  component: lazyRouteComponent(
    () => import('../modules/tagging-rules/pages/tagging-rules-page'),
    'TaggingRulesPage',
  ),
});

const createTaggingRuleRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'tagging-rules/create',
  staticData: { title: 'tagging-rules.form.create-title' },
  component: lazyRouteComponent(
    () => import('../modules/tagging-rules/pages/create-tagging-rule-page'),
    'CreateTaggingRulePage',
  ),
});

const editTaggingRuleRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'tagging-rules/$taggingRuleId',
  staticData: { title: 'tagging-rules.form.update-title' },
  component: lazyRouteComponent(
    () => import('../modules/tagging-rules/pages/edit-tagging-rule-page'),
    'EditTaggingRulePage',
  ),
});

const membersRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'members',
  staticData: { title: 'layout.nav.members' },
  component: lazyRouteComponent(() => import('../modules/members/pages/members-page'), 'MembersPage'),
});

const inviteMemberRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'invite',
  staticData: { title: 'members.invite.title' },
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
  staticData: { title: 'invitations.organization.title' },
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
  staticData: { title: 'layout.organization-settings.title' },
  component: lazyRouteComponent(
    () => import('../modules/organizations/pages/organization-settings-page'),
    'OrganizationSettingsPage',
  ),
});

const organizationUsageRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'settings/usage',
  staticData: { title: 'layout.organization-settings.usage' },
  component: lazyRouteComponent(() => import('../modules/subscriptions/pages/usage-page'), 'UsagePage'),
});

const intakeEmailsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'settings/intake-emails',
  staticData: { title: 'layout.organization-settings.intake-emails' },
  component: lazyRouteComponent(
    () => import('../modules/intake-emails/pages/intake-emails-page'),
    'IntakeEmailsPage',
  ),
});

/** The webhook pages load their guard (and the members API it uses) with them, not with the entry. */
const webhooksGuards = () => import('../modules/webhooks/route-guards');

const webhooksRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'settings/webhooks',
  staticData: { title: 'layout.organization-settings.webhooks' },
  beforeLoad: async ({ context, params }) =>
    (await webhooksGuards()).requireWebhooksManager(context.queryClient, params.organizationId),
  component: lazyRouteComponent(() => import('../modules/webhooks/pages/webhooks-page'), 'WebhooksPage'),
});

const createWebhookRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'settings/webhooks/create',
  staticData: { title: 'webhooks.form.create-title' },
  beforeLoad: async ({ context, params }) =>
    (await webhooksGuards()).requireWebhooksManager(context.queryClient, params.organizationId),
  component: lazyRouteComponent(
    () => import('../modules/webhooks/pages/create-webhook-page'),
    'CreateWebhookPage',
  ),
});

const editWebhookRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'settings/webhooks/$webhookId',
  staticData: { title: 'layout.page-titles.edit-webhook' },
  validateSearch: validateWebhookSearch,
  beforeLoad: async ({ context, params }) =>
    (await webhooksGuards()).requireWebhooksManager(context.queryClient, params.organizationId),
  component: lazyRouteComponent(
    () => import('../modules/webhooks/pages/edit-webhook-page'),
    'EditWebhookPage',
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
    checkoutRoute.addChildren([checkoutSuccessRoute, checkoutCancelRoute]),
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
      intakeEmailsRoute,
      webhooksRoute,
      createWebhookRoute,
      editWebhookRoute,
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
