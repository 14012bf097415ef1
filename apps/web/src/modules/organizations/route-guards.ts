import { canManageMembers } from '@sheaf/contracts/members';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { isApiError } from '../../shared/http/api-error';
import { sessionQueryKey } from '../auth/api';
import { pendingInvitationsCountQueryOptions } from '../invitations/api';
import { myMemberQueryOptions } from '../members/api';
import { organizationQueryOptions, organizationsQueryOptions } from './api';
import { clearLastOrganizationId, getLastOrganizationId, resolveHomeRedirect } from './last-organization';

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
 * goes to /, 401 to /login; other failures reach the route's error page.
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
