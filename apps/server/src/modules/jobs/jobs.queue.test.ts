import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/database';
import { toTimestamp } from '../../shared/clock';
import { silentLogger } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { computeBackoffDelayMs, nextPeriodStart } from './jobs.models';
import { createJobQueue, type JobQueueOptions } from './jobs.queue';
import { createJobsRepository } from './jobs.repository';

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

describe.each(testDialects)('the durable job queue on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);

  function makeQueue({
    database = testDatabase.database,
    clock = createTestClock(),
    options = {},
  }: {
    database?: AppDatabase;
    clock?: ReturnType<typeof createTestClock>;
    options?: JobQueueOptions;
  } = {}) {
    return createJobQueue({ database, clock, logger: silentLogger, options });
  }

  async function clearJobs() {
    await testDatabase.db.deleteFrom('jobs').execute();
    await testDatabase.db.deleteFrom('job_schedules').execute();
  }

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
    queue.register(
      'test.flaky',
      async (_payload, { attempt }) => {
        attempts.push(attempt);
        throw new Error(`failure ${attempt}`);
      },
      { maxAttempts: 3, backoffBaseMs: 1000, backoffMaxMs: 60_000 },
    );
    const jobId = await queue.enqueue('test.flaky', null);

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
    const claimed = await crashedWorker.claimNextJob({
      types: ['test.crash'],
      now: toTimestamp(clock.now()),
      workerId: 'worker_crashed',
      lockedUntil: toTimestamp(new Date(clock.now().getTime() + leaseMs)),
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
  });

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

  it('leaves jobs of types this worker does not handle to other workers', async () => {
    await clearJobs();
    const queue = makeQueue();
    queue.register('test.known', async () => {});
    const otherId = await queue.enqueue('test.unknown', null);
    expect(await queue.runDueJobs()).toBe(0);
    expect(await queue.getJob(otherId)).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
