import type { LocaleCode } from '@sheaf/contracts/locales';

/** A delivery's duration in the UI language: "245 ms" below a second, "1.2 s" above. */
export function formatDuration(durationMs: number, locale: LocaleCode): string {
  if (durationMs < 1000) {
    return new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'millisecond',
      unitDisplay: 'short',
      maximumFractionDigits: 0,
    }).format(durationMs);
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'second',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(durationMs / 1000);
}

/** A request or response body for reading: JSON indented, anything else as it came. */
export function formatBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
