import { differenceInCalendarDays } from 'date-fns';

/** Days a deleted organization is kept before it is purged (spec §4 and §9). */
export const ORGANIZATION_PURGE_DAYS = 30;

/** Whole days left before `scheduledPurgeAt`, never negative (0 on the purge day or after). */
export function getDaysRemaining(scheduledPurgeAt: string | Date, now: Date = new Date()): number {
  return Math.max(0, differenceInCalendarDays(new Date(scheduledPurgeAt), now));
}
