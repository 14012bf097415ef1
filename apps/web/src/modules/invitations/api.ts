import { type InvitationRole, invitationsEndpoints } from '@sheaf/contracts/invitations';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { organizationsQueryKey } from '../organizations/api';

/** The signed-in user's received invitations and their pending count. */
export const receivedInvitationsQueryKey = ['invitations', 'received'] as const;
export const pendingInvitationsCountQueryKey = ['invitations', 'count'] as const;

/** Spec §9: the pending invitation count is cached 5 minutes. */
export const PENDING_INVITATIONS_COUNT_STALE_TIME_MS = 5 * 60 * 1000;

export function organizationInvitationsQueryKey(organizationId: string) {
  return ['organizations', organizationId, 'invitations'] as const;
}

export function organizationInvitationsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: organizationInvitationsQueryKey(organizationId),
    queryFn: async () =>
      (await call(invitationsEndpoints.listForOrganization, { params: { organizationId } })).invitations,
  });
}

export function receivedInvitationsQueryOptions() {
  return queryOptions({
    queryKey: receivedInvitationsQueryKey,
    queryFn: async () => (await call(invitationsEndpoints.listReceived)).invitations,
  });
}

export function pendingInvitationsCountQueryOptions() {
  return queryOptions({
    queryKey: pendingInvitationsCountQueryKey,
    queryFn: async () => (await call(invitationsEndpoints.countPending)).pendingInvitationsCount,
    staleTime: PENDING_INVITATIONS_COUNT_STALE_TIME_MS,
  });
}

export function useInviteMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { email: string; role: InvitationRole }) =>
      (await call(invitationsEndpoints.create, { params: { organizationId }, body })).invitation,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: organizationInvitationsQueryKey(organizationId) }),
  });
}

type InvitationAction = 'accept' | 'reject' | 'resend' | 'cancel';

function postInvitationAction(invitationId: string, action: InvitationAction) {
  return call(invitationsEndpoints[action], { params: { invitationId } });
}

/** Cancel (pending) or resend (rejected, expired, cancelled) one of an organization's invitations. */
export function useOrganizationInvitationAction(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invitationId, action }: { invitationId: string; action: 'resend' | 'cancel' }) =>
      postInvitationAction(invitationId, action),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: organizationInvitationsQueryKey(organizationId) }),
  });
}

/** Accept or reject an invitation the signed-in user received. */
export function useReceivedInvitationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invitationId, action }: { invitationId: string; action: 'accept' | 'reject' }) =>
      postInvitationAction(invitationId, action),
    onSettled: async (_result, _error, { action }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: receivedInvitationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: pendingInvitationsCountQueryKey }),
        action === 'accept'
          ? queryClient.invalidateQueries({ queryKey: organizationsQueryKey, exact: true })
          : undefined,
      ]);
    },
  });
}
