/**
 * A token bucket per key, in this process: `perMinute` requests in a burst, refilled evenly over a
 * minute. A refused take says how long until one request is allowed again (for `Retry-After`).
 * Keys past `maxKeys` drop the least recently used bucket, which only ever makes the limit lenient.
 */
export type RateLimiter = {
  take(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number };
};

export function createRateLimiter({
  perMinute,
  maxKeys = 10_000,
  now = () => performance.now(),
}: {
  perMinute: number;
  maxKeys?: number;
  /** Milliseconds from any origin; a monotonic clock by default. */
  now?: () => number;
}): RateLimiter {
  const refillPerMs = perMinute / 60_000;
  const buckets = new Map<string, { tokens: number; updatedAt: number }>();

  return {
    take(key) {
      const at = now();
      const bucket = buckets.get(key) ?? { tokens: perMinute, updatedAt: at };
      buckets.delete(key);
      const tokens = Math.min(perMinute, bucket.tokens + (at - bucket.updatedAt) * refillPerMs);
      const allowed = tokens >= 1;
      buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, updatedAt: at });
      if (buckets.size > maxKeys) {
        const oldest = buckets.keys().next();
        if (!oldest.done) buckets.delete(oldest.value);
      }
      return allowed
        ? { allowed: true }
        : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / refillPerMs / 1000)) };
    },
  };
}
