import { STORAGE_WARNING_THRESHOLD_PERCENT } from '@sheaf/contracts/limits';
import type { UsageDto } from '@sheaf/contracts/subscriptions';

/** A share of a limit in percent, capped at 100 for display (spec §9); null when unlimited. */
export function usagePercent(used: number, limit: number | null): number | null {
  if (limit === null) return null;
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.round((used / limit) * 100));
}

/** Storage counted against the limit: documents including those in the trash. */
export function storageUsedBytes(usage: UsageDto): number {
  return usage.documentsStorage.used + usage.documentsStorage.deleted;
}

/** Whether storage is at or above the warning threshold (80 %) of a limited plan. */
export function isStorageNearLimit(usage: UsageDto): boolean {
  const { limit } = usage.documentsStorage;
  if (limit === null || limit <= 0) return false;
  return (storageUsedBytes(usage) / limit) * 100 >= STORAGE_WARNING_THRESHOLD_PERCENT;
}

/** Whether a limited count or size has reached its limit (nothing more can be added). */
export function isAtLimit(used: number, limit: number | null): boolean {
  return limit !== null && used >= limit;
}

/** A whole percentage in the UI language (85 % in French, 85% in English). */
export function formatPercent(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}
