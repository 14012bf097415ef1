import {
  type InvitationDto,
  invitationsEndpoints,
  inviteMemberSchema,
  RESENDABLE_INVITATION_STATUSES,
} from '@sheaf/contracts/invitations';
import { currentUser, type DemoContext, nowIso, requireManager } from './context';
import {
  DemoHttpError,
  handle,
  json,
  noContent,
  notAvailableInDemo,
  notFound,
  notInDemo,
  parseJsonBody,
} from './http';

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
  handle(invitationsEndpoints.listForOrganization, ({ params }) => {
    const { organization } = requireManager(context, params.organizationId ?? '');
    return json({
      invitations: context.state.invitations
        .filter(({ organizationId, status }) => organizationId === organization.id && status !== 'accepted')
        .map((invitation) => toInvitationDto(context, invitation)),
    });
  }),
  // Spec §7: inviting answers 501 in demo (no e-mail leaves the page). The body is still validated.
  handle(invitationsEndpoints.create, (request) => {
    requireManager(context, request.params.organizationId ?? '');
    parseJsonBody(request, inviteMemberSchema);
    throw notAvailableInDemo();
  }),
  handle(invitationsEndpoints.listReceived, () =>
    json({
      invitations: receivedInvitations(context).map((invitation) => toInvitationDto(context, invitation)),
    }),
  ),
  handle(invitationsEndpoints.countPending, () =>
    json({
      pendingInvitationsCount: receivedInvitations(context).filter(({ status }) => status === 'pending')
        .length,
    }),
  ),
  // Joining another organization is not in the demo.
  notInDemo(invitationsEndpoints.accept),
  handle(invitationsEndpoints.reject, ({ params }) => {
    const invitation = findInvitation(context, params.invitationId ?? '');
    if (invitation.email !== currentUser(context).email)
      throw notFound('invitations.not_found', 'No invitation with this id.');
    if (invitation.status !== 'pending') throw invalidStatus('Only a pending invitation can be rejected.');
    invitation.status = 'rejected';
    invitation.updatedAt = nowIso(context);
    return noContent();
  }),
  handle(invitationsEndpoints.cancel, ({ params }) => {
    const invitation = findInvitation(context, params.invitationId ?? '');
    requireManager(context, invitation.organizationId);
    if (invitation.status !== 'pending') throw invalidStatus('Only a pending invitation can be cancelled.');
    invitation.status = 'cancelled';
    invitation.updatedAt = nowIso(context);
    return noContent();
  }),
  // Resending sends an e-mail: not in the demo, once the status allows it.
  handle(invitationsEndpoints.resend, ({ params }) => {
    const invitation = findInvitation(context, params.invitationId ?? '');
    requireManager(context, invitation.organizationId);
    if (!(RESENDABLE_INVITATION_STATUSES as readonly string[]).includes(invitation.status)) {
      throw invalidStatus('Only a rejected, expired or cancelled invitation can be resent.');
    }
    throw notAvailableInDemo();
  }),
];
