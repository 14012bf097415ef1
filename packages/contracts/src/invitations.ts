import { z } from 'zod';
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

export type InvitationDto = {
  id: string;
  email: string;
  role: InvitationRole;
  status: InvitationStatus;
  organizationId: string;
  organization: { id: string; name: string };
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
};

/** This domain's endpoints (see endpoint.ts). */
export const invitationsEndpoints = {};
