import type { UserDto } from '@sheaf/contracts/users';
import type { UsersTable } from '../../db/database.types';
import { toIsoTimestamp } from '../../shared/clock';

export function toUserDto(row: UsersTable): UserDto {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    emailVerified: Boolean(row.email_verified),
    locale: row.locale,
    roles: [],
    createdAt: toIsoTimestamp(row.created_at),
    updatedAt: toIsoTimestamp(row.updated_at),
  };
}
