import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase, ListenToChannel } from '../../db/database';
import { type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { silentLogger } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { computeBackoffDelayMs, nextPeriodStart } from './jobs.models';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './jobs.queue';
import { createJobsRepository, LEASE_EXPIRED_ERROR_PREFIX } from './jobs.repository';

const execFileAsync = promisify(execFile);
const queueProcessScript = path.join(import.meta.dirname, 'test-fixtures/queue-process.ts');

describe('job backoff and periods', () => {
  it('doubles the delay after each failed try, up to the cap', () => {
    const delays = [1, 2, 3, 4, 5, 6].map((attempt) =>
      computeBackoffDelayMs({ attempt, baseDelayMs: 1000, maxDelayMs: 10_000 }),
    );
    expect(delays).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('places the next periodic run at the start of the next period', () => {
    expect(
      nextPeriodStart({
        now: new Date('2026-03-01T10:17:00.000Z'),
        intervalMs: 60 * 60 * 1000,
      }).toISOString(),
    ).toBe('2026-03-01T11:00:00.000Z');
  });
});

type TestDatabase = ReturnType<typeof useTestDatabase>;

/** Queue helpers over one test database; started queues are stopped after each test. */
function useQueues(testDatabase: TestDatabase) {
  const started: JobQueue[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((queue) => queue.stop()));
  });

  function makeQueue({
    database = testDatabase.database,
    clock = createTestClock(),
    options = {},
  }: {
    database?: AppDatabase;
    clock?: Clock;
    options?: JobQueueOptions;
  } = {}) {
    return createJobQueue({ database, clock, logger: silentLogger, options });
  }

  /** A started queue whose poll interval is far too long to be what runs the test's jobs. */
  async function startQueue({
    database = testDatabase.database,
    clock = createTestClock(),
    options = {},
    register,
  }: {
    database?: AppDatabase;
    clock?: Clock;
    options?: JobQueueOptions;
    register: (queue: JobQueue) => void;
  }) {
    const queue = makeQueue({ database, clock, options: { pollIntervalMs: 60_000, ...options } });
    register(queue);
    started.push(queue);
    await queue.start();
    return queue;
  }

  async function clearJobs() {
    await testDatabase.db.deleteFrom('jobs').execute();
    await testDatabase.db.deleteFrom('job_schedules').execute();
  }

  return { makeQueue, startQueue, clearJobs };
}

describe.each(testDialects)('the durable job queue on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const { makeQueue, startQueue, clearJobs } = useQueues(testDatabase);

  it('runs an enqueued job with its payload and removes it when done', async () => {
    await clearJobs();
    const queue = makeQueue();
    const received: unknown[] = [];
    queue.register<{ documentId: string }>('test.echo', async (payload) => {
      received.push(payload);
    });
    const jobId = await queue.enqueue('test.echo', { documentId: 'doc_1' });
    expect(await queue.runDueJobs()).toBe(1);
    expect(received).toEqual([{ documentId: 'doc_1' }]);
    expect(await queue.getJob(jobId)).toBeUndefined();
  });

  it('keeps a job enqueued inside a transaction only when the transaction commits', async () => {
    await clearJobs();
    const queue = makeQueue();
    const ran: string[] = [];
    queue.register<string>('test.tx', async (payload) => {
      ran.push(payload);
    });
    await testDatabase.db
      .transaction()
      .execute(async (trx) => {
        await queue.enqueue('test.tx', 'rolled-back', { trx });
        throw new Error('abort the transaction');
      })
      .catch(() => undefined);
    await testDatabase.db.transaction().execute(async (trx) => {
      await queue.enqueue('test.tx', 'committed', { trx });
    });
    await queue.runDueJobs();
    expect(ran).toEqual(['committed']);
  });

  it('does not run a job before its time', async () => {
    await clearJobs();
    const clock = createTestClock();
    const queue = makeQueue({ clock });
    let runs = 0;
    queue.register('test.later', async () => {
      runs++;
    });
    await queue.enqueue('test.later', null, { runAt: new Date(clock.now().getTime() + 60_000) });
    expect(await queue.runDueJobs()).toBe(0);
    clock.advance(60_000);
    expect(await queue.runDueJobs()).toBe(1);
    expect(runs).toBe(1);
  });

  it('retries a failing job with exponential backoff, then marks it failed after the last try', async () => {
    await clearJobs();
    const clock = createTestClock();
    const queue = makeQueue({ clock });
    const attempts: number[] = [];
    const failures: unknown[] = [];
    queue.register<string>(
      'test.flaky',
      async (_payload, { attempt }) => {
        attempts.push(attempt);
        throw new Error(`failure ${attempt}`);
      },
      {
        maxAttempts: 3,
        backoffBaseMs: 1000,
        backoffMaxMs: 60_000,
        onFailed: (payload, context) => {
          failures.push({ payload, ...context });
        },
      },
    );
    const jobId = await queue.enqueue('test.flaky', 'the payload');

    expect(await queue.runDueJobs()).toBe(1);
    let job = await queue.getJob(jobId);
    expect(job).toMatchObject({ status: 'pending', attempts: 1, last_error: 'Error: failure 1' });
    expect(job?.run_at).toBe(toTimestamp(new Date(clock.now().getTime() + 1000)));

    clock.advance(999);
    expect(await queue.runDueJobs()).toBe(0);
    clock.advance(1);
    expect(await queue.runDueJobs()).toBe(1);
    job = await queue.getJob(jobId);
    expect(job?.run_at).toBe(toTimestamp(new Date(clock.now().getTime() + 2000)));

    clock.advance(2000);
    expect(await queue.runDueJobs()).toBe(1);
    job = await queue.getJob(jobId);
    expect(job).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'Error: failure 3',
      locked_by: null,
    });

    clock.advance(3_600_000);
    expect(await queue.runDueJobs()).toBe(0);
    expect(attempts).toEqual([1, 2, 3]);
    expect(failures).toEqual([{ payload: 'the payload', jobId, lastError: 'Error: failure 3' }]);
  });

  it('runs again a job whose worker crashed, once its lease has expired', async () => {
    await clearJobs();
    const clock = createTestClock();
    const leaseMs = 30_000;
    const queue = makeQueue({ clock, options: { leaseMs } });
    const ran: number[] = [];
    queue.register('test.crash', async (_payload, { attempt }) => {
      ran.push(attempt);
    });
    const jobId = await queue.enqueue('test.crash', null);

    // Another worker takes the job and dies without finishing it.
    const crashedWorker = createJobsRepository({ db: testDatabase.db, dialect });
    const [claimed] = await crashedWorker.claimJobs({
      types: ['test.crash'],
      now: toTimestamp(clock.now()),
      workerId: 'worker_crashed',
      lockedUntil: toTimestamp(new Date(clock.now().getTime() + leaseMs)),
      limit: 1,
    });
    expect(claimed?.id).toBe(jobId);

    clock.advance(leaseMs - 1);
    expect(await queue.runDueJobs()).toBe(0);
    clock.advance(2);
    expect(await queue.runDueJobs()).toBe(1);
    expect(ran).toEqual([2]);
    expect(await queue.getJob(jobId)).toBeUndefined();
  });

  it('never runs one job twice when two workers claim at once', async () => {
    await clearJobs();
    const clock = createTestClock();
    const runs = new Map<number, number>();
    const workers = [testDatabase.database, testDatabase.openConnection(), testDatabase.openConnection()].map(
      (database) => {
        const queue = makeQueue({ database, clock });
        queue.register<number>('test.exclusive', async (payload) => {
          runs.set(payload, (runs.get(payload) ?? 0) + 1);
          await sleep(1);
        });
        return queue;
      },
    );
    const jobCount = 60;
    for (let index = 0; index < jobCount; index++) await workers[0]!.enqueue('test.exclusive', index);

    const ranPerWorker = await Promise.all(workers.map((queue) => queue.runDueJobs()));
    expect(ranPerWorker.reduce((sum, count) => sum + count, 0)).toBe(jobCount);
    expect(runs.size).toBe(jobCount);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  /** Starts `count` OS processes that each run the scheduler and the due jobs once at `now`. */
  async function runQueueProcesses({ count, now }: { count: number; now: string }) {
    const outputFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-jobs-')), 'runs.log');
    fs.writeFileSync(outputFile, '');
    const startAt = Date.now() + 1500;
    const args = JSON.stringify({ location: testDatabase.location, now, outputFile, startAt });
    await Promise.all(
      Array.from({ length: count }, () =>
        execFileAsync(process.execPath, ['--import', 'tsx', queueProcessScript, args], { timeout: 30_000 }),
      ),
    );
    const lines = fs.readFileSync(outputFile, 'utf8').trim().split('\n').filter(Boolean);
    fs.rmSync(path.dirname(outputFile), { recursive: true, force: true });
    return lines.map((line) => {
      const [pid, jobId, label] = line.split(' ');
      return { pid, jobId, label };
    });
  }

  it('enqueues a periodic job once per period however many processes run the scheduler', async () => {
    await clearJobs();
    const firstPeriod = await runQueueProcesses({ count: 3, now: '2026-03-01T10:17:00.000Z' });
    expect(firstPeriod.map(({ label }) => label)).toEqual(['periodic']);
    const samePeriod = await runQueueProcesses({ count: 3, now: '2026-03-01T10:47:00.000Z' });
    expect(samePeriod).toEqual([]);
    const nextPeriod = await runQueueProcesses({ count: 3, now: '2026-03-01T11:02:00.000Z' });
    expect(nextPeriod.map(({ label }) => label)).toEqual(['periodic']);
    // Nine Node processes start one after the other: slow on a busy machine.
  }, 60_000);

  it('never runs one job twice when several processes work the same queue', async () => {
    await clearJobs();
    const queue = makeQueue({ clock: createTestClock(new Date('2026-03-01T10:00:00.000Z')) });
    // Past the schedule's first run so only the enqueued jobs are due.
    await testDatabase.db
      .insertInto('job_schedules')
      .values({
        name: 'test-process-schedule',
        next_run_at: '2099-01-01T00:00:00.000Z',
        updated_at: '2026-03-01T10:00:00.000Z',
      })
      .execute();
    const jobCount = 40;
    for (let index = 0; index < jobCount; index++) await queue.enqueue('test.process-job', { index });
    const runs = await runQueueProcesses({ count: 2, now: '2026-03-01T10:00:01.000Z' });
    expect(runs).toHaveLength(jobCount);
    expect(new Set(runs.map(({ jobId }) => jobId)).size).toBe(jobCount);
    expect(new Set(runs.map(({ label }) => label))).toEqual(
      new Set(Array.from({ length: jobCount }, (_, i) => String(i))),
    );
  });

  it('lets a running job finish before a graceful stop returns', async () => {
    await clearJobs();
    const queue = makeQueue({
      clock: createTestClock(),
      options: { pollIntervalMs: 20, shutdownTimeoutMs: 5000 },
    });
    let finished = false;
    let started!: () => void;
    const hasStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    queue.register('test.slow', async () => {
      started();
      await sleep(200);
      finished = true;
    });
    const jobId = await queue.enqueue('test.slow', null);
    queue.start();
    await hasStarted;
    await queue.stop();
    expect(finished).toBe(true);
    expect(await queue.getJob(jobId)).toBeUndefined();
  });

  it('releases a job still running when the shutdown timeout ends, so another worker takes it at once', async () => {
    await clearJobs();
    const clock = createTestClock();
    const queue = makeQueue({ clock, options: { pollIntervalMs: 20, shutdownTimeoutMs: 50 } });
    let aborted = false;
    let started!: () => void;
    const hasStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    queue.register('test.stuck', async (_payload, { signal }) => {
      started();
      await new Promise<void>((resolve) => {
        signal.addEventListener('abort', () => {
          aborted = true;
          resolve();
        });
      });
    });
    const jobId = await queue.enqueue('test.stuck', null);
    queue.start();
    await hasStarted;
    await queue.stop();
    expect(aborted).toBe(true);
    expect(await queue.getJob(jobId)).toMatchObject({ status: 'pending', attempts: 0, locked_by: null });

    const nextWorker = makeQueue({ clock });
    let ranAgain = false;
    nextWorker.register('test.stuck', async () => {
      ranAgain = true;
    });
    expect(await nextWorker.runDueJobs()).toBe(1);
    expect(ranAgain).toBe(true);
  });

  describe('when started', () => {
    function gate() {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      return { opened, open };
    }

    it('an enqueue wakes an idle started worker without waiting for the poll interval', async () => {
      await clearJobs();
      const ran: string[] = [];
      const queue = await startQueue({
        register: (queue) =>
          queue.register<string>('test.wake', async (payload) => {
            ran.push(payload);
          }),
      });
      await queue.enqueue('test.wake', 'first');
      await expect.poll(() => ran, { timeout: 5000 }).toEqual(['first']);
      // The loop has gone idle again after the first job: only the enqueue can wake it now.
      await queue.enqueue('test.wake', 'second');
      await expect.poll(() => ran, { timeout: 5000 }).toEqual(['first', 'second']);
    });

    it('a job enqueued inside a transaction runs once the transaction commits', async () => {
      await clearJobs();
      const ran: string[] = [];
      const queue = await startQueue({
        register: (queue) =>
          queue.register<string>('test.wake-tx', async (payload) => {
            ran.push(payload);
          }),
      });
      await testDatabase.db.transaction().execute(async (trx) => {
        await queue.enqueue('test.wake-tx', 'committed', { trx });
      });
      await expect.poll(() => ran, { timeout: 5000 }).toEqual(['committed']);
    });

    it('50 jobs enqueued at once all run with a 60 s poll interval, never more at once than the concurrency', async () => {
      await clearJobs();
      const ran = new Set<number>();
      let active = 0;
      let mostActive = 0;
      const queue = await startQueue({
        options: { concurrency: 4 },
        register: (queue) =>
          queue.register<number>('test.burst', async (payload) => {
            active++;
            mostActive = Math.max(mostActive, active);
            await sleep(2);
            ran.add(payload);
            active--;
          }),
      });
      await testDatabase.db.transaction().execute(async (trx) => {
        for (let index = 0; index < 50; index++) await queue.enqueue('test.burst', index, { trx });
      });
      await expect.poll(() => ran.size, { timeout: 10_000 }).toBe(50);
      expect(mostActive).toBeLessThanOrEqual(4);
      await expect.poll(async () => testDatabase.db.selectFrom('jobs').select('id').execute()).toEqual([]);
    });

    it('a failed try runs again when its backoff ends, without waiting for the poll interval', async () => {
      await clearJobs();
      const attempts: number[] = [];
      const queue = await startQueue({
        // Backoff is measured on the clock, so this test lets real time pass.
        clock: systemClock,
        register: (queue) =>
          queue.register(
            'test.retry-soon',
            async (_payload, { attempt }) => {
              attempts.push(attempt);
              if (attempt === 1) throw new Error('first try fails');
            },
            { maxAttempts: 2, backoffBaseMs: 100 },
          ),
      });
      await queue.enqueue('test.retry-soon', null);
      await expect.poll(() => attempts, { timeout: 5000 }).toEqual([1, 2]);
    });

    it('heavy jobs do not delay a light one queued behind them', async () => {
      await clearJobs();
      const clock = createTestClock();
      const heavyGate = gate();
      let heavyStarted = 0;
      let heavyFinished = 0;
      let lightRan = false;
      const queue = await startQueue({
        clock,
        options: { concurrency: 2, heavyConcurrency: 1 },
        register: (queue) => {
          queue.register(
            'test.heavy',
            async () => {
              heavyStarted++;
              await heavyGate.opened;
              heavyFinished++;
            },
            { kind: 'heavy' },
          );
          queue.register('test.light', async () => {
            lightRan = true;
          });
        },
      });
      try {
        await testDatabase.db.transaction().execute(async (trx) => {
          for (let index = 0; index < 5; index++) await queue.enqueue('test.heavy', index, { trx });
        });
        await expect.poll(() => heavyStarted, { timeout: 5000 }).toBe(1);
        clock.advance(1);
        await queue.enqueue('test.light', null);
        await expect.poll(() => lightRan, { timeout: 5000 }).toBe(true);
        // The heavy backlog still waits for its one slot.
        expect(heavyStarted).toBe(1);
        expect(heavyFinished).toBe(0);
      } finally {
        heavyGate.open();
      }
      await expect.poll(() => heavyFinished, { timeout: 5000 }).toBe(5);
    });

    it('a batch claim never hands the same job to two workers', async () => {
      await clearJobs();
      const runs = new Map<number, number>();
      const register = (queue: JobQueue) =>
        queue.register<number>('test.batch', async (payload) => {
          runs.set(payload, (runs.get(payload) ?? 0) + 1);
          await sleep(1);
        });
      const jobCount = 200;
      // Queued before the workers start: on SQLite, a second connection in this process would
      // wait on the open transaction's write lock with the whole event loop blocked.
      const producer = makeQueue();
      await testDatabase.db.transaction().execute(async (trx) => {
        for (let index = 0; index < jobCount; index++) await producer.enqueue('test.batch', index, { trx });
      });
      const options = { concurrency: 8, claimBatchSize: 8 };
      await Promise.all([
        startQueue({ options, register }),
        startQueue({ database: testDatabase.openConnection(), options, register }),
      ]);
      await expect.poll(() => runs.size, { timeout: 15_000 }).toBe(jobCount);
      await expect.poll(async () => testDatabase.db.selectFrom('jobs').select('id').execute()).toEqual([]);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
    });
  });

  it('an expired lease counts as an attempt, and a job at the cap ends failed with its last error and onFailed called once', async () => {
    await clearJobs();
    const clock = createTestClock();
    const leaseMs = 30_000;
    const queue = makeQueue({ clock, options: { leaseMs } });
    const ran: number[] = [];
    const failures: unknown[] = [];
    queue.register<{ documentId: string }>(
      'test.killed',
      async (_payload, { attempt }) => {
        ran.push(attempt);
      },
      {
        maxAttempts: 3,
        onFailed: (payload, context) => {
          failures.push({ payload, ...context });
        },
      },
    );
    const jobId = await queue.enqueue('test.killed', { documentId: 'doc_1' });

    // A worker process killed in the middle of each of the job's three tries.
    const killedWorker = createJobsRepository({ db: testDatabase.db, dialect });
    for (let attempt = 1; attempt <= 3; attempt++) {
      const now = toTimestamp(clock.now());
      if (attempt > 1) {
        expect(await killedWorker.recoverExpiredLeases({ types: ['test.killed'], now })).toEqual([]);
        expect(await queue.getJob(jobId)).toMatchObject({
          status: 'pending',
          attempts: attempt - 1,
          last_error: `${LEASE_EXPIRED_ERROR_PREFIX} — attempt ${attempt - 1} of 3`,
        });
      }
      const claimed = await killedWorker.claimJobs({
        types: ['test.killed'],
        now,
        workerId: `worker_killed_${attempt}`,
        lockedUntil: toTimestamp(new Date(clock.now().getTime() + leaseMs)),
        limit: 1,
      });
      expect(claimed).toMatchObject([{ id: jobId, attempts: attempt }]);
      clock.advance(leaseMs + 1);
    }

    expect(await queue.runDueJobs()).toBe(0);
    const lastError = `${LEASE_EXPIRED_ERROR_PREFIX} — attempt 3 of 3`;
    expect(await queue.getJob(jobId)).toMatchObject({
      status: 'failed',
      attempts: 3,
      locked_by: null,
      last_error: lastError,
    });
    expect(failures).toEqual([{ payload: { documentId: 'doc_1' }, jobId, lastError }]);

    // Never again, from this worker or another one.
    clock.advance(3_600_000);
    expect(await queue.runDueJobs()).toBe(0);
    const otherWorker = makeQueue({ clock, options: { leaseMs } });
    otherWorker.register('test.killed', async () => {
      ran.push(-1);
    });
    expect(await otherWorker.runDueJobs()).toBe(0);
    expect(ran).toEqual([]);
    expect(failures).toHaveLength(1);
  });

  it('logs an onFailed hook that throws and still ends the job failed', async () => {
    await clearJobs();
    const queue = makeQueue();
    queue.register(
      'test.hook-throws',
      async () => {
        throw new Error('always');
      },
      {
        maxAttempts: 1,
        onFailed: () => {
          throw new Error('the hook broke');
        },
      },
    );
    const jobId = await queue.enqueue('test.hook-throws', null);
    expect(await queue.runDueJobs()).toBe(1);
    expect(await queue.getJob(jobId)).toMatchObject({ status: 'failed', last_error: 'Error: always' });
  });

  it('runs due jobs of both classes one after the other until none is due', async () => {
    await clearJobs();
    const queue = makeQueue({ options: { concurrency: 1, heavyConcurrency: 1 } });
    const ran: string[] = [];
    let active = 0;
    const handler = async (payload: string) => {
      active++;
      expect(active).toBe(1);
      await sleep(1);
      ran.push(payload);
      active--;
    };
    queue.register<string>('test.serial-heavy', handler, { kind: 'heavy' });
    queue.register<string>('test.serial-light', handler);
    for (let index = 0; index < 3; index++) {
      await queue.enqueue('test.serial-heavy', `heavy ${index}`);
      await queue.enqueue('test.serial-light', `light ${index}`);
    }
    expect(await queue.runDueJobs()).toBe(6);
    expect(ran.sort()).toEqual(['heavy 0', 'heavy 1', 'heavy 2', 'light 0', 'light 1', 'light 2']);
  });

  it('leaves jobs of types this worker does not handle to other workers', async () => {
    await clearJobs();
    const queue = makeQueue();
    queue.register('test.known', async () => {});
    const otherId = await queue.enqueue('test.unknown', null);
    expect(await queue.runDueJobs()).toBe(0);
    expect(await queue.getJob(otherId)).toMatchObject({ status: 'pending', attempts: 0 });
  });
});

