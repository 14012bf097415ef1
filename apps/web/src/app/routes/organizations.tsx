import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { organizationGuards, shellRoute } from './layouts';

// The pages outside an organization: the home redirect and the organizations list, create and trash.

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

/** The shell's pages (beside the personal settings). */
export const organizationsPages = [
  homeRoute,
  organizationsRoute,
  deletedOrganizationsRoute,
  createOrganizationRoute,
  firstOrganizationRoute,
] as const;
