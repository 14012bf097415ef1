import type { Clock } from '../shared/clock';

/** A clock that only moves when told to. */
export function createTestClock(start = new Date('2026-03-01T10:00:00.000Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(milliseconds: number) {
      current += milliseconds;
    },
    set(date: Date) {
      current = date.getTime();
    },
  } satisfies Clock & Record<string, unknown>;
}
