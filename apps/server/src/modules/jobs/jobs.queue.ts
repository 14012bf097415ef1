import { randomUUID } from 'node:crypto';
import type { AppDatabase } from '../../db/database';
import { addMilliseconds, type Clock, toTimestamp } from '../../shared/clock';
import { generateId } from '../../shared/ids';
import type { Logger } from '../../shared/logger';
import { computeBackoffDelayMs, describeError, nextPeriodStart } from './jobs.models';
import { createJobsRepository, type DatabaseOrTransaction } from './jobs.repository';

export type JobContext = {
  jobId: string;
  attempt: number;
  logger: Logger;
  /** Aborted when the worker stops before the job finished; the job is then released. */
  signal: AbortSignal;
};

export type JobHandler<Payload> = (payload: Payload, context: JobContext) => Promise<void>;

export type JobTypeOptions = {
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
};

type RegisteredJobType = Required<JobTypeOptions> & { handler: JobHandler<never> };

type Schedule = { name: string; type: string; intervalMs: number; payload: unknown };

const DEFAULT_JOB_OPTIONS: Required<JobTypeOptions> = {
  maxAttempts: 5,
  backoffBaseMs: 5_000,
  backoffMaxMs: 60 * 60 * 1000,
};

export type JobQueueOptions = {
  leaseMs?: number;
  pollIntervalMs?: number;
  concurrency?: number;
  shutdownTimeoutMs?: number;
};

/**
 * A durable job queue kept in the application database. Delivery is at least once: a handler
 * may run again after a crash, so handlers are written to be idempotent.
 */
