import { z } from 'zod';
import { defineEndpoint, isoDateTime } from './endpoint';
import { INVITATION_ROLES } from './permissions';
import { emailAddressSchema } from './text';

export const INVITATION_STATUSES = ['pending', 'accepted', 'rejected', 'expired', 'cancelled'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
export type InvitationRole = (typeof INVITATION_ROLES)[number];

/** Statuses from which an invitation can be sent again (spec §4). */
export const RESENDABLE_INVITATION_STATUSES = [
  'rejected',
  'expired',
  'cancelled',
] as const satisfies readonly InvitationStatus[];

/**
 * POST /api/organizations/{organizationId}/members/invitations. The e-mail is compared
 * case-insensitively and kept within the RFC 5321 lengths.
 */
export const inviteMemberSchema = z.strictObject({
  email: emailAddressSchema,
  role: z.enum(INVITATION_ROLES).default('member'),
});

export type InviteMemberInput = z.input<typeof inviteMemberSchema>;

/** An invitation as the API answers it, with its organization's name. */
export const invitationSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITATION_ROLES),
  /** A pending invitation past its expiry is answered expired, even before the expiry job marks it. */
  status: z.enum(INVITATION_STATUSES),
  organizationId: z.string(),
  organization: z.strictObject({ id: z.string(), name: z.string() }),
  expiresAt: isoDateTime(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});

export type InvitationDto = z.infer<typeof invitationSchema>;

const exampleInvitation = {
  id: 'inv_0123456789abcdefghijklmn',
  email: 'ada@example.com',
  role: 'member',
  status: 'pending',
  organizationId: 'org_0123456789abcdefghijklmn',
  organization: { id: 'org_0123456789abcdefghijklmn', name: 'Acme' },
  expiresAt: '2026-02-07T09:15:00.000Z',
  createdAt: '2026-01-31T09:15:00.000Z',
  updatedAt: '2026-01-31T09:15:00.000Z',
};

const ORGANIZATION_INVITATIONS = '/api/organizations/:organizationId/members/invitations';
const INVITATION = '/api/invitations/:invitationId';

/** What sending an invitation (or sending it again) can be refused for. */
const SEND_REFUSALS = {
  403: ['organization.max_members_count_reached'],
  409: ['user.already_in_organization', 'organization.invitation_already_exists'],
  429: ['user.organization_invitation_limit_reached'],
} as const;

/**
 * This domain's endpoints (see endpoint.ts). Sessions only: an organization's invitations are for
 * its owners and admins, the others are the caller's received ones (or, to cancel and resend, an
 * invitation of an organization the caller manages).
 */
export const invitationsEndpoints = {
  listForOrganization: defineEndpoint({
    method: 'GET',
    path: ORGANIZATION_INVITATIONS,
    tag: 'Members',
    summary: "The organization's invitations",
    description: 'Newest first; accepted invitations are left out.',
    auth: 'session',
    roles: ['owner', 'admin'],
    answers: { 200: z.strictObject({ invitations: z.array(invitationSchema) }) },
    example: { answer: { invitations: [exampleInvitation] } },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: ORGANIZATION_INVITATIONS,
    tag: 'Members',
    summary: 'Invite someone by e-mail',
    description:
      "`role` is `member` unless `admin` is given. E-mails the invitee a link to /invitations; the invitation expires after INVITATION_EXPIRATION_DAYS (an hourly job marks it `expired`). Refused with 409 `organization.invitation_already_exists` when one is pending for that e-mail, 409 `user.already_in_organization` when it is a member's, 429 `user.organization_invitation_limit_reached` past MAX_INVITATIONS_PER_DAY sent by the caller in 24 hours (creations and resends count), and 403 `organization.max_members_count_reached` when members and pending invitations reach the plan's members limit (only when SUBSCRIPTIONS_IS_ENABLED).",
    auth: 'session',
    roles: ['owner', 'admin'],
    body: inviteMemberSchema,
    answers: { 201: z.strictObject({ invitation: invitationSchema }) },
    errors: SEND_REFUSALS,
    example: {
      body: { email: 'ada@example.com', role: 'member' },
      answer: { invitation: exampleInvitation },
    },
  }),
  listReceived: defineEndpoint({
    method: 'GET',
    path: '/api/invitations',
    tag: 'Members',
    summary: 'Invitations received by the caller',
    description:
      "Those sent to the caller's e-mail address (ignoring case), newest first, each with its organization (`organization: { id, name }`); cancelled ones and those of deleted organizations are left out.",
    auth: 'session',
    answers: { 200: z.strictObject({ invitations: z.array(invitationSchema) }) },
    example: { answer: { invitations: [exampleInvitation] } },
  }),
  countPending: defineEndpoint({
    method: 'GET',
    path: '/api/invitations/count',
    tag: 'Members',
    summary: "How many invitations wait for the caller's answer",
    auth: 'session',
    answers: { 200: z.strictObject({ pendingInvitationsCount: z.number().int().nonnegative() }) },
    example: { answer: { pendingInvitationsCount: 1 } },
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: `${INVITATION}/accept`,
    tag: 'Members',
    summary: 'Accept an invitation',
    description:
      "An invitation sent to the caller's e-mail address (404 `invitations.not_found` for any other), while it is pending (409 `invitations.invalid_status` after): the caller joins the organization with the invited role. Refused (403) while the organization is over its plan's members count.",
    auth: 'session',
    answers: { 204: null },
    errors: {
      403: ['organization.max_members_count_reached'],
      404: ['invitations.not_found'],
      409: ['invitations.invalid_status'],
    },
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: `${INVITATION}/reject`,
    tag: 'Members',
    summary: 'Reject an invitation',
    description:
      "An invitation sent to the caller's e-mail address (404 `invitations.not_found` for any other), while it is pending (409 `invitations.invalid_status` after).",
    auth: 'session',
    answers: { 204: null },
    errors: { 404: ['invitations.not_found'], 409: ['invitations.invalid_status'] },
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: `${INVITATION}/cancel`,
    tag: 'Members',
    summary: 'Cancel an invitation',
    description:
      'An owner or admin of its organization withdraws a pending invitation (409 `invitations.invalid_status` for any other).',
    auth: 'session',
    answers: { 204: null },
    errors: { 404: ['invitations.not_found'], 409: ['invitations.invalid_status'] },
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: `${INVITATION}/resend`,
    tag: 'Members',
    summary: 'Send an invitation again',
    description:
      'An owner or admin of its organization sends a rejected, expired or cancelled invitation again (409 `invitations.invalid_status` for a pending or accepted one): it becomes pending with a new expiry, and a new e-mail goes out. The same limits as a new invitation apply.',
    auth: 'session',
    answers: { 204: null },
    errors: {
      ...SEND_REFUSALS,
      404: ['invitations.not_found'],
      409: ['invitations.invalid_status', ...SEND_REFUSALS[409]],
    },
  }),
};
