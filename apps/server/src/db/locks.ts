import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database } from './database.types';

/** Tables whose rows serve as the lock of a limit counted over their children. */
export type LockableTable = 'users' | 'organizations';

/**
 * Locks one row until the end of the transaction `trx`, so that a check-then-insert on its
 * children (organizations a user owns, invitations a user sent today, members and pending
 * invitations of an organization) runs one at a time per parent row. Call it first in the
 * transaction, before counting; when a transaction locks a user and an organization, lock the
 * user first so that two of them never wait on each other.
 *
 * - PostgreSQL: `SELECT … FOR NO KEY UPDATE` on the row; a concurrent transaction locking the same
 *   row waits until this one commits, then counts what it inserted. Not `FOR UPDATE`: inserts
 *   elsewhere that merely reference the row (their foreign-key checks take KEY SHARE) go on.
 * - SQLite: Kysely's driver runs a transaction alone on its single connection, so within one
 *   process transactions are already serialised. The dummy write (`SET updated_at = updated_at`) still takes the
 *   database's write lock at once instead of at the first real write, so that another process
 *   (a worker, a CLI) cannot commit between our count and our insert: it waits on busy_timeout.
 *
 * Returns whether the row exists.
 */
export async function lockRow(trx: Transaction<Database>, table: LockableTable, id: string) {
  const db: Kysely<Database> = trx;
  // As getDialectOf does; that one takes the untyped Kysely of migrations.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{
      id: string;
    }>`select id from ${sql.table(table)} where id = ${id} for no key update`.execute(db);
    return rows.length > 0;
  }
  // A non-key column, so no foreign-key check runs; the value written is the one already there.
  const result = await sql`update ${sql.table(table)} set updated_at = updated_at where id = ${id}`.execute(
    db,
  );
  return (result.numAffectedRows ?? 0n) > 0n;
}
