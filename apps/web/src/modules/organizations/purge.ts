import { differenceInCalendarDays } from 'date-fns';

/** Whole days left before `scheduledPurgeAt`, never negative (0 on the purge day or after). */
export function getDaysRemaining(scheduledPurgeAt: string | Date, now: Date = new Date()): number {
  return Math.max(0, differenceInCalendarDays(new Date(scheduledPurgeAt), now));
}
