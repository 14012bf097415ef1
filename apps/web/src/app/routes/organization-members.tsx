import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { organizationGuards, organizationRoute } from './layouts';

// An organization's members and invitations.

const membersRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'members',
  staticData: { title: 'layout.nav.members' },
  component: lazyRouteComponent(() => import('../../modules/members/pages/members-page'), 'MembersPage'),
});

const inviteMemberRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'invite',
  staticData: { title: 'members.invite.title' },
  beforeLoad: async ({ context, params }) =>
    (await organizationGuards()).requireMemberManager(context.queryClient, params.organizationId),
  component: lazyRouteComponent(
    () => import('../../modules/members/pages/invite-member-page'),
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
    () => import('../../modules/invitations/pages/organization-invitations-page'),
    'OrganizationInvitationsPage',
  ),
});

/** The organization's members pages. */
export const organizationMembersPages = [
  membersRoute,
  inviteMemberRoute,
  organizationInvitationsRoute,
] as const;
