/**
 * A small in-process cache: entries live `ttlMs` at most, and past `maxEntries` the least
 * recently used one goes. A Map keeps insertion order, so re-inserting on a hit keeps the
 * least recently used entry first.
 */
export type TtlCache<Value> = {
  get(key: string): Value | undefined;
  set(key: string, value: Value): void;
  delete(key: string): void;
  /** Removes every entry `matches` accepts (walks the whole cache: for rare invalidations). */
  deleteWhere(matches: (value: Value) => boolean): void;
  clear(): void;
  readonly size: number;
};

export function createTtlCache<Value>({
  ttlMs,
  maxEntries,
  now = () => performance.now(),
}: {
  ttlMs: number;
  maxEntries: number;
  /** Milliseconds from any origin; a monotonic clock by default. */
  now?: () => number;
}): TtlCache<Value> {
  const entries = new Map<string, { value: Value; expiresAt: number }>();

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
    delete(key) {
      entries.delete(key);
    },
    deleteWhere(matches) {
      for (const [key, entry] of entries) if (matches(entry.value)) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
