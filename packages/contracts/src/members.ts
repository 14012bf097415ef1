import { z } from 'zod';
import { defineEndpoint, isoDateTime } from './endpoint';
import { MEMBER_ROLES, type MemberRole } from './permissions';

/** Roles that can be given to a member (nobody can make someone owner). */
export const ASSIGNABLE_MEMBER_ROLES = ['admin', 'member'] as const satisfies readonly MemberRole[];
export type AssignableMemberRole = (typeof ASSIGNABLE_MEMBER_ROLES)[number];

/** PATCH /api/organizations/{organizationId}/members/{memberId} */
export const updateMemberRoleSchema = z.strictObject({ role: z.enum(ASSIGNABLE_MEMBER_ROLES) });

export type UpdateMemberRoleInput = z.input<typeof updateMemberRoleSchema>;

/** A member of an organization, with the user it is. */
export const memberSchema = z.strictObject({
  id: z.string(),
  role: z.enum(MEMBER_ROLES),
  organizationId: z.string(),
  user: z.strictObject({ id: z.string(), email: z.string(), name: z.string() }),
  /** Whether the member's account has two-factor sign-in or a passkey. */
  hasSecondFactor: z.boolean(),
  createdAt: isoDateTime(),
});

export type MemberDto = z.infer<typeof memberSchema>;

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

const MEMBERS = '/api/organizations/:organizationId/members';
const exampleMember = {
  id: 'mem_0123456789abcdefghijklmn',
  role: 'admin',
  organizationId: 'org_0123456789abcdefghijklmn',
  user: { id: 'usr_0123456789abcdefghijklmn', email: 'ada@example.com', name: 'Ada' },
  hasSecondFactor: true,
  createdAt: '2026-01-31T09:15:00.000Z',
};

/**
 * This domain's endpoints (see endpoint.ts). Sessions only; any role passes the guard, the rules
 * of `canChangeMemberRole` and `canRemoveMember` answer 403 `auth.forbidden` after the member is found.
 */
export const membersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: MEMBERS,
    tag: 'Members',
    summary: 'Members of the organization',
    description: 'Oldest member first; every member may read them.',
    auth: 'session',
    answers: { 200: z.strictObject({ members: z.array(memberSchema) }) },
    example: { answer: { members: [exampleMember] } },
  }),
  me: defineEndpoint({
    method: 'GET',
    path: `${MEMBERS}/me`,
    tag: 'Members',
    summary: "The caller's membership",
    auth: 'session',
    answers: { 200: z.strictObject({ member: memberSchema }) },
    // The guard's membership is kept a few seconds: removed meanwhile by another process, it is gone here.
    errors: { 404: ['members.not_found'] },
    example: { answer: { member: exampleMember } },
  }),
  updateRole: defineEndpoint({
    method: 'PATCH',
    path: `${MEMBERS}/:memberId`,
    tag: 'Members',
    summary: "Change a member's role",
    description:
      "Owners and admins set admin or member on anyone but the owner; the owner's role never changes, and nobody is made owner (403 `auth.forbidden`). Answers the updated member.",
    auth: 'session',
    body: updateMemberRoleSchema,
    answers: { 200: z.strictObject({ member: memberSchema }) },
    errors: { 404: ['members.not_found'] },
    example: { body: { role: 'admin' }, answer: { member: exampleMember } },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${MEMBERS}/:memberId`,
    tag: 'Members',
    summary: 'Remove a member, or leave',
    description:
      "Owners and admins remove anyone but the owner; any other member may remove themselves (leave). The owner can be neither removed nor leave (403 `auth.forbidden`). The organization also leaves the scope of the removed user's API keys.",
    auth: 'session',
    answers: { 204: null },
    errors: { 404: ['members.not_found'] },
  }),
};
