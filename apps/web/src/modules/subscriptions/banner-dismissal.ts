import { STORAGE_WARNING_DISMISS_HOURS } from '@sheaf/contracts/limits';

const DISMISS_MS = STORAGE_WARNING_DISMISS_HOURS * 60 * 60 * 1000;

export function storageBannerDismissalKey(organizationId: string) {
  return `sheaf.storage-banner-dismissed-at.${organizationId}`;
}

/** Remembers, for this organization, that the storage banner was dismissed now (spec §4). */
export function dismissStorageBanner(organizationId: string, now: number = Date.now()): void {
  try {
    localStorage.setItem(storageBannerDismissalKey(organizationId), String(now));
  } catch {
    // Storage unavailable (private mode): the banner is hidden until the page reloads.
  }
}

/** Whether the banner was dismissed for this organization within the last 24 hours. */
export function isStorageBannerDismissed(organizationId: string, now: number = Date.now()): boolean {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(storageBannerDismissalKey(organizationId));
  } catch {
    return false;
  }
  const dismissedAt = stored === null ? Number.NaN : Number(stored);
  if (!Number.isFinite(dismissedAt)) return false;
  return now - dismissedAt < DISMISS_MS && dismissedAt <= now;
}
