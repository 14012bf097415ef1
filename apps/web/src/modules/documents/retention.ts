import { addDays, differenceInCalendarDays } from 'date-fns';

/**
 * Days of retention left for a deleted document (spec §4): deletedAt plus the retention days, minus today,
 * counted in calendar days.
 */
export function getRetentionDaysLeft(
  deletedAt: string | Date,
  retentionDays: number,
  now: Date = new Date(),
): number {
  return Math.max(0, differenceInCalendarDays(addDays(new Date(deletedAt), retentionDays), now));
}