export function createJobQueue({
  database,
  clock,
  logger,
  options = {},
}: {
  database: AppDatabase;
  clock: Clock;
  logger: Logger;
  options?: JobQueueOptions;
}) {
  const { leaseMs = 60_000, pollIntervalMs = 1_000, concurrency = 2, shutdownTimeoutMs = 15_000 } = options;
  const repository = createJobsRepository({ db: database.db, dialect: database.dialect });
  const workerId = `worker_${randomUUID()}`;
  const jobTypes = new Map<string, RegisteredJobType>();
  const schedules = new Map<string, Schedule>();
  const running = new Map<string, { promise: Promise<void>; abort: AbortController }>();
  let loop: { stop: () => void; done: Promise<void> } | undefined;
  let stopping = false;

  function register<Payload>(type: string, handler: JobHandler<Payload>, jobOptions: JobTypeOptions = {}) {
    if (jobTypes.has(type)) throw new Error(`Job type "${type}" is already registered`);
    jobTypes.set(type, { ...DEFAULT_JOB_OPTIONS, ...jobOptions, handler: handler as JobHandler<never> });
  }

  async function enqueue(
    type: string,
    payload: unknown,
    { trx, runAt, maxAttempts }: { trx?: DatabaseOrTransaction; runAt?: Date; maxAttempts?: number } = {},
  ): Promise<string> {
    const now = toTimestamp(clock.now());
    const id = generateId('job');
    await repository.insertJob(
      {
        id,
        type,
        payload: JSON.stringify(payload ?? null),
        status: 'pending',
        attempts: 0,
        max_attempts: maxAttempts ?? jobTypes.get(type)?.maxAttempts ?? DEFAULT_JOB_OPTIONS.maxAttempts,
        run_at: runAt ? toTimestamp(runAt) : now,
        locked_by: null,
        locked_until: null,
        last_error: null,
        created_at: now,
        updated_at: now,
      },
      trx ? { trx } : {},
    );
    return id;
  }

  /** A periodic job: enqueued once per period however many processes run the scheduler. */
  function schedule({
    name,
    type,
    intervalMs,
    payload = null,
  }: Omit<Schedule, 'payload'> & { payload?: unknown }) {
    schedules.set(name, { name, type, intervalMs, payload });
  }

  async function runDueSchedules(): Promise<number> {
    let enqueued = 0;
    for (const { name, type, intervalMs, payload } of schedules.values()) {
      const now = clock.now();
      const nowTimestamp = toTimestamp(now);
      // A new schedule runs at once, then at each period boundary.
      await repository.ensureSchedule({ name, nextRunAt: nowTimestamp, now: nowTimestamp });
      const current = await repository.getSchedule(name);
      if (!current || current.next_run_at > nowTimestamp) continue;
      const didAdvance = await repository.advanceScheduleAndEnqueue({
        name,
        expectedNextRunAt: current.next_run_at,
        nextRunAt: toTimestamp(nextPeriodStart({ now, intervalMs })),
        now: nowTimestamp,
        job: {
          id: generateId('job'),
          type,
          payload: JSON.stringify(payload),
          status: 'pending',
          attempts: 0,
          max_attempts: jobTypes.get(type)?.maxAttempts ?? DEFAULT_JOB_OPTIONS.maxAttempts,
          run_at: nowTimestamp,
          locked_by: null,
          locked_until: null,
          last_error: null,
          created_at: nowTimestamp,
          updated_at: nowTimestamp,
        },
      });
      if (didAdvance) enqueued++;
    }
    return enqueued;
  }

  async function claimNext() {
    const now = clock.now();
    return repository.claimNextJob({
      types: [...jobTypes.keys()],
      now: toTimestamp(now),
      workerId,
      lockedUntil: toTimestamp(addMilliseconds(now, leaseMs)),
    });
  }

  async function execute(job: NonNullable<Awaited<ReturnType<typeof claimNext>>>) {
    const jobType = jobTypes.get(job.type);
    const jobLogger = logger.child({ jobId: job.id, jobType: job.type, attempt: job.attempts });
    if (!jobType) return;
    const abort = new AbortController();
    // Keeps the lease alive while the handler runs, so only a dead worker's job is taken over.
    const heartbeat = setInterval(
      () => {
        const now = clock.now();
        repository
          .extendLease({
            id: job.id,
            workerId,
            lockedUntil: toTimestamp(addMilliseconds(now, leaseMs)),
            now: toTimestamp(now),
          })
          .catch((error: unknown) => jobLogger.warn({ err: error }, 'Could not extend job lease'));
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );

    const promise = (async () => {
      try {
        await (jobType.handler as JobHandler<unknown>)(JSON.parse(job.payload), {
          jobId: job.id,
          attempt: job.attempts,
          logger: jobLogger,
          signal: abort.signal,
        });
        clearInterval(heartbeat);
        if (abort.signal.aborted) return;
        await repository.deleteCompletedJob({ id: job.id, workerId });
      } catch (error) {
        clearInterval(heartbeat);
        if (abort.signal.aborted) return;
        const now = clock.now();
        const lastError = describeError(error);
        if (job.attempts >= job.max_attempts) {
          jobLogger.error({ err: error }, 'Job failed for the last time');
          await repository.markJobFailed({ id: job.id, workerId, lastError, now: toTimestamp(now) });
        } else {
          const delayMs = computeBackoffDelayMs({
            attempt: job.attempts,
            baseDelayMs: jobType.backoffBaseMs,
            maxDelayMs: jobType.backoffMaxMs,
          });
          jobLogger.warn({ err: error, retryInMs: delayMs }, 'Job failed, will retry');
          await repository.rescheduleJob({
            id: job.id,
            workerId,
            runAt: toTimestamp(addMilliseconds(now, delayMs)),
            lastError,
            now: toTimestamp(now),
          });
        }
      } finally {
        clearInterval(heartbeat);
        running.delete(job.id);
      }
    })();
    running.set(job.id, { promise, abort });
    return promise;
  }

  /** Claims and runs at most `limit` due jobs now; returns how many ran. For tests and tools. */
  async function runDueJobs({ limit = Number.POSITIVE_INFINITY }: { limit?: number } = {}): Promise<number> {
    let ran = 0;
    while (ran < limit) {
      const job = await claimNext();
      if (!job) break;
      await execute(job);
      ran++;
    }
    return ran;
  }

  /** Polls for due schedules and jobs, running up to `concurrency` jobs at a time. */
  function start() {
    if (loop) return;
    stopping = false;
    let wake: (() => void) | undefined;
    let timer: NodeJS.Timeout | undefined;
    const done = (async () => {
      while (!stopping) {
        try {
          await runDueSchedules();
          while (!stopping && running.size < concurrency) {
            const job = await claimNext();
            if (!job) break;
            void execute(job).catch((error: unknown) =>
              logger.error({ err: error }, 'Job bookkeeping failed'),
            );
          }
        } catch (error) {
          logger.error({ err: error }, 'Job polling failed');
        }
        if (stopping) break;
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, pollIntervalMs);
        });
      }
    })();
    loop = {
      stop: () => {
        stopping = true;
        if (timer) clearTimeout(timer);
        wake?.();
      },
      done,
    };
  }

  /**
   * Stops polling and waits for running jobs up to the shutdown timeout; jobs still running
   * then are aborted and released so another worker takes them at once.
   */
  async function stop() {
    stopping = true;
    if (loop) {
      loop.stop();
      await loop.done;
      loop = undefined;
    }
    const inFlight = [...running.entries()];
    if (inFlight.length === 0) return;
    let timeout: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timeout = setTimeout(() => resolve('timeout'), shutdownTimeoutMs);
    });
    const outcome = await Promise.race([
      Promise.allSettled(inFlight.map(([, { promise }]) => promise)).then(() => 'finished' as const),
      timedOut,
    ]);
    clearTimeout(timeout);
    if (outcome === 'finished') return;
    const now = toTimestamp(clock.now());
    for (const [id, { abort }] of running.entries()) {
      abort.abort();
      await repository.releaseJob({ id, workerId, now });
      logger.warn({ jobId: id }, 'Job released at shutdown');
    }
  }

  return {
    workerId,
    register,
    enqueue,
    schedule,
    runDueSchedules,
    runDueJobs,
    start,
    stop,
    getJob: (id: string) => repository.getJob(id),
    get runningCount() {
      return running.size;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
