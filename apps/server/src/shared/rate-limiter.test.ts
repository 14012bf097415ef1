import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter';

describe('rate limiter', () => {
  it('allows a burst of the per-minute amount, then refuses with the seconds until the next token', () => {
    let now = 0;
    const limiter = createRateLimiter({ perMinute: 6, now: () => now });
    for (let index = 0; index < 6; index += 1) expect(limiter.take('user')).toEqual({ allowed: true });
    // One token comes back every 10 s.
    expect(limiter.take('user')).toEqual({ allowed: false, retryAfterSeconds: 10 });
    now = 4_000;
    expect(limiter.take('user')).toEqual({ allowed: false, retryAfterSeconds: 6 });
    now = 10_000;
    expect(limiter.take('user')).toEqual({ allowed: true });
    expect(limiter.take('user').allowed).toBe(false);
  });

  it('keeps one bucket per key', () => {
    const limiter = createRateLimiter({ perMinute: 1, now: () => 0 });
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    expect(limiter.take('b').allowed).toBe(true);
  });

  it('never holds more than a full bucket after a long pause', () => {
    let now = 0;
    const limiter = createRateLimiter({ perMinute: 2, now: () => now });
    limiter.take('user');
    now = 3_600_000;
    expect(limiter.take('user').allowed).toBe(true);
    expect(limiter.take('user').allowed).toBe(true);
    expect(limiter.take('user').allowed).toBe(false);
  });

  it('forgets the least recently used keys past its size, which only makes it lenient', () => {
    const limiter = createRateLimiter({ perMinute: 1, maxKeys: 2, now: () => 0 });
    limiter.take('a');
    limiter.take('b');
    limiter.take('c');
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('c').allowed).toBe(false);
  });
});
