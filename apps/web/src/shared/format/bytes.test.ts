import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes';

/** French and others separate with narrow or no-break spaces: compare them as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatBytes', () => {
  it('uses decimal units with at most two fraction digits by default', () => {
    expect(formatBytes(1490)).toBe('1.49 kB');
    expect(formatBytes(1500)).toBe('1.5 kB');
    expect(formatBytes(5_000_000)).toBe('5 MB');
    expect(formatBytes(2_345_678_901)).toBe('2.35 GB');
  });

  it('shows fewer fraction digits when asked', () => {
    expect(formatBytes(25_400_000, { decimals: 0 })).toBe('25 MB');
    expect(formatBytes(1_260_000, { decimals: 1 })).toBe('1.3 MB');
  });

  it('shows whole bytes without fraction digits', () => {
    expect(formatBytes(999)).toBe('999 B');
  });

  it('shows zero, negative and non-finite sizes as zero bytes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
  });

  it('writes the number and the unit in the given locale', () => {
    expect(plain(formatBytes(1490, { locale: 'fr' }))).toBe('1,49 ko');
    expect(formatBytes(25_000_000, { locale: 'de' })).toBe('25 MB');
    expect(plain(formatBytes(12, { locale: 'fr' }))).toBe('12 o');
  });
});
