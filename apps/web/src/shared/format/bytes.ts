const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;

export type FormatBytesOptions = {
  /** Sizes are always decimal (1 kB = 1000 B); kept so callers may say so. */
  base?: 1000;
  /** The most fraction digits shown (2 by default); whole bytes never have any. */
  decimals?: number;
  /** A BCP 47 locale for the number and the unit's symbol. */
  locale?: string;
};

/**
 * A byte count as a short human size, one style across the app: decimal units (kB, MB, GB) written by
 * `Intl.NumberFormat` in the UI language — "1.49 kB" in English, "1,49 ko" in French, "25 MB" in German.
 */
export function formatBytes(bytes: number, { decimals = 2, locale = 'en' }: FormatBytesOptions = {}) {
  const value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  const exponent = value === 0 ? 0 : Math.min(Math.floor(Math.log10(value) / 3), UNITS.length - 1);
  if (exponent === 0) {
    // CLDR's short English byte is the word "byte": take the narrow symbol (B, o) with a space instead.
    const parts = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'byte',
      unitDisplay: 'narrow',
    }).formatToParts(Math.round(value));
    const symbol = parts.find((part) => part.type === 'unit')?.value ?? 'B';
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value)} ${symbol}`;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[exponent],
    unitDisplay: 'short',
    maximumFractionDigits: decimals,
  }).format(value / 1000 ** exponent);
}
