import { describe, expect, test } from 'vitest';
import { formatCount, formatDuration, formatRate, percentDone } from './format';

describe('import figures', () => {
  test('a rate keeps one decimal below 10 documents a second and none above', () => {
    expect(formatRate(4.56, 'en')).toBe('4.6');
    expect(formatRate(125.5, 'en')).toBe('126');
    expect(formatRate(4.5, 'fr')).toBe('4,5');
  });

  test('the time left reads in seconds, then whole minutes rounded up, then hours and minutes', () => {
    expect(formatDuration(6, 'en')).toBe('6 sec');
    expect(formatDuration(61, 'en')).toBe('2 min');
    expect(formatDuration(3600, 'en')).toBe('1 hr');
    expect(formatDuration(7500, 'en')).toBe('2 hr 5 min');
    expect(formatDuration(90, 'de')).toBe('2 Min.');
  });

  test('counts use the language separators', () => {
    expect(formatCount(1180, 'en')).toBe('1,180');
    expect(formatCount(1180, 'de')).toBe('1.180');
  });

  test('the share done is a whole percent, complete for an empty export', () => {
    expect(percentDone(450, 1200)).toBe(38);
    expect(percentDone(0, 0)).toBe(100);
    expect(percentDone(5, 4)).toBe(100);
  });
});
