import { updateMemberRoleSchema } from '@sheaf/contracts/members';
import { Hono } from 'hono';
import type { AppEnv } from '../../shared/app.types';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { parseJsonBody } from '../../shared/validation';
import { getMembership, type RequireOrganizationMember } from '../organizations/organizations.middleware';
import type { MembersUsecases } from './members.usecases';

/** Members routes accept sessions only. The invitations routes under …/members/invitations live in their module. */
export function createMembersRoutes({
  members,
  requireOrganizationMember,
}: {
  /** Binds handlers to catalogue endpoints (the modules not bound yet ignore it). */
  routes: EndpointRoutesFactory;
  members: MembersUsecases;
  requireOrganizationMember: RequireOrganizationMember;
}) {
  return new Hono<AppEnv>()
    .get('/organizations/:organizationId/members', requireOrganizationMember(), async (c) =>
      c.json({ members: await members.listMembers({ membership: getMembership(c) }) }),
    )
    .get('/organizations/:organizationId/members/me', requireOrganizationMember(), async (c) =>
      c.json({ member: await members.getMyMember({ membership: getMembership(c) }) }),
    )
    .patch('/organizations/:organizationId/members/:memberId', requireOrganizationMember(), async (c) => {
      const { role } = await parseJsonBody(c, updateMemberRoleSchema);
      const member = await members.updateMemberRole({
        membership: getMembership(c),
        memberId: c.req.param('memberId'),
        role,
      });
      return c.json({ member });
    })
    .delete('/organizations/:organizationId/members/:memberId', requireOrganizationMember(), async (c) => {
      await members.removeMember({ membership: getMembership(c), memberId: c.req.param('memberId') });
      return c.body(null, 204);
    });
}
