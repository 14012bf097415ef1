import type { Kysely } from 'kysely';
import type { Database, Timestamp } from './database.types';

/**
 * Named leases in the database (`process_leases`): the one process holding a lease runs the work
 * it guards (the IMAP poller), whatever number of processes run. A holder renews its lease well
 * before it expires; a crashed holder's lease runs out and another process takes it.
 */
export function createLeases({ db }: { db: Kysely<Database> }) {
  return {
    /**
     * Takes the lease, or extends it when `holder` already has it; false while another holder's
     * lease has not expired. One statement: two processes cannot both win.
     */
    async acquire({
      name,
      holder,
      now,
      expiresAt,
    }: {
      name: string;
      holder: string;
      now: Timestamp;
      expiresAt: Timestamp;
    }): Promise<boolean> {
      await db
        .insertInto('process_leases')
        .values({ name, holder, expires_at: expiresAt })
        .onConflict((conflict) =>
          conflict
            .column('name')
            .doUpdateSet({ holder, expires_at: expiresAt })
            .where((eb) =>
              eb.or([eb('process_leases.expires_at', '<=', now), eb('process_leases.holder', '=', holder)]),
            ),
        )
        .execute();
      const row = await db
        .selectFrom('process_leases')
        .select('holder')
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.holder === holder;
    },

    /** Gives the lease up at once (a clean stop), if `holder` has it. */
    async release({ name, holder }: { name: string; holder: string }) {
      await db.deleteFrom('process_leases').where('name', '=', name).where('holder', '=', holder).execute();
    },
  };
}

export type Leases = ReturnType<typeof createLeases>;
