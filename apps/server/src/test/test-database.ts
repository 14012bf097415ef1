import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { AppDatabase, Dialect } from '../db/database';
import type { Database } from '../db/database.types';
import { migrateToLatest } from '../db/migrate';
import { createChildDatabase } from './child-server';
import { openDatabaseAt, type TestDatabaseLocation } from './test-database-location';

const postgresUrl = process.env.TEST_POSTGRES_URL;

/** SQLite always; PostgreSQL too when TEST_POSTGRES_URL is set. Use with `describe.each`. */
export const testDialects: Dialect[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export type TestDatabaseHandle = {
  location: TestDatabaseLocation;
  /** A new connection (pool) to the same database, as a second process would open. */
  openConnection: () => AppDatabase;
  drop: () => Promise<void>;
};

/** Creates an empty database of its own: a temporary SQLite file, or a new PostgreSQL database. */
export async function createEmptyTestDatabase(dialect: Dialect): Promise<TestDatabaseHandle> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-test-'));
    const filename = path.join(dir, 'db.sqlite');
    return {
      location: { dialect: 'sqlite', filename },
      openConnection: () => openDatabaseAt({ dialect: 'sqlite', filename }),
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (!postgresUrl) throw new Error('TEST_POSTGRES_URL is not set');
  // A database of its own rather than a schema: Kysely's migrator reads the catalog of every
  // schema in the database, and a schema that another test file drops meanwhile made it fail.
  const { url: connectionString, drop } = await createChildDatabase('postgres', '', 'sheaf_test');
  return {
    location: { dialect: 'postgres', connectionString },
    openConnection: () => openDatabaseAt({ dialect: 'postgres', connectionString }),
    drop,
  };
}

/**
 * Gives the calling test file a fresh, migrated database of the given dialect for its tests.
 * Read `.database` inside tests or hooks (it is set in beforeAll).
 */
export function useTestDatabase(dialect: Dialect) {
  const context = {} as { database: AppDatabase; handle: TestDatabaseHandle };
  const opened: AppDatabase[] = [];
  beforeAll(async () => {
    context.handle = await createEmptyTestDatabase(dialect);
    context.database = context.handle.openConnection();
    await migrateToLatest(context.database.db);
  });
  afterAll(async () => {
    for (const connection of opened) await connection.destroy();
    await context.database?.destroy();
    await context.handle?.drop();
  });
  return {
    get database() {
      return context.database;
    },
    get db() {
      return context.database.db;
    },
    get location() {
      return context.handle.location;
    },
    /** Another connection to the same database, closed after the file's tests. */
    openConnection() {
      const connection = context.handle.openConnection();
      opened.push(connection);
      return connection;
    },
  };
}

/**
 * Makes every insert into `table` fail with `message` (a trigger), to stage a failure halfway
 * through a change; answers the function that takes the trigger away again. The names are fixed
 * strings of the test's own, never user input.
 */
export async function refuseInserts({
  db,
  dialect,
  table,
  message,
}: {
  db: Kysely<Database>;
  dialect: Dialect;
  table: keyof Database;
  message: string;
}): Promise<() => Promise<void>> {
  const trigger = sql.id(`refuse_inserts_${table}`);
  const target = sql.id(table);
  if (dialect === 'sqlite') {
    await sql`create trigger ${trigger} before insert on ${target} begin select raise(abort, ${sql.lit(message)}); end`.execute(
      db,
    );
    return async () => {
      await sql`drop trigger ${trigger}`.execute(db);
    };
  }
  await sql`create function ${trigger}() returns trigger language plpgsql as ${sql.lit(`begin raise exception '${message.replaceAll("'", "''")}'; end`)}`.execute(
    db,
  );
  await sql`create trigger ${trigger} before insert on ${target} for each row execute function ${trigger}()`.execute(
    db,
  );
  return async () => {
    await sql`drop function ${trigger}() cascade`.execute(db);
  };
}
