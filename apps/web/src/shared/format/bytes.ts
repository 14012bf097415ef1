const UNITS_1000 = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
const UNITS_1024 = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;

export type FormatBytesOptions = {
  /** Tables use base 1000 (spec §9); the general default is base 1024 with 2 decimals. */
  base?: 1000 | 1024;
  decimals?: number;
  /** A BCP 47 locale for the decimal separator. */
  locale?: string;
};

/** A byte count as a short human size: `1.5 KB` (base 1000) or `1.46 KiB` (base 1024). */
export function formatBytes(
  bytes: number,
  { base = 1024, decimals = 2, locale = 'en' }: FormatBytesOptions = {},
) {
  const units = base === 1000 ? UNITS_1000 : UNITS_1024;
  if (!Number.isFinite(bytes) || bytes <= 0) {
    return `0 ${units[0]}`;
  }
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(base)), units.length - 1);
  const value = bytes / base ** exponent;
  const formatted = new Intl.NumberFormat(locale, {
    maximumFractionDigits: exponent === 0 ? 0 : decimals,
    minimumFractionDigits: exponent === 0 ? 0 : decimals,
  }).format(value);
  return `${formatted} ${units[exponent]}`;
}
