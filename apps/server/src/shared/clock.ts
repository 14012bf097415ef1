import type { Timestamp } from '../db/database.types';

/** The source of "now" for everything that stores or compares time; tests pass a controllable one. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

export function toTimestamp(date: Date): Timestamp {
  return date.toISOString();
}

export function nowTimestamp(clock: Clock): Timestamp {
  return toTimestamp(clock.now());
}

export function addMilliseconds(date: Date, milliseconds: number): Date {
  return new Date(date.getTime() + milliseconds);
}

/** Normalizes a date read from a better-auth table (Date on PostgreSQL, ISO text on SQLite). */
export function toIsoTimestamp(value: Date | string): Timestamp {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
