import type { MemberDto } from '@sheaf/contracts/members';
import type { OrganizationMembersTable } from '../../db/database.types';

export function toMemberDto(
  row: OrganizationMembersTable & { user_email: string; user_name: string },
): MemberDto {
  return {
    id: row.id,
    role: row.role,
    organizationId: row.organization_id,
    user: { id: row.user_id, email: row.user_email, name: row.user_name },
    createdAt: row.created_at,
  };
}
