import { canManageMembers } from '@sheaf/contracts/members';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { sessionQueryKey } from '../modules/auth/api';
import { pendingInvitationsCountQueryOptions } from '../modules/invitations/api';
import { myMemberQueryOptions } from '../modules/members/api';
import { organizationQueryOptions, organizationsQueryOptions } from '../modules/organizations/api';
import {
  clearLastOrganizationId,
  getLastOrganizationId,
  resolveHomeRedirect,
} from '../modules/organizations/last-organization';
import { isApiError } from '../shared/http/api-error';

// The guards of the organization routes. They read the session, the organizations, the user's
// membership and invitations, so they live in app, above the features: inside organizations they made it
// import invitations and members, which import organizations. Loaded with the first private page.

/** The user's pending invitations count; 0 when it cannot be read (the redirect must not fail on it). */
async function pendingInvitationsCount(queryClient: QueryClient): Promise<number> {
  try {
    return await queryClient.fetchQuery(pendingInvitationsCountQueryOptions());
  } catch {
    return 0;
  }
}

/**
 * `/`: the last used organization, else the list, else — for someone invited before they had an
 * account — their pending invitations, else the first-organization form (spec §2).
 */
export async function redirectFromHome(queryClient: QueryClient): Promise<never> {
  const organizations = await queryClient.fetchQuery(organizationsQueryOptions());
  if (organizations.length === 0 && (await pendingInvitationsCount(queryClient)) > 0) {
    throw redirect({ to: '/invitations', replace: true });
  }
  throw redirect({ ...resolveHomeRedirect(organizations, getLastOrganizationId()), replace: true });
}

/** `/organizations`: an empty list goes to the first-organization form. */
export async function requireSomeOrganization(queryClient: QueryClient): Promise<void> {
  const organizations = await queryClient.fetchQuery(organizationsQueryOptions());
  if (organizations.length === 0) {
    throw redirect({ to: '/organizations/first', replace: true });
  }
}

/** `/organizations/first`: a user who already has organizations gets the ordinary create form. */
export async function requireNoOrganization(queryClient: QueryClient): Promise<void> {
  const organizations = await queryClient.fetchQuery(organizationsQueryOptions());
  if (organizations.length > 0) {
    throw redirect({ to: '/organizations/create', replace: true });
  }
}

/**
 * Loads the organization before its pages (spec §2 and §8): 400 or 403 (not a member, unknown or deleted)
 * goes to /, 401 to /login; other failures reach the route's error page. The exception: a member
 * without a second factor, refused by an organization that requires one, is told how to get in.
 */
export async function loadOrganization(queryClient: QueryClient, organizationId: string): Promise<void> {
  try {
    await queryClient.ensureQueryData(organizationQueryOptions(organizationId));
  } catch (error) {
    if (isApiError(error)) {
      if (error.status === 401) {
        // The session is gone: forget it so /login does not send the user back.
        queryClient.setQueryData(sessionQueryKey, null);
        throw redirect({ to: '/login', replace: true });
      }
      if (error.status === 403 && error.code === 'organization.two_factor_required') {
        // Still their organization (kept as the last used one): they can open it once they have a second factor.
        throw redirect({
          to: '/organizations/$organizationId/two-factor-required',
          params: { organizationId },
          replace: true,
        });
      }
      if (error.status === 400 || error.status === 403 || error.status === 404) {
        clearLastOrganizationId(organizationId);
        throw redirect({ to: '/', replace: true });
      }
    }
    throw error;
  }
}

/** Invite form and invitations list are for owners and admins; others go to the members page (spec §6). */
export async function requireMemberManager(queryClient: QueryClient, organizationId: string): Promise<void> {
  const me = await queryClient.ensureQueryData(myMemberQueryOptions(organizationId));
  if (!canManageMembers(me.role)) {
    throw redirect({
      to: '/organizations/$organizationId/members',
      params: { organizationId },
      replace: true,
    });
  }
}
