import { type Insertable, type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase, type TestDatabaseHandle, testDialects } from '../test/test-database';
import { insertDocument } from '../test/test-documents';
import type { AppDatabase } from './database';
import type { OrganizationsTable } from './database.types';
import { createMigrator, DatabaseSchemaTooNewError, migrateToLatest } from './migrate';
import { migrations } from './migrations/migrations';

/** An organization row `org_1`, for data a migration is tested on. */
const insertOrganization = (db: AppDatabase['db'], at: string) =>
  db
    .insertInto('organizations')
    .values({
      id: 'org_1',
      name: 'Org',
      created_at: at,
      updated_at: at,
      deleted_at: null,
      deleted_by: null,
      scheduled_purge_at: null,
      // The table as an earlier migration left it: without the columns added since.
    } as Insertable<OrganizationsTable>)
    .execute();

/** How many rows of an FTS5 table (SQLite) match `query`. */
const countMatches = async (db: AppDatabase['db'], table: string, query: string) =>
  (
    await sql<{
      rowid: number;
    }>`select rowid from ${sql.table(table)} where ${sql.table(table)} match ${query}`.execute(db)
  ).rows.length;

describe.each(testDialects)('database migrations on %s', (dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function freshDatabase(): Promise<TestDatabaseHandle> {
    const handle = await createEmptyTestDatabase(dialect);
    cleanups.push(handle.drop);
    return handle;
  }

  function open(handle: TestDatabaseHandle): AppDatabase {
    const connection = handle.openConnection();
    cleanups.push(connection.destroy);
    return connection;
  }

  it('creates every table and applies each migration once', async () => {
    const { db } = open(await freshDatabase());
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(db)).toEqual([]);
    // Kysely lists the tables of every schema; on PostgreSQL the test's own is the current one.
    const schema =
      dialect === 'postgres'
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
        : undefined;
    const tables = (await db.introspection.getTables())
      .filter((table) => schema === undefined || table.schema === schema)
      .map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(['jobs', 'job_schedules']));
  });

  it('refuses a database a newer release migrated, naming both schema versions, and changes nothing', async () => {
    const { db } = open(await freshDatabase());
    await migrateToLatest(db);
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-a-newer-release', ${new Date().toISOString()})`.execute(
      db,
    );
    const latest = Object.keys(migrations).at(-1)!;
    const refusal = migrateToLatest(db);
    await expect(refusal).rejects.toBeInstanceOf(DatabaseSchemaTooNewError);
    await expect(refusal).rejects.toThrow(
      `the database is at 9999-from-a-newer-release, this version knows up to ${latest}`,
    );
    const { rows } = await sql<{
      count: number | string;
    }>`select count(*) as count from kysely_migration`.execute(db);
    expect(Number(rows[0]?.count)).toBe(Object.keys(migrations).length + 1);
  });

  it('leaves the database as it was when a migration fails, naming it, and runs the same ones again later', async () => {
    const { db } = open(await freshDatabase());
    await migrateToLatest(db);
    const tableNames = async () =>
      (await db.introspection.getTables())
        .map(({ name }) => name)
        .filter((name) => name.startsWith('upgrade_probe'));
    const upgrade = {
      ...migrations,
      '9000-upgrade-probe': {
        up: async (migrationDb: Kysely<unknown>) => {
          await migrationDb.schema.createTable('upgrade_probe').addColumn('id', 'text').execute();
        },
      },
      '9001-upgrade-probe-fails': {
        up: async (migrationDb: Kysely<unknown>) => {
          await migrationDb.schema.createTable('upgrade_probe_two').addColumn('id', 'text').execute();
          await sql`insert into upgrade_probe (id) values ('half-way')`.execute(migrationDb);
          throw new Error('The injected migration failed');
        },
      },
    };
    await expect(migrateToLatest(db, undefined, { migrations: upgrade })).rejects.toThrow(
      'Database migration 9001-upgrade-probe-fails failed, and none was applied (the database is as it was): The injected migration failed',
    );
    expect(await tableNames()).toEqual([]);
    expect(await migrateToLatest(db)).toEqual([]);

    // Fixed, the same upgrade applies both.
    const fixed = { ...upgrade, '9001-upgrade-probe-fails': { up: async () => {} } };
    expect(await migrateToLatest(db, undefined, { migrations: fixed })).toEqual([
      '9000-upgrade-probe',
      '9001-upgrade-probe-fails',
    ]);
    expect(await tableNames()).toEqual(['upgrade_probe']);
  });

  it('is safe when several processes start at once', async () => {
    const handle = await freshDatabase();
    const connections = [open(handle), open(handle), open(handle)];
    const applied = await Promise.all(connections.map(({ db }) => migrateToLatest(db)));
    expect(applied.flat().sort()).toEqual(Object.keys(migrations).sort());
    const { rows } = await sql<{
      count: number | string;
    }>`select count(*) as count from kysely_migration`.execute(connections[0]!.db);
    expect(Number(rows[0]?.count)).toBe(Object.keys(migrations).length);
  });

  // PostgreSQL only: a SQLite file holds one set of tables.
  if (dialect === 'postgres')
    it('migrates step by step in its own schema while another schema of the database holds Kysely’s tables', async () => {
      const { db } = open(await freshDatabase());
      // What a parallel run leaves in its schema while this one starts: Kysely's tables, empty.
      const sibling = `sibling_${Math.random().toString(36).slice(2, 10)}`;
      await sql`create schema ${sql.id(sibling)}`.execute(db);
      cleanups.push(async () => {
        await sql`drop schema ${sql.id(sibling)} cascade`.execute(db);
      });
      await sql`create table ${sql.id(sibling, 'kysely_migration')} (name varchar(255) primary key, timestamp varchar(255) not null)`.execute(
        db,
      );
      await sql`create table ${sql.id(sibling, 'kysely_migration_lock')} (id varchar(255) primary key, is_locked integer not null default 0)`.execute(
        db,
      );
      const { error } = await (await createMigrator(db)).migrateTo('0002-accounts');
      expect(error).toBeUndefined();
      expect(await migrateToLatest(db)).toEqual(Object.keys(migrations).slice(2));
    });

  it('gives existing tags their name keys, keeping tags that only the old ASCII-only index told apart', async () => {
    const { db } = open(await freshDatabase());
    const migrator = await createMigrator(db);
    const { error } = await migrator.migrateTo('0008-tagging-rule-runs');
    expect(error).toBeUndefined();
    const at = '2026-01-01T00:00:00.000Z';
    await insertOrganization(db, at);
    const tag = (id: string, name: string, createdAt: string) =>
      sql`insert into tags (id, organization_id, name, color, description, created_at, updated_at) values (${id}, 'org_1', ${name}, '#ffffff', null, ${createdAt}, ${createdAt})`.execute(
        db,
      );
    await tag('tag_1', 'École', '2026-01-01T00:00:01.000Z');
    await tag('tag_2', 'Invoices', '2026-01-01T00:00:02.000Z');
    // SQLite's lower() folds ASCII only, so its old index let these in as other tags.
    if (dialect === 'sqlite') await tag('tag_3', 'école', '2026-01-01T00:00:03.000Z');

    await migrateToLatest(db);
    const rows = await db.selectFrom('tags').select(['id', 'name_key']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'tag_1', name_key: 'école' },
      { id: 'tag_2', name_key: 'invoices' },
      ...(dialect === 'sqlite' ? [{ id: 'tag_3', name_key: 'école\u0000tag_3' }] : []),
    ]);
  });
});

