import { describe, expect, it } from 'vitest';
import { testDialects, useTestDatabase } from '../test/test-database';
import { createLeases } from './leases';

const at = (seconds: number) => new Date(Date.UTC(2026, 2, 1, 10, 0, seconds)).toISOString();

describe.each(testDialects)('database leases on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);

  it('gives a free lease to the first holder, renews it for that holder only, and frees it once expired', async () => {
    const leases = createLeases({ db: testDatabase.db });
    const name = 'lease-lifecycle';
    expect(await leases.acquire({ name, holder: 'a', now: at(0), expiresAt: at(30) })).toBe(true);
    expect(await leases.acquire({ name, holder: 'b', now: at(10), expiresAt: at(40) })).toBe(false);
    // The holder renews, pushing the expiry.
    expect(await leases.acquire({ name, holder: 'a', now: at(20), expiresAt: at(50) })).toBe(true);
    expect(await leases.acquire({ name, holder: 'b', now: at(40), expiresAt: at(70) })).toBe(false);
    // Not renewed in time: another takes it, and the old holder no longer has it.
    expect(await leases.acquire({ name, holder: 'b', now: at(50), expiresAt: at(80) })).toBe(true);
    expect(await leases.acquire({ name, holder: 'a', now: at(51), expiresAt: at(81) })).toBe(false);
  });

  it('lets only its holder release a lease, after which anyone takes it at once', async () => {
    const leases = createLeases({ db: testDatabase.db });
    const name = 'lease-release';
    expect(await leases.acquire({ name, holder: 'a', now: at(0), expiresAt: at(30) })).toBe(true);
    await leases.release({ name, holder: 'b' });
    expect(await leases.acquire({ name, holder: 'b', now: at(1), expiresAt: at(31) })).toBe(false);
    await leases.release({ name, holder: 'a' });
    expect(await leases.acquire({ name, holder: 'b', now: at(2), expiresAt: at(32) })).toBe(true);
  });

  it('keeps leases of different names apart', async () => {
    const leases = createLeases({ db: testDatabase.db });
    expect(await leases.acquire({ name: 'lease-one', holder: 'a', now: at(0), expiresAt: at(30) })).toBe(
      true,
    );
    expect(await leases.acquire({ name: 'lease-two', holder: 'b', now: at(0), expiresAt: at(30) })).toBe(
      true,
    );
  });

  it('gives a contested lease to exactly one of many processes racing for it', async () => {
    const name = 'lease-race';
    const contenders = Array.from({ length: 8 }, (_, index) => ({
      holder: `process-${index}`,
      leases: createLeases({ db: testDatabase.openConnection().db }),
    }));
    const won = await Promise.all(
      contenders.map(({ holder, leases }) => leases.acquire({ name, holder, now: at(0), expiresAt: at(30) })),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    const row = await testDatabase.db
      .selectFrom('process_leases')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    expect(row.holder).toBe(contenders[won.indexOf(true)]?.holder);
  });
});
