import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache';

describe('createTtlCache', () => {
  it('forgets an entry once its time to live has passed', () => {
    let now = 0;
    const cache = createTtlCache<string>({ ttlMs: 5_000, maxEntries: 10, now: () => now });
    cache.set('a', 'A');
    now = 4_999;
    expect(cache.get('a')).toBe('A');
    now = 5_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry past its size', () => {
    const cache = createTtlCache<string>({ ttlMs: 5_000, maxEntries: 2 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.get('a');
    cache.set('c', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
  });

  it('deletes the entries a predicate selects', () => {
    const cache = createTtlCache<number>({ ttlMs: 5_000, maxEntries: 10 });
    for (const [key, value] of Object.entries({ a: 1, b: 2, c: 3 })) cache.set(key, value);
    cache.deleteWhere((value) => value % 2 === 1);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, undefined]);
  });
});
