import { createHash } from 'node:crypto';
import type { Actor } from '../../shared/app.types';
import { createTtlCache } from '../../shared/ttl-cache';

export type SessionActor = Extract<Actor, { kind: 'session' }>;

/**
 * How long a session, once read from the database, is trusted without reading it again. A session
 * ended in this process (sign-out, revoke-session(s), revoke-other-sessions, change-password
 * revoking the others, password reset, delete-user) is evicted by better-auth's database hooks
 * before the answer to that request is sent, so it is refused at once here. Ended by another
 * process (several web processes on one PostgreSQL database), it stays usable there for at most
 * this long.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Sessions kept at most; past it the least recently used goes (a few MB at worst). */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

type CachedSession = {
  actor: SessionActor;
  userId: string;
  tokenHash: string;
  /** When the session itself expires (epoch ms): never served past it. */
  sessionExpiresAt: number;
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * The signed-in sessions this process read recently, keyed by the SHA-256 of the session cookie's
 * value (the token and its signature: a hit needs the very cookie better-auth verified). Neither
 * tokens nor cookies are kept in memory, only their hashes.
 *
 * Eviction bumps a generation; a lookup that started before an eviction does not store what it
 * read, so a session ended while it was being read is not cached back.
 */
export function createSessionCache({
  ttlMs = SESSION_CACHE_TTL_MS,
  maxEntries = SESSION_CACHE_MAX_ENTRIES,
}: {
  ttlMs?: number;
  maxEntries?: number;
} = {}) {
  const cache = createTtlCache<CachedSession>({ ttlMs, maxEntries });
  let generation = 0;

  const evictWhere = (matches: (session: CachedSession) => boolean) => {
    generation += 1;
    cache.deleteWhere(matches);
  };

  return {
    /** The cache key of a session cookie value (as sent, signature included). */
    keyOf: (cookieValue: string) => sha256(cookieValue),

    /** Read before a database lookup, and handed back to `set` with its result. */
    get generation() {
      return generation;
    },

    get(key: string): SessionActor | undefined {
      const cached = cache.get(key);
      if (!cached) return undefined;
      if (cached.sessionExpiresAt <= Date.now()) {
        cache.delete(key);
        return undefined;
      }
      return cached.actor;
    },

    set(
      key: string,
      { token, expiresAt, actor }: { token: string; expiresAt: Date; actor: SessionActor },
      generationAtLookup: number,
    ) {
      if (generationAtLookup !== generation) return;
      cache.set(key, {
        actor,
        userId: actor.userId,
        tokenHash: sha256(token),
        sessionExpiresAt: expiresAt.getTime(),
      });
    },

    /** A session ended or changed: its next request reads it from the database again. */
    evictSession(token: string) {
      const tokenHash = sha256(token);
      evictWhere((session) => session.tokenHash === tokenHash);
    },

    /** A user changed or was deleted: all their sessions are read again. */
    evictUser(userId: string) {
      evictWhere((session) => session.userId === userId);
    },

    clear() {
      generation += 1;
      cache.clear();
    },

    get size() {
      return cache.size;
    },
  };
}
