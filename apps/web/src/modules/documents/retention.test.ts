import { describe, expect, it } from 'vitest';
import { getRetentionDaysLeft } from './retention';

describe('getRetentionDaysLeft', () => {
  const deletedAt = '2025-03-01T10:00:00.000Z';

  it('counts the whole retention period on the day of deletion', () => {
    expect(getRetentionDaysLeft(deletedAt, 30, new Date('2025-03-01T10:00:00.000Z'))).toBe(30);
  });

  it('counts calendar days, whatever the hour', () => {
    expect(getRetentionDaysLeft(deletedAt, 30, new Date('2025-03-11T09:00:00.000Z'))).toBe(20);
    expect(getRetentionDaysLeft(deletedAt, 30, new Date('2025-03-30T12:00:00.000Z'))).toBe(1);
  });

  it('never goes below zero once the purge date has passed', () => {
    expect(getRetentionDaysLeft(deletedAt, 30, new Date('2025-05-01T00:00:00.000Z'))).toBe(0);
  });
});
