import { randomUUID } from 'node:crypto';
import type { AppDatabase } from '../../db/database';
import type { DatabaseOrTransaction } from '../../db/database.types';
import { addMilliseconds, type Clock, toTimestamp } from '../../shared/clock';
import { generateId } from '../../shared/ids';
import type { Logger } from '../../shared/logger';
import { computeBackoffDelayMs, describeError, nextPeriodStart } from './jobs.models';
import { createJobsRepository, type JobRow } from './jobs.repository';

export type JobContext = {
  jobId: string;
  attempt: number;
  logger: Logger;
  /** Aborted when the worker stops before the job finished; the job is then released. */
  signal: AbortSignal;
};

export type JobHandler<Payload> = (payload: Payload, context: JobContext) => Promise<void>;

/**
 * `heavy` jobs (extraction, OCR) and `light` ones (webhooks, e-mail, rules) have separate slots,
 * so a backlog of one class never delays the other.
 */
export type JobKind = 'heavy' | 'light';

export type JobTypeOptions<Payload = unknown> = {
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Default `light`. */
  kind?: JobKind;
  /**
   * Called once when a job of this type ends failed: its last try threw, or its worker died
   * during the last try (lease expired at the cap). Errors are logged, not thrown.
   */
  onFailed?: (payload: Payload, context: { jobId: string; lastError: string }) => void | Promise<void>;
};

type RegisteredJobType = {
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  kind: JobKind;
  handler: JobHandler<unknown>;
  onFailed:
    | ((payload: unknown, context: { jobId: string; lastError: string }) => void | Promise<void>)
    | undefined;
};

type Schedule = { name: string; type: string; intervalMs: number; payload: unknown };

const DEFAULT_JOB_OPTIONS = {
  maxAttempts: 5,
  backoffBaseMs: 5_000,
  backoffMaxMs: 60 * 60 * 1000,
  kind: 'light',
} as const satisfies JobTypeOptions;

export type JobQueueOptions = {
  leaseMs?: number;
  /** Fallback only: enqueues and freed slots wake the loop at once. */
  pollIntervalMs?: number;
  /** Light jobs running at once. */
  concurrency?: number;
  /** Heavy jobs running at once. */
  heavyConcurrency?: number;
  shutdownTimeoutMs?: number;
  /** Most jobs one claim statement takes. */
  claimBatchSize?: number;
};

const JOB_KINDS: readonly JobKind[] = ['light', 'heavy'];
const MAX_DELAYED_WAKE_MS = 60 * 60 * 1000;
const DELAYED_WAKE_MARGIN_MS = 5;

