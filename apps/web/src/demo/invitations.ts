import {
  type InvitationDto,
  inviteMemberSchema,
  RESENDABLE_INVITATION_STATUSES,
} from '@sheaf/contracts/invitations';
import { currentUser, type DemoContext, nowIso, requireManager } from './context';
import { DemoHttpError, json, noContent, notAvailableInDemo, notFound, parseJsonBody, route } from './http';

type InvitationRow = DemoContext['state']['invitations'][number];

function toInvitationDto(context: DemoContext, invitation: InvitationRow): InvitationDto {
  const organization = context.state.organizations.find(({ id }) => id === invitation.organizationId);
  return {
    ...invitation,
    organization: { id: invitation.organizationId, name: organization?.name ?? '' },
  };
}

/** Invitations addressed to the demo user (none in the seed: nobody invites a demo). */
const receivedInvitations = (context: DemoContext) =>
  context.state.invitations.filter(({ email }) => email === currentUser(context).email);

function findInvitation(context: DemoContext, invitationId: string) {
  const invitation = context.state.invitations.find(({ id }) => id === invitationId);
  if (!invitation) throw notFound('invitations.not_found', 'No invitation with this id.');
  return invitation;
}

const invalidStatus = (message: string) => new DemoHttpError(409, 'invitations.invalid_status', message);

export const invitationsRoutes = (context: DemoContext) => [
  route('GET', '/api/organizations/:organizationId/members/invitations', ({ params }) => {
    const { organization } = requireManager(context, params.organizationId ?? '');
    return json({
      invitations: context.state.invitations
        .filter(({ organizationId, status }) => organizationId === organization.id && status !== 'accepted')
        .map((invitation) => toInvitationDto(context, invitation)),
    });
  }),
  // Spec §7: inviting answers 501 in demo (no e-mail leaves the page). The body is still validated.
  route('POST', '/api/organizations/:organizationId/members/invitations', (request) => {
    requireManager(context, request.params.organizationId ?? '');
    parseJsonBody(request, inviteMemberSchema);
    throw notAvailableInDemo();
  }),
  route('GET', '/api/invitations', () =>
    json({
      invitations: receivedInvitations(context).map((invitation) => toInvitationDto(context, invitation)),
    }),
  ),
  route('GET', '/api/invitations/count', () =>
    json({
      pendingInvitationsCount: receivedInvitations(context).filter(({ status }) => status === 'pending')
        .length,
    }),
  ),
  route('POST', '/api/invitations/:invitationId/accept', () => {
    throw notAvailableInDemo();
  }),
  route('POST', '/api/invitations/:invitationId/reject', ({ params }) => {
    const invitation = findInvitation(context, params.invitationId ?? '');
    if (invitation.email !== currentUser(context).email)
      throw notFound('invitations.not_found', 'No invitation with this id.');
    if (invitation.status !== 'pending') throw invalidStatus('Only a pending invitation can be rejected.');
    invitation.status = 'rejected';
    invitation.updatedAt = nowIso(context);
    return noContent();
  }),
  route('POST', '/api/invitations/:invitationId/cancel', ({ params }) => {
    const invitation = findInvitation(context, params.invitationId ?? '');
    requireManager(context, invitation.organizationId);
    if (invitation.status !== 'pending') throw invalidStatus('Only a pending invitation can be cancelled.');
    invitation.status = 'cancelled';
    invitation.updatedAt = nowIso(context);
    return noContent();
  }),
  // Resending sends an e-mail: not in the demo, once the status allows it.
  route('POST', '/api/invitations/:invitationId/resend', ({ params }) => {
    const invitation = findInvitation(context, params.invitationId ?? '');
    requireManager(context, invitation.organizationId);
    if (!(RESENDABLE_INVITATION_STATUSES as readonly string[]).includes(invitation.status)) {
      throw invalidStatus('Only a rejected, expired or cancelled invitation can be resent.');
    }
    throw notAvailableInDemo();
  }),
];
