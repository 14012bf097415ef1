import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes';

describe('formatBytes', () => {
  it('uses base 1024 with two decimals by default', () => {
    expect(formatBytes(1536)).toBe('1.50 KiB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.00 MiB');
  });

  it('uses base 1000 units when asked, as the document tables do', () => {
    expect(formatBytes(1490, { base: 1000 })).toBe('1.49 KB');
    expect(formatBytes(25_000_000, { base: 1000, decimals: 0 })).toBe('25 MB');
  });

  it('shows whole bytes without decimals', () => {
    expect(formatBytes(999, { base: 1000 })).toBe('999 B');
  });

  it('shows zero, negative and non-finite sizes as zero bytes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
  });

  it('formats the number for the given locale', () => {
    expect(formatBytes(1536, { locale: 'fr' })).toBe('1,50 KiB');
  });
});
