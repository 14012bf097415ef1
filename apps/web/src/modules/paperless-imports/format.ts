/** A count in the UI language's digits and separators ("1,180", "1 180", "1.180"). */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** Documents per second: one decimal below 10 ("4.5"), whole above ("125"). */
export function formatRate(ratePerSecond: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    maximumFractionDigits: ratePerSecond < 10 ? 1 : 0,
  }).format(ratePerSecond);
}

function unit(value: number, name: 'second' | 'minute' | 'hour', locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
}

/**
 * The time left, short and in the UI language's units: seconds under a minute ("45 sec"), whole
 * minutes (rounded up) under an hour ("3 min"), else hours and minutes ("2 hr 5 min").
 */
export function formatDuration(seconds: number, locale: string): string {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole < 60) return unit(whole, 'second', locale);
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return unit(minutes, 'minute', locale);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0
    ? unit(hours, 'hour', locale)
    : `${unit(hours, 'hour', locale)} ${unit(rest, 'minute', locale)}`;
}

/** How far along, from 0 to 100 (a known total of 0 is complete). */
export function percentDone(processed: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.round((processed / total) * 100));
}