describe.each(testDialects.filter((dialect) => dialect === 'postgres'))(
  'job wake-ups across processes on %s',
  (dialect) => {
    const testDatabase = useTestDatabase(dialect);
    const { makeQueue, startQueue, clearJobs } = useQueues(testDatabase);

    it('a job enqueued by another process wakes the worker through a notification', async () => {
      await clearJobs();
      const database = testDatabase.openConnection();
      let notifications = 0;
      const listen: ListenToChannel = (channel, onNotification, options) =>
        database.listen!(
          channel,
          (payload) => {
            notifications++;
            onNotification(payload);
          },
          options,
        );
      const ran: string[] = [];
      await startQueue({
        database: { ...database, listen },
        register: (queue) =>
          queue.register<string>('test.remote', async (payload) => {
            ran.push(payload);
          }),
      });
      // Another process: its own pool, the same schema, no handlers of its own.
      const otherProcess = makeQueue({ database: testDatabase.openConnection() });
      await otherProcess.enqueue('test.remote', 'from elsewhere');
      await expect.poll(() => ran, { timeout: 5000 }).toEqual(['from elsewhere']);
      expect(notifications).toBeGreaterThanOrEqual(1);
    });

    it('the worker listens again after its listener connection drops, and stops listening when stopped', async () => {
      await clearJobs();
      const ran: string[] = [];
      const queue = await startQueue({
        register: (queue) =>
          queue.register<string>('test.reconnect', async (payload) => {
            ran.push(payload);
          }),
      });
      const channel = await createJobsRepository({ db: testDatabase.db, dialect }).getWakeChannel();
      const listenerPids = async () => {
        const { rows } = await sql<{ pid: number }>`
            select pid from pg_stat_activity
            where application_name = 'sheaf-listener' and query = ${`LISTEN "${channel}"`}`.execute(
          testDatabase.db,
        );
        return rows.map(({ pid }) => pid);
      };
      const [firstPid] = await listenerPids();
      expect(firstPid).toBeDefined();
      await sql`select pg_terminate_backend(${firstPid})`.execute(testDatabase.db);
      await expect
        .poll(async () => (await listenerPids()).filter((pid) => pid !== firstPid), { timeout: 10_000 })
        .toHaveLength(1);

      await makeQueue({ database: testDatabase.openConnection() }).enqueue(
        'test.reconnect',
        'after the drop',
      );
      await expect.poll(() => ran, { timeout: 5000 }).toEqual(['after the drop']);

      await queue.stop();
      await expect.poll(listenerPids, { timeout: 5000 }).toEqual([]);
    });
  },
);