/**
 * A durable job queue kept in the application database. Delivery is at least once: a handler
 * may run again after a crash, so handlers are written to be idempotent.
 *
 * The started loop claims whenever there may be work for a free slot: at start, when a job ends,
 * when this process enqueues, when another process enqueues (PostgreSQL LISTEN/NOTIFY), when a
 * retry or delayed job of this process comes due, and every `pollIntervalMs` as a fallback, when
 * it also runs due schedules and takes back expired leases.
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
  const {
    leaseMs = 60_000,
    pollIntervalMs = 5_000,
    concurrency = 4,
    heavyConcurrency = 1,
    shutdownTimeoutMs = 15_000,
    claimBatchSize = 8,
  } = options;
  const capacity: Record<JobKind, number> = { light: concurrency, heavy: heavyConcurrency };
  const repository = createJobsRepository({ db: database.db, dialect: database.dialect });
  const workerId = `worker_${randomUUID()}`;
  const jobTypes = new Map<string, RegisteredJobType>();
  const schedules = new Map<string, Schedule>();
  const running = new Map<string, { promise: Promise<void>; abort: AbortController; kind: JobKind }>();
  let loop: { done: Promise<void>; ready: Promise<void> } | undefined;
  let stopping = false;
  let wakeRequested = false;
  /** The classes that may have work since the loop last looked: it claims for these only. */
  const kindsToClaim = new Set<JobKind>(JOB_KINDS);
  /** Whether enqueues reach this process by NOTIFY (PostgreSQL, listener connected). */
  let listening = false;
  /** Pending waits, each ended early by `wake()` (when wakeable) or by `stop()`. */
  const waits = new Set<{ wakeable: boolean; end: () => void }>();

  function register<Payload>(
    type: string,
    handler: JobHandler<Payload>,
    jobOptions: JobTypeOptions<Payload> = {},
  ) {
    if (jobTypes.has(type)) throw new Error(`Job type "${type}" is already registered`);
    jobTypes.set(type, {
      maxAttempts: jobOptions.maxAttempts ?? DEFAULT_JOB_OPTIONS.maxAttempts,
      backoffBaseMs: jobOptions.backoffBaseMs ?? DEFAULT_JOB_OPTIONS.backoffBaseMs,
      backoffMaxMs: jobOptions.backoffMaxMs ?? DEFAULT_JOB_OPTIONS.backoffMaxMs,
      kind: jobOptions.kind ?? DEFAULT_JOB_OPTIONS.kind,
      // The queue only calls these with payloads it stored for this very type.
      handler: handler as JobHandler<unknown>,
      onFailed: jobOptions.onFailed as RegisteredJobType['onFailed'],
    });
  }

  function typesOf(kind?: JobKind) {
    return [...jobTypes.entries()]
      .filter(([, jobType]) => !kind || jobType.kind === kind)
      .map(([type]) => type);
  }

  function runningOf(kind: JobKind) {
    let count = 0;
    for (const job of running.values()) if (job.kind === kind) count++;
    return count;
  }

  /** The class of a job type; every class for a type this process does not know. */
  function kindsOf(type: string | undefined): readonly JobKind[] {
    const jobType = type === undefined ? undefined : jobTypes.get(type);
    return jobType ? [jobType.kind] : JOB_KINDS;
  }

  /**
   * Asks the started loop to look for work of these classes now (no-op when it is not started):
   * an enqueue or a freed slot wakes only its own class, so a heavy backlog does not cost a
   * light claim on every wake.
   */
  function wake(kinds: readonly JobKind[] = JOB_KINDS) {
    for (const kind of kinds) kindsToClaim.add(kind);
    wakeRequested = true;
    for (const pending of waits) if (pending.wakeable) pending.end();
  }

  /** Timers of retries due soon: each wakes the loop when its job's backoff ends. */
  const delayedWakes = new Set<NodeJS.Timeout>();
  function wakeIn(delayMs: number, kinds: readonly JobKind[]) {
    if (delayMs <= 0) return wake(kinds);
    // Far-off jobs are found by polling; this keeps timers within what setTimeout can hold.
    if (delayMs > MAX_DELAYED_WAKE_MS) return;
    // A timer may fire a millisecond early on the clock the job's run time was set by.
    const timer = setTimeout(() => {
      delayedWakes.delete(timer);
      wake(kinds);
    }, delayMs + DELAYED_WAKE_MARGIN_MS);
    // Never what keeps the process alive.
    timer.unref();
    delayedWakes.add(timer);
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
    // Inside a caller's transaction this comes before the commit: on SQLite the claim then waits
    // for the single connection, so it sees the row; on PostgreSQL it would find nothing, and the
    // NOTIFY delivered at commit wakes the loop (this process's too), so only a delayed job needs
    // a timer there.
    const delayMs = runAt ? runAt.getTime() - clock.now().getTime() : 0;
    if (!(trx && listening && delayMs <= 0)) wakeIn(delayMs, kindsOf(type));
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
    if (enqueued > 0) wake();
    return enqueued;
  }

  async function claim(types: string[], limit: number) {
    const now = clock.now();
    return repository.claimJobs({
      types,
      now: toTimestamp(now),
      workerId,
      lockedUntil: toTimestamp(addMilliseconds(now, leaseMs)),
      limit,
    });
  }

  async function notifyFailed(jobType: RegisteredJobType | undefined, job: JobRow, lastError: string) {
    if (!jobType?.onFailed) return;
    try {
      await jobType.onFailed(JSON.parse(job.payload), { jobId: job.id, lastError });
    } catch (error) {
      logger.error({ err: error, jobId: job.id, jobType: job.type }, 'The failed job’s onFailed hook threw');
    }
  }

  /** Jobs whose worker died: back to pending, or failed at their cap (never run again). */
  async function recoverExpiredLeases() {
    const failed = await repository.recoverExpiredLeases({ types: typesOf(), now: toTimestamp(clock.now()) });
    for (const job of failed) {
      const lastError = job.last_error ?? '';
      logger.error({ jobId: job.id, jobType: job.type, lastError }, 'Job failed: its worker stopped');
      await notifyFailed(jobTypes.get(job.type), job, lastError);
    }
  }

  function execute(job: JobRow): Promise<void> {
    const jobType = jobTypes.get(job.type);
    // Claims only ask for registered types.
    if (!jobType) return Promise.resolve();
    const jobLogger = logger.child({ jobId: job.id, jobType: job.type, attempt: job.attempts });
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
          .then((held) => {
            if (!held) jobLogger.warn('Job lease lost: another worker may run this job again');
          })
          .catch((error: unknown) => jobLogger.warn({ err: error }, 'Could not extend job lease'));
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );

    const promise = (async () => {
      try {
        await jobType.handler(JSON.parse(job.payload), {
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
          const failed = await repository.markJobFailed({
            id: job.id,
            workerId,
            lastError,
            now: toTimestamp(now),
          });
          // Not ours any more (lease lost): whoever holds it now ends it.
          if (failed) await notifyFailed(jobType, job, lastError);
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
          wakeIn(delayMs, [jobType.kind]);
        }
      } finally {
        clearInterval(heartbeat);
        running.delete(job.id);
        // The slot is free: take the next job of its class now rather than at the next poll.
        wake([jobType.kind]);
      }
    })();
    running.set(job.id, { promise, abort, kind: jobType.kind });
    return promise;
  }

  /**
   * Claims and runs due jobs of every class one after the other, until none is due or `limit`
   * ran; returns how many ran. For tests and tools.
   */
  async function runDueJobs({ limit = Number.POSITIVE_INFINITY }: { limit?: number } = {}): Promise<number> {
    await recoverExpiredLeases();
    let ran = 0;
    while (ran < limit) {
      const [job] = await claim(typesOf(), 1);
      if (!job) break;
      await execute(job);
      ran++;
    }
    return ran;
  }

  /** Fills the free slots of each class, a batch per statement, until that class has no due job. */
  async function fillSlots(kinds: readonly JobKind[] = JOB_KINDS) {
    for (const kind of kinds) {
      const types = typesOf(kind);
      if (types.length === 0) continue;
      while (!stopping) {
        const free = capacity[kind] - runningOf(kind);
        if (free <= 0) break;
        const limit = Math.min(free, claimBatchSize);
        const jobs = await claim(types, limit);
        for (const job of jobs) {
          execute(job).catch((error: unknown) =>
            logger.error({ err: error, jobId: job.id }, 'Job bookkeeping failed'),
          );
        }
        if (jobs.length < limit) break;
      }
    }
  }

  /** Waits `ms`, or less when woken (if `wakeable`) or stopped. */
  function wait(ms: number, { wakeable }: { wakeable: boolean }) {
    return new Promise<void>((resolve) => {
      const pending = {
        wakeable,
        end: () => {
          clearTimeout(timer);
          waits.delete(pending);
          resolve();
        },
      };
      const timer = setTimeout(pending.end, ms);
      waits.add(pending);
    });
  }

  /** Subscribes to enqueues of other processes (PostgreSQL); retries until it works or stops. */
  async function listenForEnqueues(): Promise<(() => Promise<void>) | undefined> {
    const listen = database.listen;
    if (!listen) return undefined;
    for (let failures = 0; !stopping; failures++) {
      try {
        const channel = await repository.getWakeChannel();
        // The notification carries the enqueued job's type.
        const close = await listen(channel, (type) => wake(kindsOf(type)), {
          onError: (error) =>
            logger.warn({ err: error }, 'Job wake-up listener lost its connection, reconnecting'),
        });
        listening = true;
        // Whatever was enqueued before LISTEN took effect is found by this pass.
        wake();
        return async () => {
          listening = false;
          await close();
        };
      } catch (error) {
        logger.warn({ err: error }, 'Could not listen for job wake-ups; polling meanwhile');
        await wait(Math.min(pollIntervalMs, 250 * 2 ** failures), { wakeable: false });
      }
    }
    return undefined;
  }

  /**
   * Starts the worker loop. The promise resolves once enqueues of other processes wake it
   * (PostgreSQL LISTEN in place; at once on SQLite) or when stopped; it never rejects.
   */
  function start(): Promise<void> {
    if (loop) return loop.ready;
    stopping = false;
    wakeRequested = true;
    const listener = listenForEnqueues();
    const done = (async () => {
      let lastMaintenanceAt = Number.NEGATIVE_INFINITY;
      let failures = 0;
      while (!stopping) {
        wakeRequested = false;
        const kinds = JOB_KINDS.filter((kind) => kindsToClaim.has(kind));
        kindsToClaim.clear();
        try {
          if (performance.now() - lastMaintenanceAt >= pollIntervalMs) {
            lastMaintenanceAt = performance.now();
            await runDueSchedules();
            await recoverExpiredLeases();
            // The poll: every class, whatever woke the loop.
            kinds.splice(0, kinds.length, ...JOB_KINDS);
          }
          await fillSlots(kinds);
          failures = 0;
        } catch (error) {
          failures++;
          logger.error({ err: error }, 'Job polling failed');
        }
        if (stopping) break;
        if (failures > 0) {
          // The database is failing: back off rather than spin on every wake.
          await wait(Math.min(pollIntervalMs, 100 * 2 ** failures), { wakeable: false });
          continue;
        }
        if (wakeRequested) continue;
        await wait(Math.max(0, lastMaintenanceAt + pollIntervalMs - performance.now()), { wakeable: true });
      }
      const close = await listener;
      await close?.().catch((error: unknown) =>
        logger.warn({ err: error }, 'Could not close the job listener'),
      );
    })();
    const ready = listener.then(() => undefined);
    loop = { done, ready };
    return ready;
  }

  /**
   * Stops claiming and waits for running jobs up to the shutdown timeout; jobs still running
   * then are aborted and released so another worker takes them at once.
   */
  async function stop() {
    stopping = true;
    for (const timer of delayedWakes) clearTimeout(timer);
    delayedWakes.clear();
    for (const pending of waits) pending.end();
    if (loop) {
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
    wake,
    getJob: (id: string) => repository.getJob(id),
    get runningCount() {
      return running.size;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