// SQLite only: on PostgreSQL the search index folds these letters through unaccent (0007).
describe('the search letter folds migration on sqlite', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('re-indexes existing documents with folded letters for search', async () => {
    const handle = await createEmptyTestDatabase('sqlite');
    cleanups.push(handle.drop);
    const { db, destroy } = handle.openConnection();
    cleanups.push(destroy);
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo('0009-tag-name-keys')).error).toBeUndefined();
    const at = '2026-01-01T00:00:00.000Z';
    await insertOrganization(db, at);
    await insertDocument(db, {
      id: 'doc_1',
      organizationId: 'org_1',
      name: 'Łódź.txt',
      content: 'Hauptstraße',
    });
    const found = (table: string, query: string) => countMatches(db, table, query);
    expect(await found('documents_search', '"lodz"')).toBe(0);

    await migrateToLatest(db);
    expect(await found('documents_search', '"lodz"')).toBe(1);
    expect(await found('documents_search', '"hauptstrasse"')).toBe(1);
    expect(await found('documents_search_names', '"lo"*')).toBe(1);
  });
  it('writes the names search table when a name changes, not when only the content does', async () => {
    const handle = await createEmptyTestDatabase('sqlite');
    cleanups.push(handle.drop);
    const { db, destroy } = handle.openConnection();
    cleanups.push(destroy);
    // Before 0023, whose ranking table every change writes too: the comparison is of the names table.
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo('0022-notes-search')).error).toBeUndefined();
    const at = '2026-01-01T00:00:00.000Z';
    await insertOrganization(db, at);
    await insertDocument(db, { id: 'doc_1', organizationId: 'org_1', name: 'Quarterly statement.pdf' });
    const found = (table: string, query: string) => countMatches(db, table, query);
    /** Rows the statement wrote, its triggers' writes included. */
    const rowsWrittenBy = async (update: () => Promise<unknown>) => {
      const before = (await sql<{ n: number }>`select total_changes() as n`.execute(db)).rows[0]!.n;
      await update();
      return (await sql<{ n: number }>`select total_changes() as n`.execute(db)).rows[0]!.n - before;
    };
    const setContent = (content: string) =>
      db.updateTable('documents').set({ content }).where('id', '=', 'doc_1').execute();
    const rename = (name: string) =>
      db.updateTable('documents').set({ name }).where('id', '=', 'doc_1').execute();

    // Rows written, FTS5's own tables included: a rename writes the names table on top of what a
    // content change writes.
    const contentChange = await rowsWrittenBy(() => setContent('Premium paid in full'));
    expect(await found('documents_search', '"premium"')).toBe(1);
    expect(await found('documents_search_words', 'words: premium')).toBe(1);
    expect(await found('documents_search_names', '"quarterly"')).toBe(1);

    const renaming = await rowsWrittenBy(() => rename('Annual report.pdf'));
    expect(renaming).toBeGreaterThan(contentChange);
    expect(await found('documents_search_names', '"annual"')).toBe(1);
    expect(await found('documents_search_names', '"quarterly"')).toBe(0);
    expect(await found('documents_search', '"annual"')).toBe(1);
    expect(await found('documents_search', '"premium"')).toBe(1);

    // Undone, the single trigger of 0015 writes the names table on a content change too.
    expect((await migrator.migrateTo('0018-subscriptions')).error).toBeUndefined();
    expect(await rowsWrittenBy(() => setContent('Coverage renewed'))).toBe(renaming);
    expect(await found('documents_search', '"coverage"')).toBe(1);
    expect(await found('documents_search_names', '"annual"')).toBe(1);
  });
});
