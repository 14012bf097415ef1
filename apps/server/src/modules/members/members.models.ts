import { hasSecondFactor } from '@sheaf/contracts/account-security';
import type { MemberDto } from '@sheaf/contracts/members';
import type { AuthBoolean, OrganizationMembersTable } from '../../db/database.types';

export function toMemberDto(
  row: OrganizationMembersTable & {
    user_email: string;
    user_name: string;
    two_factor_enabled: AuthBoolean;
    has_passkey: unknown;
  },
): MemberDto {
  return {
    id: row.id,
    role: row.role,
    organizationId: row.organization_id,
    user: { id: row.user_id, email: row.user_email, name: row.user_name },
    // EXISTS is 0/1 on SQLite, a boolean on PostgreSQL.
    hasSecondFactor: hasSecondFactor({
      twoFactorEnabled: Boolean(row.two_factor_enabled),
      passkeyCount: row.has_passkey ? 1 : 0,
    }),
    createdAt: row.created_at,
  };
}
