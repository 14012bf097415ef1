import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDialects, useTestDatabase } from '../test/test-database';
import { insertOrganization } from '../test/test-organizations';
import { lockRow } from './locks';

describe.each(testDialects)('lockRow on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);

  it('tells whether the row exists and changes nothing in it', async () => {
    await insertOrganization(testDatabase.db, { id: 'org_lockedlockedlockedlocked', members: [] });
    const before = await testDatabase.db.selectFrom('organizations').selectAll().execute();
    const found = await testDatabase.db
      .transaction()
      .execute(async (trx) => [
        await lockRow(trx, 'organizations', 'org_lockedlockedlockedlocked'),
        await lockRow(trx, 'organizations', 'org_missingmissingmissingmi'),
      ]);
    expect(found).toEqual([true, false]);
    expect(await testDatabase.db.selectFrom('organizations').selectAll().execute()).toEqual(before);
  });

  /** Starts a transaction that locks the row and holds it until `release` is called. */
  async function holdLock(organizationId: string) {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      const done = testDatabase.db.transaction().execute(async (trx) => {
        await lockRow(trx, 'organizations', organizationId);
        resolve();
        await new Promise<void>((releaseLock) => {
          release = releaseLock;
        });
      });
      void done;
    });
    await held;
    return () => release();
  }

  it('keeps another connection from taking the lock until the transaction ends', async () => {
    await insertOrganization(testDatabase.db, { id: 'org_waitwaitwaitwaitwaitwait', members: [] });
    // Another connection (pool), as a second server process would open.
    const other = testDatabase.openConnection();
    const lockFromOther = () =>
      other.db.transaction().execute((trx) => lockRow(trx, 'organizations', 'org_waitwaitwaitwaitwaitwait'));
    if (dialect === 'postgres') {
      const release = await holdLock('org_waitwaitwaitwaitwaitwait');
      let secondLocked = false;
      const second = lockFromOther().then(() => {
        secondLocked = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(secondLocked).toBe(false);
      release();
      await second;
      expect(secondLocked).toBe(true);
      return;
    }
    // better-sqlite3 blocks the thread while it waits, so a short busy timeout turns the wait
    // into SQLITE_BUSY instead of stalling the test.
    await sql`pragma busy_timeout = 50`.execute(other.db);
    const release = await holdLock('org_waitwaitwaitwaitwaitwait');
    await expect(lockFromOther()).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(lockFromOther()).resolves.toBe(true);
  });
});
