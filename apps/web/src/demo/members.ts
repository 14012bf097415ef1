import {
  canChangeMemberRole,
  canRemoveMember,
  type MemberDto,
  membersEndpoints,
  updateMemberRoleSchema,
} from '@sheaf/contracts/members';
import { type DemoContext, requireOrganization } from './context';
import { DemoHttpError, handle, json, noContent, notFound, parseJsonBody } from './http';

function toMemberDto(context: DemoContext, member: DemoContext['state']['members'][number]): MemberDto {
  const user = context.state.users.find(({ id }) => id === member.userId);
  return {
    id: member.id,
    role: member.role,
    organizationId: member.organizationId,
    user: { id: member.userId, email: user?.email ?? '', name: user?.name ?? '' },
    hasSecondFactor: false,
    createdAt: member.createdAt,
  };
}

function findMember(context: DemoContext, organizationId: string, memberId: string) {
  const member = context.state.members.find(
    ({ id, organizationId: owner }) => id === memberId && owner === organizationId,
  );
  if (!member) throw notFound('members.not_found', 'No member with this id in this organization.');
  return member;
}

const forbidden = () => new DemoHttpError(403, 'auth.forbidden', 'You cannot change this member.');

export const membersRoutes = (context: DemoContext) => [
  handle(membersEndpoints.list, ({ params }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    return json({
      members: context.state.members
        .filter(({ organizationId }) => organizationId === organization.id)
        .map((member) => toMemberDto(context, member)),
    });
  }),
  handle(membersEndpoints.me, ({ params }) =>
    json({ member: toMemberDto(context, requireOrganization(context, params.organizationId ?? '').member) }),
  ),
  handle(membersEndpoints.updateRole, (request) => {
    const { organization, member: actor } = requireOrganization(context, request.params.organizationId ?? '');
    const target = findMember(context, organization.id, request.params.memberId ?? '');
    const { role } = parseJsonBody(request, updateMemberRoleSchema);
    if (!canChangeMemberRole({ actorRole: actor.role, targetRole: target.role })) throw forbidden();
    target.role = role;
    return json({ member: toMemberDto(context, target) });
  }),
  handle(membersEndpoints.remove, ({ params }) => {
    const { organization, member: actor } = requireOrganization(context, params.organizationId ?? '');
    const target = findMember(context, organization.id, params.memberId ?? '');
    if (
      !canRemoveMember({ actorRole: actor.role, targetRole: target.role, isSelf: target.id === actor.id })
    ) {
      throw forbidden();
    }
    context.state.members = context.state.members.filter(({ id }) => id !== target.id);
    return noContent();
  }),
];
