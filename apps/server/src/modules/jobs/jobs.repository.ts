import { type ExpressionBuilder, type Kysely, type QueryCreator, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database, DatabaseOrTransaction, JobsTable, Timestamp } from '../../db/database.types';

export type JobRow = JobsTable;

/**
 * The PostgreSQL channel that wakes workers, one per schema so databases sharing a server (test
 * schemas) do not wake each other. Hashed because a channel name is limited to 63 bytes.
 */
const jobsChannel: RawBuilder<string> = sql<string>`'sheaf_jobs_' || left(encode(sha256(convert_to(current_schema(), 'UTF8')), 'hex'), 16)`;

export const LEASE_EXPIRED_ERROR_PREFIX = "The job's worker stopped before it finished (lease expired)";

export function createJobsRepository({ db, dialect }: { db: Kysely<Database>; dialect: Dialect }) {
  /** The statement that puts a job row in, with the wake-up notification on PostgreSQL. */
  async function insertJobWith(executor: DatabaseOrTransaction, job: JobRow) {
    if (dialect !== 'postgres') {
      await executor.insertInto('jobs').values(job).execute();
      return;
    }
    // One round trip: the insert runs as a CTE (always executed in full), the NOTIFY is delivered
    // when the surrounding transaction commits, so listeners never look before the row is visible.
    await executor
      .with('inserted', (qb) => qb.insertInto('jobs').values(job).returning('id'))
      .selectNoFrom(sql<string>`pg_notify(${jobsChannel}, ${job.type})`.as('notified'))
      .execute();
  }

  function typeCondition(types: string[]) {
    // A single type compares with `=` so the (status, type, run_at) index also gives the order.
    return (eb: ExpressionBuilder<Database, 'jobs'>) =>
      types.length === 1 ? eb('type', '=', types[0]!) : eb('type', 'in', types);
  }

  return {
    async insertJob(job: JobRow, { trx }: { trx?: DatabaseOrTransaction } = {}) {
      await insertJobWith(trx ?? db, job);
    },

    /** The wake-up channel of this database's schema (PostgreSQL). */
    async getWakeChannel(): Promise<string> {
      const { rows } = await sql<{ channel: string }>`select ${jobsChannel} as channel`.execute(db);
      const channel = rows[0]?.channel;
      if (!channel) throw new Error('The jobs channel could not be resolved (no current schema)');
      return channel;
    },

    /**
     * Atomically takes up to `limit` due pending jobs of `types`, oldest first, counting the try.
     * PostgreSQL skips rows other workers are taking; SQLite has a single writer, so the one
     * UPDATE statement is already exclusive. Served by the (status, type, run_at) index.
     */
    async claimJobs({
      types,
      now,
      workerId,
      lockedUntil,
      limit,
    }: {
      types: string[];
      now: Timestamp;
      workerId: string;
      lockedUntil: Timestamp;
      limit: number;
    }): Promise<JobRow[]> {
      if (types.length === 0 || limit <= 0) return [];
      const claim = {
        status: 'running' as const,
        locked_by: workerId,
        locked_until: lockedUntil,
        attempts: sql<number>`attempts + 1`,
        updated_at: now,
      };
      const due = (qb: QueryCreator<Database>) =>
        qb
          .selectFrom('jobs')
          .select('id')
          .where('status', '=', 'pending')
          .where(typeCondition(types))
          .where('run_at', '<=', now)
          .orderBy('run_at')
          .limit(limit);

      const rows =
        dialect === 'postgres'
          ? // Materialized so the locking sub-select runs exactly once: re-run as the inner side of
            // a join, SKIP LOCKED could hand back other rows and the batch would exceed `limit`.
            await db
              .with(
                (cte) => cte('due').materialized(),
                (qb) => due(qb).forUpdate().skipLocked(),
              )
              .updateTable('jobs')
              .set(claim)
              .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
              .returningAll()
              .execute()
          : await db.updateTable('jobs').set(claim).where('id', 'in', due(db)).returningAll().execute();
      // RETURNING gives no order; the oldest starts first.
      return rows.sort((a, b) => (a.run_at < b.run_at ? -1 : a.run_at > b.run_at ? 1 : 0));
    },

    /**
     * Takes back jobs whose worker died (lease expired). That try counted as an attempt: a job
     * with tries left goes back to pending (its next claim is the next attempt); a job at its cap
     * ends failed here, never running again. Returns the rows it failed, for their `onFailed`.
     * Under concurrency each row is taken back by exactly one caller (the UPDATE re-checks its
     * WHERE on the locked row), so `onFailed` runs once.
     */
    async recoverExpiredLeases({ types, now }: { types: string[]; now: Timestamp }): Promise<JobRow[]> {
      if (types.length === 0) return [];
      const atCap = sql<boolean>`attempts >= max_attempts`;
      const rows = await db
        .updateTable('jobs')
        .set({
          status: sql<'pending' | 'failed'>`case when ${atCap} then 'failed' else 'pending' end`,
          locked_by: null,
          locked_until: null,
          last_error: sql<string>`${`${LEASE_EXPIRED_ERROR_PREFIX} — attempt `} || cast(attempts as text) || ' of ' || cast(max_attempts as text)`,
          updated_at: now,
        })
        .where('status', '=', 'running')
        .where('locked_until', '<', now)
        .where(typeCondition(types))
        .returningAll()
        .execute();
      return rows.filter((row) => row.status === 'failed');
    },

    /** Extends the lease of a job this worker still holds; false when it lost it. */
    async extendLease({
      id,
      workerId,
      lockedUntil,
      now,
    }: {
      id: string;
      workerId: string;
      lockedUntil: Timestamp;
      now: Timestamp;
    }) {
      const result = await db
        .updateTable('jobs')
        .set({ locked_until: lockedUntil, updated_at: now })
        .where('id', '=', id)
        .where('locked_by', '=', workerId)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async deleteCompletedJob({ id, workerId }: { id: string; workerId: string }) {
      await db.deleteFrom('jobs').where('id', '=', id).where('locked_by', '=', workerId).execute();
    },

    async rescheduleJob({
      id,
      workerId,
      runAt,
      lastError,
      now,
    }: {
      id: string;
      workerId: string;
      runAt: Timestamp;
      lastError: string;
      now: Timestamp;
    }) {
      await db
        .updateTable('jobs')
        .set({
          status: 'pending',
          run_at: runAt,
          locked_by: null,
          locked_until: null,
          last_error: lastError,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('locked_by', '=', workerId)
        .execute();
    },

    /** Ends a job this worker holds as failed; false when it had lost the job (nothing changed). */
    async markJobFailed({
      id,
      workerId,
      lastError,
      now,
    }: {
      id: string;
      workerId: string;
      lastError: string;
      now: Timestamp;
    }) {
      const result = await db
        .updateTable('jobs')
        .set({
          status: 'failed',
          locked_by: null,
          locked_until: null,
          last_error: lastError,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('locked_by', '=', workerId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Gives a job back untouched (graceful shutdown): the attempt it used is not counted. */
    async releaseJob({ id, workerId, now }: { id: string; workerId: string; now: Timestamp }) {
      await db
        .updateTable('jobs')
        .set({
          status: 'pending',
          locked_by: null,
          locked_until: null,
          attempts: sql<number>`attempts - 1`,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('locked_by', '=', workerId)
        .execute();
    },

    async getJob(id: string) {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async ensureSchedule({ name, nextRunAt, now }: { name: string; nextRunAt: Timestamp; now: Timestamp }) {
      await db
        .insertInto('job_schedules')
        .values({ name, next_run_at: nextRunAt, updated_at: now })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    },

    async getSchedule(name: string) {
      return db.selectFrom('job_schedules').selectAll().where('name', '=', name).executeTakeFirst();
    },

    /**
     * Moves a schedule from the run it saw to the next one, only if nobody did it first
     * (compare-and-set), and enqueues that run's job in the same transaction.
     */
    async advanceScheduleAndEnqueue({
      name,
      expectedNextRunAt,
      nextRunAt,
      now,
      job,
    }: {
      name: string;
      expectedNextRunAt: Timestamp;
      nextRunAt: Timestamp;
      now: Timestamp;
      job: JobRow;
    }) {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('job_schedules')
          .set({ next_run_at: nextRunAt, updated_at: now })
          .where('name', '=', name)
          .where('next_run_at', '=', expectedNextRunAt)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) return false;
        await insertJobWith(trx, job);
        return true;
      });
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
