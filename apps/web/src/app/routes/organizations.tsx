import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { organizationGuards, shellRoute } from './layouts';

// The pages outside an organization: the home redirect, the organizations list, create and trash, and
// the page a member without a second factor sees instead of an organization that requires one.

const homeRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/',
  beforeLoad: async ({ context }) => (await organizationGuards()).redirectFromHome(context.queryClient),
  component: lazyRouteComponent(() => import('../../modules/organizations/pages/home-page'), 'HomePage'),
});

const organizationsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'organizations',
  staticData: { title: 'organizations.list.title' },
  beforeLoad: async ({ context }) =>
    (await organizationGuards()).requireSomeOrganization(context.queryClient),
  component: lazyRouteComponent(
    () => import('../../modules/organizations/pages/organizations-page'),
    'OrganizationsPage',
  ),
});

const deletedOrganizationsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'organizations/deleted',
  staticData: { title: 'organizations.deleted.title' },
  component: lazyRouteComponent(
    () => import('../../modules/organizations/pages/deleted-organizations-page'),
    'DeletedOrganizationsPage',
  ),
});

const createOrganizationRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'organizations/create',
  staticData: { title: 'organizations.create.title' },
  component: lazyRouteComponent(
    () => import('../../modules/organizations/pages/create-organization-page'),
    'CreateOrganizationPage',
  ),
});

const firstOrganizationRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'organizations/first',
  staticData: { title: 'organizations.first.title' },
  beforeLoad: async ({ context }) => (await organizationGuards()).requireNoOrganization(context.queryClient),
  component: lazyRouteComponent(
    () => import('../../modules/organizations/pages/first-organization-page'),
    'FirstOrganizationPage',
  ),
});

/** Not under the organization's layout: that layout's guard loads the organization, which refuses them. */
const twoFactorRequiredRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'organizations/$organizationId/two-factor-required',
  staticData: { title: 'organizations.two-factor-required.title' },
  component: lazyRouteComponent(
    () => import('../../modules/organizations/pages/two-factor-required-page'),
    'TwoFactorRequiredPage',
  ),
});

/** The shell's pages (beside the personal settings). */
export const organizationsPages = [
  homeRoute,
  organizationsRoute,
  deletedOrganizationsRoute,
  createOrganizationRoute,
  firstOrganizationRoute,
  twoFactorRequiredRoute,
] as const;
