import type { MemberRole } from '@sheaf/contracts/permissions';

/** Owners and admins manage intake addresses; members see them read-only (the API answers 403 to their changes). */
export function canManageIntakeEmails(role: MemberRole): boolean {
  return role === 'owner' || role === 'admin';
}
