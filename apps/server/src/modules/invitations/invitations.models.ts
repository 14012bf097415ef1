import type { InvitationDto, InvitationStatus } from '@sheaf/contracts/invitations';
import type { OrganizationInvitationsTable, Timestamp } from '../../db/database.types';

/** A pending invitation past its expiry is expired, even before the expiry job marks it. */
export function effectiveInvitationStatus(
  row: Pick<OrganizationInvitationsTable, 'status' | 'expires_at'>,
  now: Timestamp,
): InvitationStatus {
  return row.status === 'pending' && row.expires_at <= now ? 'expired' : row.status;
}

export function toInvitationDto(
  row: OrganizationInvitationsTable & { organization_name: string },
  now: Timestamp,
): InvitationDto {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: effectiveInvitationStatus(row, now),
    organizationId: row.organization_id,
    organization: { id: row.organization_id, name: row.organization_name },
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const DAY_MS = 24 * 60 * 60 * 1000;
