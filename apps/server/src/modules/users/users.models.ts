import type { UserDto } from '@sheaf/contracts/users';
import type { UsersTable } from '../../db/database.types';
import { toIsoTimestamp } from '../../shared/clock';

/** The user answer; `admin` among its roles when its e-mail is one of the server's administrators. */
export function toUserDto(
  row: UsersTable,
  { serverAdminEmails = [] }: { serverAdminEmails?: readonly string[] } = {},
): UserDto {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    emailVerified: Boolean(row.email_verified),
    locale: row.locale,
    roles: serverAdminEmails.includes(row.email.toLowerCase()) ? ['admin'] : [],
    createdAt: toIsoTimestamp(row.created_at),
    updatedAt: toIsoTimestamp(row.updated_at),
  };
}
