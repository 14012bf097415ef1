import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database, JobsTable, Timestamp } from '../../db/database.types';

export type JobRow = JobsTable;
export type DatabaseOrTransaction = Kysely<Database> | Transaction<Database>;

export function createJobsRepository({ db, dialect }: { db: Kysely<Database>; dialect: Dialect }) {
  return {
    async insertJob(job: JobRow, { trx }: { trx?: DatabaseOrTransaction } = {}) {
      await (trx ?? db).insertInto('jobs').values(job).execute();
    },

    /**
     * Atomically takes the oldest due job: a pending one whose time has come, or a running one
     * whose lease has expired (its worker died). PostgreSQL skips rows other workers are taking;
     * SQLite has a single writer, so the one UPDATE statement is already exclusive.
     */
    async claimNextJob({
      types,
      now,
      workerId,
      lockedUntil,
    }: {
      types: string[];
      now: Timestamp;
      workerId: string;
      lockedUntil: Timestamp;
    }): Promise<JobRow | undefined> {
      if (types.length === 0) return undefined;
      const dueJobIds = db
        .selectFrom('jobs')
        .select('id')
        .where('type', 'in', types)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
          ]),
        )
        .orderBy('run_at')
        .limit(1)
        .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked());

      return db
        .updateTable('jobs')
        .set({
          status: 'running',
          locked_by: workerId,
          locked_until: lockedUntil,
          attempts: sql<number>`attempts + 1`,
          updated_at: now,
        })
        .where('id', '=', dueJobIds)
        .returningAll()
        .executeTakeFirst();
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
      await db
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
        .execute();
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
        await trx.insertInto('jobs').values(job).execute();
        return true;
      });
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
