import { API_KEY_PERMISSIONS_BY_SECTION, type ApiKeyPermission } from '@sheaf/contracts/permissions';

export type PermissionSection = keyof typeof API_KEY_PERMISSIONS_BY_SECTION;

export const PERMISSION_SECTIONS = Object.keys(API_KEY_PERMISSIONS_BY_SECTION) as PermissionSection[];

/** The translation key of a permission's label ("documents:read" → api-keys.permissions.documents.read). */
export function permissionLabelKey(permission: ApiKeyPermission): string {
  const [section, action] = permission.split(':');
  return `api-keys.permissions.${section}.${action}`;
}

/** A section's checkbox state: all, none, or some of its permissions selected. */
export function getSectionState(
  section: PermissionSection,
  selected: readonly string[],
): boolean | 'indeterminate' {
  const permissions = API_KEY_PERMISSIONS_BY_SECTION[section];
  const count = permissions.filter((permission) => selected.includes(permission)).length;
  if (count === 0) return false;
  if (count === permissions.length) return true;
  return 'indeterminate';
}

/** Selects every permission of a section, or clears them all when they were all selected. */
export function toggleSection(
  section: PermissionSection,
  selected: readonly ApiKeyPermission[],
): ApiKeyPermission[] {
  const permissions: readonly ApiKeyPermission[] = API_KEY_PERMISSIONS_BY_SECTION[section];
  if (getSectionState(section, selected) === true) {
    return selected.filter((permission) => !permissions.includes(permission));
  }
  return [...selected, ...permissions.filter((permission) => !selected.includes(permission))];
}
