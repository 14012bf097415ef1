import type { MemberRole } from '@sheaf/contracts/permissions';
import type { UserDto } from '@sheaf/contracts/users';

/** Owners and admins of the organization import (the API answers 403 to members). */
export function canManagePaperlessImports(role: MemberRole): boolean {
  return role === 'owner' || role === 'admin';
}

/**
 * Whether the signed-in user is one of the server's administrators (the global role `admin` in
 * `roles`): they alone may import from a folder on the server.
 */
export function isServerAdministrator(user: Pick<UserDto, 'roles'> | undefined): boolean {
  return user?.roles.includes('admin') ?? false;
}
