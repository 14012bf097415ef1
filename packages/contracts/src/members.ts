import { z } from 'zod';
import type { MemberRole } from './permissions';

/** Roles that can be given to a member (nobody can make someone owner). */
export const ASSIGNABLE_MEMBER_ROLES = ['admin', 'member'] as const satisfies readonly MemberRole[];
export type AssignableMemberRole = (typeof ASSIGNABLE_MEMBER_ROLES)[number];

/** PATCH /api/organizations/{organizationId}/members/{memberId} */
export const updateMemberRoleSchema = z.strictObject({ role: z.enum(ASSIGNABLE_MEMBER_ROLES) });

export type UpdateMemberRoleInput = z.input<typeof updateMemberRoleSchema>;

export type MemberDto = {
  id: string;
  role: MemberRole;
  organizationId: string;
  user: { id: string; email: string; name: string };
  createdAt: string;
};

/** Owners and admins manage members and invitations; members only read. */
export function canManageMembers(role: MemberRole): boolean {
  return role === 'owner' || role === 'admin';
}

/**
 * Whether `actorRole` may change the role of a member whose role is `targetRole` (spec §6: members
 * cannot change roles, the owner's role never changes, nobody is made owner).
 */
export function canChangeMemberRole({
  actorRole,
  targetRole,
}: {
  actorRole: MemberRole;
  targetRole: MemberRole;
}): boolean {
  return canManageMembers(actorRole) && targetRole !== 'owner';
}

/** Owners and admins remove non-owners; anyone but the owner may remove themselves (leave). */
export function canRemoveMember({
  actorRole,
  targetRole,
  isSelf,
}: {
  actorRole: MemberRole;
  targetRole: MemberRole;
  isSelf: boolean;
}): boolean {
  if (targetRole === 'owner') return false;
  return isSelf || canManageMembers(actorRole);
}

/** This domain's endpoints (see endpoint.ts). */
export const membersEndpoints = {};
