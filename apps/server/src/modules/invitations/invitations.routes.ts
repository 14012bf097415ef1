import { inviteMemberSchema } from '@sheaf/contracts/invitations';
import { Hono } from 'hono';
import type { AppEnv } from '../../shared/app.types';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { parseJsonBody } from '../../shared/validation';
import type { RequireAuth } from '../auth/auth.middleware';
import { getMembership, type RequireOrganizationMember } from '../organizations/organizations.middleware';
import type { InvitationsUsecases } from './invitations.usecases';

/** Invitations accept sessions only: an organization's (owners and admins) and the caller's received ones. */
export function createInvitationsRoutes({
  invitations,
  requireAuth,
  requireOrganizationMember,
}: {
  /** Binds handlers to catalogue endpoints (the modules not bound yet ignore it). */
  routes: EndpointRoutesFactory;
  invitations: InvitationsUsecases;
  requireAuth: RequireAuth;
  requireOrganizationMember: RequireOrganizationMember;
}) {
  const manager = requireOrganizationMember({ roles: ['owner', 'admin'] });
  return new Hono<AppEnv>()
    .get('/organizations/:organizationId/members/invitations', manager, async (c) =>
      c.json({
        invitations: await invitations.listOrganizationInvitations({ membership: getMembership(c) }),
      }),
    )
    .post('/organizations/:organizationId/members/invitations', manager, async (c) => {
      const { email, role } = await parseJsonBody(c, inviteMemberSchema);
      const invitation = await invitations.createInvitation({ membership: getMembership(c), email, role });
      return c.json({ invitation }, 201);
    })
    .get('/invitations', requireAuth(), async (c) =>
      c.json({ invitations: await invitations.listReceivedInvitations({ actor: c.get('actor') }) }),
    )
    .get('/invitations/count', requireAuth(), async (c) =>
      c.json({
        pendingInvitationsCount: await invitations.countPendingInvitations({ actor: c.get('actor') }),
      }),
    )
    .post('/invitations/:invitationId/accept', requireAuth(), async (c) => {
      await invitations.acceptInvitation({
        actor: c.get('actor'),
        invitationId: c.req.param('invitationId'),
      });
      return c.body(null, 204);
    })
    .post('/invitations/:invitationId/reject', requireAuth(), async (c) => {
      await invitations.rejectInvitation({
        actor: c.get('actor'),
        invitationId: c.req.param('invitationId'),
      });
      return c.body(null, 204);
    })
    .post('/invitations/:invitationId/cancel', requireAuth(), async (c) => {
      await invitations.cancelInvitation({
        userId: c.get('actor').userId,
        invitationId: c.req.param('invitationId'),
      });
      return c.body(null, 204);
    })
    .post('/invitations/:invitationId/resend', requireAuth(), async (c) => {
      await invitations.resendInvitation({
        userId: c.get('actor').userId,
        invitationId: c.req.param('invitationId'),
      });
      return c.body(null, 204);
    });
}
