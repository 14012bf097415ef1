/** Delay before the next try after `attempt` failed tries: base·2^(attempt−1), capped. */
export function computeBackoffDelayMs({
  attempt,
  baseDelayMs,
  maxDelayMs,
}: {
  attempt: number;
  baseDelayMs: number;
  maxDelayMs: number;
}): number {
  return Math.min(baseDelayMs * 2 ** Math.max(0, attempt - 1), maxDelayMs);
}

/** Start of the period after the one containing `now`, so every process agrees on run times. */
export function nextPeriodStart({ now, intervalMs }: { now: Date; intervalMs: number }): Date {
  return new Date((Math.floor(now.getTime() / intervalMs) + 1) * intervalMs);
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 2000);
  return String(error).slice(0, 2000);
}
