import { createHash } from 'node:crypto';
import Sqlite from 'better-sqlite3';
import pg from 'pg';

/**
 * What the fuzzer reads of the server's database, from outside the server process: a digest of
 * the data (to tell that a refused request changed nothing), the ids it holds (to fill path
 * parameters with real ones) and whether background jobs are still due.
 *
 * Left out of the digest: what changes without anyone asking (sessions, rate-limit counters,
 * verification tokens, the job queue and its schedules, process leases, the full-text index's own
 * tables) and an API key's `last_used_at` (any authenticated call may touch it).
 */
const VOLATILE_TABLES = new Set([
  'auth_sessions',
  'auth_rate_limits',
  'jobs',
  'job_schedules',
  'process_leases',
  'kysely_migration',
  'kysely_migration_lock',
]);
const VOLATILE_COLUMNS: Record<string, readonly string[]> = {
  api_keys: ['last_used_at', 'updated_at'],
};
const isVolatileTable = (name: string) =>
  VOLATILE_TABLES.has(name) || name.startsWith('sqlite_') || /^documents_search(_|$)/.test(name);

export type StateDigest = Map<string, string>;

export type StateReader = {
  /** Per table: row count and a hash of every row. */
  digest: () => Promise<StateDigest>;
  /**
   * A cheap token that changes whenever another connection commits (SQLite's data_version);
   * undefined when the database has none, and `digest` must be taken each time.
   */
  changeToken: () => Promise<number | undefined>;
  /** Every `<prefix>_<24 alphanumerics>` id in the `id` columns, newest tables' order kept. */
  ids: () => Promise<string[]>;
  /** Jobs due or running now (none: the background work has settled). */
  busyJobs: () => Promise<number>;
  close: () => Promise<void>;
};

const ID_PATTERN = /^[a-z]+_[a-z0-9]{24}$/;

function hashRows(rows: unknown[], skip: readonly string[]): string {
  const hash = createHash('sha256');
  const lines = rows.map((row) => {
    const copy = { ...(row as Record<string, unknown>) };
    for (const column of skip) delete copy[column];
    return JSON.stringify(copy, (_key, value) =>
      typeof value === 'bigint' ? value.toString() : value instanceof Date ? value.toISOString() : value,
    );
  });
  // Row order is not part of the state.
  lines.sort();
  for (const line of lines) hash.update(line).update('\n');
  return `${rows.length}:${hash.digest('hex').slice(0, 16)}`;
}

export function openSqliteState(filename: string): StateReader {
  const db = new Sqlite(filename, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const tables = () =>
    (
      db.prepare("select name from sqlite_master where type = 'table' order by name").all() as Array<{
        name: string;
      }>
    ).map(({ name }) => name);
  const columnsOf = (table: string) =>
    (db.prepare(`pragma table_info(${JSON.stringify(table)})`).all() as Array<{ name: string }>).map(
      ({ name }) => name,
    );
  return {
    async digest() {
      const digest: StateDigest = new Map();
      const read = db.transaction(() => {
        for (const table of tables()) {
          if (isVolatileTable(table)) continue;
          const rows = db.prepare(`select * from ${JSON.stringify(table)}`).all();
          digest.set(table, hashRows(rows, VOLATILE_COLUMNS[table] ?? []));
        }
      });
      read();
      return digest;
    },
    async changeToken() {
      return db.pragma('data_version', { simple: true }) as number;
    },
    async ids() {
      const found: string[] = [];
      for (const table of tables()) {
        if (isVolatileTable(table) && table !== 'auth_sessions') continue;
        if (!columnsOf(table).includes('id')) continue;
        for (const { id } of db.prepare(`select id from ${JSON.stringify(table)}`).all() as Array<{
          id: unknown;
        }>)
          if (typeof id === 'string' && ID_PATTERN.test(id)) found.push(id);
      }
      return found;
    },
    async busyJobs() {
      const row = db
        .prepare(
          "select count(*) as count from jobs where status = 'running' or (status = 'pending' and run_at <= ?)",
        )
        .get(new Date().toISOString()) as { count: number };
      return row.count;
    },
    async close() {
      db.close();
    },
  };
}

export async function openPostgresState(connectionString: string): Promise<StateReader> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const tables = async () =>
    (
      await client.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
      )
    ).rows.map(({ name }) => name);
  let digestQuery: string | undefined;
  return {
    async digest() {
      // One round trip for every table: its count and an md5 of its rows as text, sorted.
      if (!digestQuery) {
        const parts: string[] = [];
        for (const table of await tables()) {
          if (isVolatileTable(table)) continue;
          const skip = VOLATILE_COLUMNS[table] ?? [];
          const row =
            skip.length > 0 ? `(to_jsonb(t) - array[${skip.map((c) => `'${c}'`).join(',')}])` : 'to_jsonb(t)';
          parts.push(
            `select '${table}' as name, count(*)::text || ':' || coalesce(md5(string_agg(${row}::text, E'\\n' order by ${row}::text)), '') as digest from "${table}" t`,
          );
        }
        digestQuery = parts.join(' union all ');
      }
      const result = await client.query<{ name: string; digest: string }>(digestQuery);
      return new Map(result.rows.map(({ name, digest }) => [name, digest]));
    },
    async changeToken() {
      return undefined;
    },
    async ids() {
      const found: string[] = [];
      const withId = await client.query<{ name: string }>(
        "select table_name as name from information_schema.columns where table_schema = current_schema() and column_name = 'id' order by table_name",
      );
      for (const { name } of withId.rows) {
        if (isVolatileTable(name) && name !== 'auth_sessions') continue;
        const rows = await client.query<{ id: unknown }>(`select id from "${name}"`);
        for (const { id } of rows.rows) if (typeof id === 'string' && ID_PATTERN.test(id)) found.push(id);
      }
      return found;
    },
    async busyJobs() {
      const result = await client.query<{ count: string }>(
        "select count(*) as count from jobs where status = 'running' or (status = 'pending' and run_at <= $1)",
        [new Date().toISOString()],
      );
      return Number(result.rows[0]?.count ?? 0);
    },
    async close() {
      await client.end();
    },
  };
}

/** The tables whose digest differs, for a failure's message. */
export function changedTables(before: StateDigest, after: StateDigest): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

/**
 * Tells whether requests changed anything: `before()` ahead of a request, `changed()` after it.
 * With a change token the digest is taken only when the token moved.
 */
export function createChangeDetector(reader: StateReader) {
  let known: { token: number | undefined; digest: StateDigest } | undefined;
  const current = async () => {
    const token = await reader.changeToken();
    if (known && token !== undefined && token === known.token) return known;
    known = { token, digest: await reader.digest() };
    return known;
  };
  return {
    async before() {
      await current();
    },
    /** The tables that changed since `before()`, empty when none did. */
    async changed(): Promise<string[]> {
      const previous = known;
      if (!previous) throw new Error('before() was not called');
      const now = await current();
      if (now === previous) return [];
      return changedTables(previous.digest, now.digest);
    },
  };
}
