import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase, type TestDatabaseHandle, testDialects } from '../test/test-database';
import type { AppDatabase } from './database';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations/migrations';

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
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(['jobs', 'job_schedules']));
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
});
