/** The organization the user last opened, remembered in local storage (spec §2: / goes back to it). */
export const LAST_ORGANIZATION_STORAGE_KEY = 'sheaf.lastOrganizationId';

export function getLastOrganizationId(): string | null {
  try {
    return window.localStorage.getItem(LAST_ORGANIZATION_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setLastOrganizationId(organizationId: string): void {
  try {
    window.localStorage.setItem(LAST_ORGANIZATION_STORAGE_KEY, organizationId);
  } catch {
    // Storage unavailable (private mode, quota): the redirect falls back to the list.
  }
}

/** Forgets the remembered organization, or only when it is `organizationId` if given. */
export function clearLastOrganizationId(organizationId?: string): void {
  try {
    if (organizationId === undefined || getLastOrganizationId() === organizationId) {
      window.localStorage.removeItem(LAST_ORGANIZATION_STORAGE_KEY);
    }
  } catch {
    // Ignored on purpose.
  }
}

export type HomeRedirect =
  | { to: '/organizations/$organizationId'; params: { organizationId: string } }
  | { to: '/organizations' }
  | { to: '/organizations/first' };

/**
 * Where / sends the user (spec §2): the last used organization if it is still theirs, else the list
 * when they have any, else the first-organization form.
 */
export function resolveHomeRedirect(
  organizations: readonly { id: string }[],
  lastOrganizationId: string | null,
): HomeRedirect {
  if (lastOrganizationId && organizations.some(({ id }) => id === lastOrganizationId)) {
    return { to: '/organizations/$organizationId', params: { organizationId: lastOrganizationId } };
  }
  if (organizations.length > 0) {
    return { to: '/organizations' };
  }
  return { to: '/organizations/first' };
}
