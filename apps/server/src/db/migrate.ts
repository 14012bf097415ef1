import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, Migrator, PostgresAdapter, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from './database.types';
import { migrations } from './migrations/migrations';

const MAX_ATTEMPTS = 20;

/**
 * Runs pending migrations. Kysely takes an advisory lock on PostgreSQL and runs inside a
 * transaction on SQLite; when two processes start at once the loser can still see a busy
 * database or a concurrent `create table`, so those errors are retried after a short pause.
 */
export async function migrateToLatest(db: Kysely<Database>, logger?: Logger): Promise<string[]> {
  const migrator = await createMigrator(db);
  for (let attempt = 1; ; attempt++) {
    const { error, results = [] } = await migrator.migrateToLatest();
    if (!error) {
      const applied = results
        .filter((result) => result.status === 'Success')
        .map((result) => result.migrationName);
      if (applied.length > 0) logger?.info({ applied }, 'Database migrations applied');
      return applied;
    }
    if (attempt >= MAX_ATTEMPTS || !isConcurrencyError(error)) throw error;
    await sleep(50 + Math.floor(Math.random() * 150));
  }
}

/**
 * Kysely's migrator for our migrations. On PostgreSQL, Kysely looks for its own tables in every
 * schema it can see: the current one is named, or a database whose other schemas hold Kysely
 * tables (parallel test runs) is misread.
 */
export async function createMigrator(db: Kysely<Database>): Promise<Migrator> {
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
}

function isConcurrencyError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /SQLITE_BUSY|database is locked|duplicate key|already exists|could not serialize|deadlock/i.test(
    message,
  );
}
