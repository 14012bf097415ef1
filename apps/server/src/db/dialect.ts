import { type Kysely, PostgresAdapter } from 'kysely';
import type { Dialect } from './database';

/** Which database a Kysely instance talks to, for the few migrations that branch on it. */
export function getDialectOf(db: Kysely<unknown>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
