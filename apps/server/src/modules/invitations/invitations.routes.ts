import { invitationsEndpoints } from '@sheaf/contracts/invitations';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { getMembership } from '../organizations/organizations.middleware';
import type { InvitationsUsecases } from './invitations.usecases';

/** Invitations accept sessions only: an organization's (owners and admins) and the caller's received ones. */
export function createInvitationsRoutes({
  invitations,
  routes,
}: {
  routes: EndpointRoutesFactory;
  invitations: InvitationsUsecases;
}) {
  return routes()
    .on(invitationsEndpoints.listForOrganization, async ({ c }) => ({
      status: 200,
      body: { invitations: await invitations.listOrganizationInvitations({ membership: getMembership(c) }) },
    }))
    .on(invitationsEndpoints.create, async ({ c, body }) => {
      const invitation = await invitations.createInvitation({
        membership: getMembership(c),
        email: body.email,
        role: body.role,
      });
      return { status: 201, body: { invitation } };
    })
    .on(invitationsEndpoints.listReceived, async ({ c }) => ({
      status: 200,
      body: { invitations: await invitations.listReceivedInvitations({ actor: c.get('actor') }) },
    }))
    .on(invitationsEndpoints.countPending, async ({ c }) => ({
      status: 200,
      body: { pendingInvitationsCount: await invitations.countPendingInvitations({ actor: c.get('actor') }) },
    }))
    .on(invitationsEndpoints.accept, async ({ c, params }) => {
      await invitations.acceptInvitation({ actor: c.get('actor'), invitationId: params.invitationId });
      return { status: 204 };
    })
    .on(invitationsEndpoints.reject, async ({ c, params }) => {
      await invitations.rejectInvitation({ actor: c.get('actor'), invitationId: params.invitationId });
      return { status: 204 };
    })
    .on(invitationsEndpoints.cancel, async ({ c, params }) => {
      await invitations.cancelInvitation({
        userId: c.get('actor').userId,
        invitationId: params.invitationId,
      });
      return { status: 204 };
    })
    .on(invitationsEndpoints.resend, async ({ c, params }) => {
      await invitations.resendInvitation({
        userId: c.get('actor').userId,
        invitationId: params.invitationId,
      });
      return { status: 204 };
    }).router;
}
