import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateWebhookSearch } from '../../modules/webhooks/search-params';
import { organizationRoute } from './layouts';
import { paperlessImportReportRoute, paperlessImportsRoute } from './organization-settings-import';
import { watchedFolderRoute } from './organization-settings-watched-folder';

// An organization's settings: general, usage, intake e-mails and webhooks.

const organizationSettingsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'settings',
  staticData: { title: 'layout.organization-settings.title' },
  component: lazyRouteComponent(
    () => import('../pages/organization-settings-page'),
    'OrganizationSettingsPage',
  ),
});

const organizationUsageRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'settings/usage',
  staticData: { title: 'layout.organization-settings.usage' },
  component: lazyRouteComponent(() => import('../../modules/subscriptions/pages/usage-page'), 'UsagePage'),
});

const propertiesRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'settings/properties',
  staticData: { title: 'layout.organization-settings.properties' },
  component: lazyRouteComponent(
    () => import('../../modules/properties/pages/properties-page'),
    'PropertiesPage',
  ),
});

const intakeEmailsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'settings/intake-emails',
  staticData: { title: 'layout.organization-settings.intake-emails' },
  component: lazyRouteComponent(
    () => import('../../modules/intake-emails/pages/intake-emails-page'),
    'IntakeEmailsPage',
  ),
});

const shareLinksRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'settings/share-links',
  staticData: { title: 'layout.organization-settings.share-links' },
  component: lazyRouteComponent(
    () => import('../../modules/share-links/pages/share-links-page'),
    'ShareLinksPage',
  ),
});

/** The webhook pages load their guard (and the members API it uses) with them, not with the entry. */
const webhooksGuards = () => import('../../modules/webhooks/route-guards');

const webhooksRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'settings/webhooks',
  staticData: { title: 'layout.organization-settings.webhooks' },
  beforeLoad: async ({ context, params }) =>
    (await webhooksGuards()).requireWebhooksManager(context.queryClient, params.organizationId),
  component: lazyRouteComponent(() => import('../../modules/webhooks/pages/webhooks-page'), 'WebhooksPage'),
});

const createWebhookRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'settings/webhooks/create',
  staticData: { title: 'webhooks.form.create-title' },
  beforeLoad: async ({ context, params }) =>
    (await webhooksGuards()).requireWebhooksManager(context.queryClient, params.organizationId),
  component: lazyRouteComponent(
    () => import('../../modules/webhooks/pages/create-webhook-page'),
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
    () => import('../../modules/webhooks/pages/edit-webhook-page'),
    'EditWebhookPage',
  ),
});

/** The organization's settings pages. */
export const organizationSettingsPages = [
  organizationSettingsRoute,
  organizationUsageRoute,
  propertiesRoute,
  intakeEmailsRoute,
  watchedFolderRoute,
  paperlessImportsRoute,
  paperlessImportReportRoute,
  shareLinksRoute,
  webhooksRoute,
  createWebhookRoute,
  editWebhookRoute,
] as const;
