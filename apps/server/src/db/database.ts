import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config/config';
import type { Database } from './database.types';

export type Dialect = DatabaseConfig['dialect'];

export type AppDatabase = {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy: () => Promise<void>;
};

/** Opens the application database: a SQLite file (WAL, foreign keys) or a PostgreSQL pool. */
export function createDatabase(
  config: DatabaseConfig,
  { postgresSchema, poolSize = 10 }: { postgresSchema?: string; poolSize?: number } = {},
): AppDatabase {
  if (config.dialect === 'sqlite') {
    if (config.filename !== ':memory:') fs.mkdirSync(path.dirname(config.filename), { recursive: true });
    const database = new SqliteDatabase(config.filename);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    database.pragma('synchronous = NORMAL');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
    return { db, dialect: 'sqlite', destroy: () => db.destroy() };
  }

  const pool = new pg.Pool({
    connectionString: config.connectionString,
    max: poolSize,
    // A test run keeps its tables in a schema of its own so parallel runs never collide.
    ...(postgresSchema ? { options: `-c search_path=${postgresSchema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', destroy: () => db.destroy() };
}

export async function checkDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
