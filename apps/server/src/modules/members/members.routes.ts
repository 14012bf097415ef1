import { membersEndpoints } from '@sheaf/contracts/members';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { getMembership } from '../organizations/organizations.middleware';
import type { MembersUsecases } from './members.usecases';

/** Members routes accept sessions only. The invitations routes under …/members/invitations live in their module. */
export function createMembersRoutes({
  members,
  routes,
}: {
  routes: EndpointRoutesFactory;
  members: MembersUsecases;
}) {
  return routes()
    .on(membersEndpoints.list, async ({ c }) => ({
      status: 200,
      body: { members: await members.listMembers({ membership: getMembership(c) }) },
    }))
    .on(membersEndpoints.me, async ({ c }) => ({
      status: 200,
      body: { member: await members.getMyMember({ membership: getMembership(c) }) },
    }))
    .on(membersEndpoints.updateRole, async ({ c, params, body }) => {
      const member = await members.updateMemberRole({
        membership: getMembership(c),
        memberId: params.memberId,
        role: body.role,
      });
      return { status: 200, body: { member } };
    })
    .on(membersEndpoints.remove, async ({ c, params }) => {
      await members.removeMember({ membership: getMembership(c), memberId: params.memberId });
      return { status: 204 };
    }).router;
}
