import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase, { type Statement as SqliteStatement } from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config/config';
import type { Database } from './database.types';

export type Dialect = DatabaseConfig['dialect'];

/**
 * Subscribes to a PostgreSQL notification channel on a dedicated connection. Resolves once
 * `LISTEN` is in place (rejects if that first connection fails) with a function that closes it.
 * A connection that drops later is opened again with backoff; `onNotification` is then also
 * called once, because notifications sent while it was down are lost.
 */
export type ListenToChannel = (
  channel: string,
  /** Called with the notification's payload. */
  onNotification: (payload: string | undefined) => void,
  options?: { onError?: (error: unknown) => void },
) => Promise<() => Promise<void>>;

export type AppDatabase = {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy: () => Promise<void>;
  /** PostgreSQL only (SQLite has no notifications; one process writes it). */
  listen?: ListenToChannel;
};

/**
 * SQLite's DDL is transactional, which Kysely's SQLite adapter does not claim: claimed here, its
 * migrator runs all pending migrations in one transaction, and one that fails leaves the database
 * as it was (migrate.ts). Nothing else reads the claim.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl() {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter() {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** Opens the application database: a SQLite file (WAL, foreign keys) or a PostgreSQL pool. */
export function createDatabase(
  config: DatabaseConfig,
  {
    poolSize = 10,
    onIdleConnectionError,
  }: {
    poolSize?: number;
    /** An idle pooled connection the server ended (a restart, a terminated backend). */
    onIdleConnectionError?: (error: Error) => void;
  } = {},
): AppDatabase {
  if (config.dialect === 'sqlite') {
    if (config.filename !== ':memory:') fs.mkdirSync(path.dirname(config.filename), { recursive: true });
    const database = new SqliteDatabase(config.filename);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    database.pragma('synchronous = NORMAL');
    const db = new Kysely<Database>({
      dialect: new TransactionalDdlSqliteDialect({ database: withStatementCache(database) }),
    });
    return { db, dialect: 'sqlite', destroy: () => db.destroy() };
  }

  const connection: pg.ClientConfig = { connectionString: config.connectionString };
  const pool = new pg.Pool({ ...connection, max: poolSize });
  // Without a listener, an idle connection that PostgreSQL ends is an unhandled 'error' event that
  // takes the process down; the pool drops that connection and opens another for the next query.
  pool.on('error', (error) => onIdleConnectionError?.(error));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    destroy: () => db.destroy(),
    listen: createPostgresListener({
      ...connection,
      application_name: 'sheaf-listener',
      // An idle listener otherwise never learns that a silent network dropped its connection.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // An unreachable server must not hold a reconnect, or a shutdown, for minutes.
      connectionTimeoutMillis: 10_000,
    }),
  };
}

/** Prepared statements kept per SQLite connection (an LRU: queries with `in (…)` lists vary). */
const SQLITE_STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely's SQLite driver sees it, with its statements kept: the driver prepares
 * every query again, and compiling SQL was a tenth of the server's CPU time during an import.
 * One connection runs one query at a time (Kysely holds it, streams included), so a statement is
 * never reused while it runs.
 */
function withStatementCache(database: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached) {
        // Most recently used last, so the first key is the one to drop.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > SQLITE_STATEMENT_CACHE_SIZE) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}

const LISTENER_RETRY_BASE_MS = 250;
const LISTENER_RETRY_MAX_MS = 30_000;

function createPostgresListener(clientConfig: pg.ClientConfig): ListenToChannel {
  return async (channel, onNotification, { onError = () => {} } = {}) => {
    let current: pg.Client | undefined;
    let connecting: Promise<void> | undefined;
    let retryTimer: NodeJS.Timeout | undefined;
    let failures = 0;
    let closed = false;

    async function connect() {
      const client = new pg.Client(clientConfig);
      // Without an 'error' listener, a dropped connection would crash the process.
      client.on('error', (error) => lost(client, error));
      client.on('end', () => lost(client, new Error('The listener connection ended')));
      client.on('notification', (message) => {
        if (message.channel === channel) onNotification(message.payload);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      if (closed) {
        await client.end().catch(() => undefined);
        return;
      }
      current = client;
    }

    function lost(client: pg.Client, error: unknown) {
      // Events of a client being opened, or already replaced or closed, are not ours to act on.
      if (client !== current) return;
      current = undefined;
      client.end().catch(() => undefined);
      onError(error);
      scheduleReconnect();
    }

    function scheduleReconnect() {
      if (closed) return;
      const delay = Math.min(LISTENER_RETRY_MAX_MS, LISTENER_RETRY_BASE_MS * 2 ** failures);
      // Jitter, so processes that lost the server together do not all come back at once.
      retryTimer = setTimeout(reconnect, delay * (0.5 + Math.random() / 2));
    }

    function reconnect() {
      retryTimer = undefined;
      if (closed) return;
      connecting = connect().then(
        () => {
          connecting = undefined;
          failures = 0;
          if (!closed) onNotification(undefined);
        },
        (error: unknown) => {
          connecting = undefined;
          failures++;
          onError(error);
          scheduleReconnect();
        },
      );
    }

    await connect();

    return async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await connecting;
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    };
  };
}

export async function checkDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
