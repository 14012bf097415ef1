import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date';

const date = new Date(2026, 10, 24, 10, 5);

describe('formatDate', () => {
  it('writes the date in the order and words of each language', () => {
    expect(formatDate(date, 'en')).toBe('Nov 24, 2026');
    expect(formatDate(date, 'fr')).toBe('24 nov. 2026');
    expect(formatDate(date, 'de')).toBe('24. Nov. 2026');
    expect(formatDate(date, 'es')).toBe('24 nov 2026');
  });

  it('reads ISO strings and timestamps as well as dates', () => {
    expect(formatDate(date.toISOString(), 'fr')).toBe('24 nov. 2026');
    expect(formatDate(date.getTime(), 'de')).toBe('24. Nov. 2026');
  });
});

describe('formatDateTime', () => {
  it('adds the time in the convention of the language', () => {
    expect(formatDateTime(date, 'en')).toBe('Nov 24, 2026, 10:05 AM');
    expect(formatDateTime(date, 'fr')).toBe('24 nov. 2026, 10:05');
  });
});
