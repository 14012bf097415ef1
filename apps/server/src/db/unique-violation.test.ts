import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects, useTestDatabase } from '../test/test-database';
import { isUniqueViolation } from './unique-violation';

/** The error a statement fails with (the test fails if it succeeds). */
async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('The statement succeeded');
}

describe.each(testDialects)('isUniqueViolation on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);

  beforeAll(async () => {
    const { db } = testDatabase;
    await db.schema
      .createTable('probe_parents')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .execute();
    await db.schema
      .createTable('probes')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('scope', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('parent_id', 'text', (col) => col.references('probe_parents.id'))
      .addColumn('size', 'integer', (col) => col.check(sql`size >= 0`))
      .execute();
    await db.schema
      .createIndex('probes_scope_name_unique')
      .on('probes')
      .columns(['scope', 'name'])
      .unique()
      .execute();
    await sql`insert into probes (id, scope, name) values ('p1', 'a', 'taken')`.execute(db);
  });

  const insert = (values: string) => () =>
    sql`insert into probes (id, scope, name, parent_id, size) values ${sql.raw(values)}`.execute(
      testDatabase.db,
    );

  it('is true for a value a unique index holds already, in a transaction or not', async () => {
    expect(isUniqueViolation(await errorOf(insert("('p2', 'a', 'taken', null, null)")))).toBe(true);
    const inTransaction = await errorOf(() =>
      testDatabase.db.transaction().execute(async (trx) => {
        await sql`insert into probes (id, scope, name) values ('p3', 'b', 'free')`.execute(trx);
        await sql`insert into probes (id, scope, name) values ('p4', 'b', 'free')`.execute(trx);
      }),
    );
    expect(isUniqueViolation(inTransaction)).toBe(true);
  });

  it('is true for a primary key that is taken', async () => {
    expect(isUniqueViolation(await errorOf(insert("('p1', 'c', 'other', null, null)")))).toBe(true);
  });

  it('is false for the other constraints', async () => {
    const notNull = await errorOf(insert("('p5', 'a', null, null, null)"));
    const foreignKey = await errorOf(insert("('p6', 'a', 'fk', 'missing', null)"));
    const check = await errorOf(insert("('p7', 'a', 'check', null, -1)"));
    for (const error of [notNull, foreignKey, check]) {
      expect(error).toHaveProperty('code');
      expect(isUniqueViolation(error)).toBe(false);
    }
  });

  it('is false for a statement that is wrong', async () => {
    const error = await errorOf(() =>
      sql`insert into no_such_table (id) values ('x')`.execute(testDatabase.db),
    );
    expect(isUniqueViolation(error)).toBe(false);
  });
});

describe('isUniqueViolation, whatever it is given', () => {
  it('is false for what is not a database error', () => {
    for (const value of [
      undefined,
      null,
      'SQLITE_CONSTRAINT_UNIQUE',
      23505,
      new Error('23505'),
      { code: 23505 },
      {},
    ]) {
      expect(isUniqueViolation(value)).toBe(false);
    }
  });
});
