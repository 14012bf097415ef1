import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, type Migration, Migrator, PostgresAdapter, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from './database.types';
import { migrations as allMigrations } from './migrations/migrations';

const MAX_ATTEMPTS = 20;

/**
 * The database was migrated by a newer release of Sheaf: this one does not know its latest
 * migrations, so it cannot tell what they changed, and refuses to run on it (a start, the admin
 * commands) rather than misread it. Names both schema versions (the last migration of each).
 */
export class DatabaseSchemaTooNewError extends Error {
  constructor(
    readonly databaseVersion: string,
    readonly knownVersion: string,
  ) {
    super(
      `The database's schema is newer than this version of Sheaf knows: the database is at ${databaseVersion}, ` +
        `this version knows up to ${knownVersion}. Run the release that upgraded it (or a newer one), ` +
        'or restore a backup taken before that upgrade.',
    );
    this.name = 'DatabaseSchemaTooNewError';
  }
}

/** The names of the migrations applied to the database, in order; none before the first start. */
async function appliedMigrationNames(db: Kysely<Database>): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    return rows.map(({ name }) => name);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/no such table|does not exist/i.test(message)) return [];
    throw error;
  }
}

/**
 * Runs pending migrations. Kysely takes an advisory lock on PostgreSQL and runs inside a
 * transaction on SQLite; when two processes start at once the loser can still see a busy
 * database or a concurrent `create table`, so those errors are retried after a short pause.
 *
 * All pending migrations run in one transaction on both databases (their DDL is transactional):
 * one that fails leaves the database as it was before the first, and the error names it. A
 * database that a newer release migrated is refused (DatabaseSchemaTooNewError) before anything
 * runs. `migrations`: every migration by default (tests give others).
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  logger?: Logger,
  { migrations = allMigrations }: { migrations?: Record<string, Migration> } = {},
): Promise<string[]> {
  const known = Object.keys(migrations).sort();
  const unknown = (await appliedMigrationNames(db)).filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new DatabaseSchemaTooNewError(unknown.at(-1)!, known.at(-1) ?? 'none');
  }
  const migrator = await createMigrator(db, migrations);
  for (let attempt = 1; ; attempt++) {
    const { error, results = [] } = await migrator.migrateToLatest();
    if (!error) {
      const applied = results
        .filter((result) => result.status === 'Success')
        .map((result) => result.migrationName);
      if (applied.length > 0) logger?.info({ applied }, 'Database migrations applied');
      return applied;
    }
    if (attempt < MAX_ATTEMPTS && isConcurrencyError(error)) {
      await sleep(50 + Math.floor(Math.random() * 150));
      continue;
    }
    const failed = results.find((result) => result.status === 'Error')?.migrationName;
    if (!failed) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Database migration ${failed} failed, and none was applied (the database is as it was): ${message}`,
      { cause: error },
    );
  }
}

/**
 * Kysely's migrator for our migrations. On PostgreSQL, Kysely looks for its own tables in every
 * schema it can see: the current one is named, or a database whose other schemas hold Kysely
 * tables (parallel test runs) is misread.
 */
export async function createMigrator(
  db: Kysely<Database>,
  migrations: Record<string, Migration> = allMigrations,
): Promise<Migrator> {
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
