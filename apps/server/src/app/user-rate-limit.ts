import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../shared/app.types';
import { createRateLimitedError } from '../shared/errors';
import { createRateLimiter } from '../shared/rate-limiter';

/**
 * A per-user limit on a heavy route (uploads, search), placed after the route's auth guard: the
 * user's session and API keys share one bucket. Over it: 429 `api.rate_limited` with
 * `Retry-After`. `perMinute: 0` turns it off. Buckets live in this process, so N web processes
 * allow N times the rate.
 */
export function createUserRateLimit({
  perMinute,
  now,
}: {
  perMinute: number;
  now?: () => number;
}): MiddlewareHandler<AppEnv> {
  if (perMinute === 0) return createMiddleware<AppEnv>(async (_c, next) => next());
  const limiter = createRateLimiter({ perMinute, ...(now ? { now } : {}) });
  return createMiddleware<AppEnv>(async (c, next) => {
    const taken = limiter.take(c.get('actor').userId);
    if (!taken.allowed) throw createRateLimitedError(taken.retryAfterSeconds);
    await next();
  });
}
