import { createHash } from 'node:crypto';
import type { ApiKeyDto } from '@sheaf/contracts/api-keys';
import {
  API_KEY_PERMISSIONS,
  API_KEY_PREFIX_LENGTH,
  API_KEY_TOKEN_PREFIX,
  API_KEY_TOKEN_RANDOM_LENGTH,
  type ApiKeyPermission,
} from '@sheaf/contracts/permissions';
import type { ApiKeysTable } from '../../db/database.types';
import { randomAlphanumeric } from '../../shared/ids';

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const TOKEN_PATTERN = new RegExp(`^${API_KEY_TOKEN_PREFIX}[A-Za-z0-9]{${API_KEY_TOKEN_RANDOM_LENGTH}}$`);

/** `sheaf_` + 64 random alphanumerics: shown once, only its hash is stored. */
export function generateApiKeyToken(): { token: string; prefix: string; hash: string } {
  const token = `${API_KEY_TOKEN_PREFIX}${randomAlphanumeric(API_KEY_TOKEN_RANDOM_LENGTH, TOKEN_ALPHABET)}`;
  return { token, prefix: token.slice(0, API_KEY_PREFIX_LENGTH), hash: hashApiKeyToken(token) };
}

export function hashApiKeyToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isWellFormedApiKeyToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export function parsePermissions(stored: string): ApiKeyPermission[] {
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed)
    ? parsed.filter((value): value is ApiKeyPermission => API_KEY_PERMISSIONS.includes(value))
    : [];
}

export function toApiKeyDto(row: ApiKeysTable, organizationIds: string[]): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    permissions: parsePermissions(row.permissions),
    organizationIds,
    allOrganizations: row.all_organizations === 1,
    prefix: row.prefix,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** lastUsedAt is written at most once a minute per key, to keep reads cheap. */
export const LAST_USED_AT_THROTTLE_MS = 60_000;
