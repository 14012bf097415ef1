import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Logger } from '../../shared/logger';
import type { OcrOptions } from './extraction.engine';
import {
  DEFAULT_EXTRACTION_LIMITS,
  ExtractionError,
  type ExtractionKind,
  type ExtractionLimits,
  type ExtractionOutput,
  type ExtractionWants,
} from './extraction.models';
import type { ExtractionReply, ExtractionRequest, ExtractionWorkerData } from './extraction.worker';

/** Default time one extraction may take (EXTRACTION_TIMEOUT_SECONDS). */
export const DEFAULT_EXTRACTION_TIMEOUT_MS = 120_000;

type Task = {
  request: Omit<ExtractionRequest, 'id'>;
  resolve: (output: ExtractionOutput) => void;
  reject: (error: Error) => void;
};

type Slot = {
  worker: ChildProcess;
  task?: Task & { id: number; timer: NodeJS.Timeout };
  /** Stops the worker once it has had nothing to do for the idle timeout. */
  idleTimer?: NodeJS.Timeout;
  /** The end of what the worker wrote to stderr: V8 says there why it aborted. */
  stderrTail: string;
  /** Resolves once the process has ended and its pipes are closed. */
  closed: Promise<void>;
};

export type ExtractionPoolOptions = {
  /** Workers at most, each running one extraction at a time (EXTRACTION_CONCURRENCY). */
  size: number;
  ocr: OcrOptions;
  /** Past it the task fails with `extraction.timeout` and its worker is killed (default 120 s). */
  taskTimeoutMs?: number;
  /** A worker with nothing to do for this long is stopped (default 60 s)… */
  idleTimeoutMs?: number;
  /**
   * …except this many, kept ready from `warmUp()` on (default 0): a worker takes about half a second
   * to start, which is most of the time an upload into an idle server takes to become searchable.
   */
  keepReady?: number;
  logger: Logger;
  /** What one extraction may cost (defaults: DEFAULT_EXTRACTION_LIMITS; OCR_MAX_PAGES → ocrMaxPages). */
  limits?: Partial<ExtractionLimits>;
};

/**
 * Forks a worker on the extraction entry: the file esbuild writes beside the bundle
 * (dist/extraction.worker.js) in production, or the TypeScript source through tsx when running
 * from source (tests, `npm run dev`). Its V8 heap is capped by `--max-old-space-size`.
 */
function startWorker(workerData: ExtractionWorkerData): ChildProcess {
  const here = import.meta.url;
  const fromSource = here.endsWith('.ts');
  const entry = fileURLToPath(
    new URL(fromSource ? './extraction.worker.ts' : './extraction.worker.js', here),
  );
  const heapLimit = `--max-old-space-size=${workerData.limits.maxOldGenerationSizeMb}`;
  const tsx = () => pathToFileURL(createRequire(here).resolve('tsx')).href;
  return fork(entry, [JSON.stringify(workerData)], {
    // Not the parent's flags (a test runner's, a debugger's): only what the worker needs.
    execArgv: fromSource ? ['--import', tsx(), heapLimit] : [heapLimit],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    // Its own process group, so killing it also ends what it started (a `tesseract` program).
    detached: true,
  });
}

const poolClosedError = () => new Error('The extraction pool is closed');

/** Whether a worker's last words are V8's fatal out-of-memory report. */
const ranOutOfMemory = (stderr: string) =>
  /heap out of memory|Reached heap limit|Allocation failed/i.test(stderr);

/**
 * A small pool of extraction workers, started when there is work. Each worker is a child process
 * running one extraction at a time with a V8 heap limit (`limits.maxOldGenerationSizeMb`) and a
 * time limit. Processes, not worker threads: V8 aborts the whole process when a worker thread
 * passes its heap limit with one large allocation (nodejs/node#47224; an 80 kB PDF of 20 million
 * `q Q` operators does it), and a crash in native code (canvas, OCR) takes its process along. A
 * worker that runs out of memory, crashes or takes too long is killed (a new one starts for the
 * next task) and its task rejects with an ExtractionError: `extraction.too_large`,
 * `extraction.failed`, `extraction.timeout`; so do the failures the engine classifies. Only a
 * closed pool rejects with a plain Error: no fault of the file, the job should run again later.
 *
 * A worker idle for `idleTimeoutMs` is stopped: with pdf.js and an OCR engine loaded each holds a
 * hundred megabytes or more, which an archive at rest should not.
 */
export function createExtractionPool({
  size,
  ocr,
  taskTimeoutMs = DEFAULT_EXTRACTION_TIMEOUT_MS,
  idleTimeoutMs = 60 * 1000,
  keepReady = 0,
  logger,
  limits: overrides,
}: ExtractionPoolOptions) {
  const limits: ExtractionLimits = { ...DEFAULT_EXTRACTION_LIMITS, ...overrides };
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;

  /** Whether the worker keeps this process running: only while it has a task. */
  function setReferenced(slot: Slot, referenced: boolean) {
    const handles = [slot.worker, slot.worker.channel, slot.worker.stderr as Socket | null];
    for (const handle of handles) {
      if (referenced) handle?.ref();
      else handle?.unref();
    }
  }

  /** Takes a worker out of the pool (it gets no more work) and fails its task, if any. */
  function drop(slot: Slot, error: Error) {
    clearTimeout(slot.idleTimer);
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    const task = slot.task;
    if (task) {
      clearTimeout(task.timer);
      slot.task = undefined;
      task.reject(error);
    }
    // Queued work gets a new worker in its place, and so does a worker kept ready.
    if (!closed) {
      dispatch();
      warmUp();
    }
  }

  function stop(slot: Slot) {
    const { worker } = slot;
    if (worker.exitCode !== null || worker.signalCode !== null || worker.pid === undefined) return;
    try {
      process.kill(-worker.pid, 'SIGKILL');
    } catch {
      // Already gone.
      worker.kill('SIGKILL');
    }
  }

  function spawnSlot(): Slot {
    const worker = startWorker({ ocr, limits });
    let onClosed = () => {};
    const slot: Slot = {
      worker,
      stderrTail: '',
      closed: new Promise<void>((resolve) => (onClosed = resolve)),
    };
    worker.stderr?.setEncoding('utf8');
    worker.stderr?.on('data', (chunk: string) => {
      slot.stderrTail = (slot.stderrTail + chunk).slice(-4000);
    });
    worker.on('message', (reply: ExtractionReply) => {
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      clearTimeout(task.timer);
      slot.task = undefined;
      // An idle worker does not keep the process alive.
      setReferenced(slot, false);
      if ('error' in reply) {
        task.reject(
          new ExtractionError(
            reply.code,
            reply.error,
            reply.detail === undefined ? undefined : { cause: new Error(reply.detail) },
          ),
        );
      } else task.resolve(reply.output);
      dispatch();
      if (!slot.task && slots.includes(slot)) {
        slot.idleTimer = setTimeout(() => {
          if (slots.length <= keepReady) return;
          // Out of the pool first, so no task is handed to a worker on its way out.
          const index = slots.indexOf(slot);
          if (index >= 0) slots.splice(index, 1);
          stop(slot);
        }, idleTimeoutMs);
        slot.idleTimer.unref();
      }
    });
    worker.on('error', (error) => {
      // The process could not be started, or a message not sent: it is of no use any more.
      logger.error({ err: error }, 'Extraction worker failed');
      // A process that never started will not close either.
      if (worker.pid === undefined) onClosed();
      drop(
        slot,
        new ExtractionError('extraction.failed', 'The text could not be extracted.', { cause: error }),
      );
      stop(slot);
    });
    // 'close' rather than 'exit': stderr has been read to its end by then.
    worker.on('close', (exitCode, signal) => {
      onClosed();
      if (!slot.task) {
        drop(slot, poolClosedError());
        return;
      }
      if (closed) {
        drop(slot, poolClosedError());
      } else if (ranOutOfMemory(slot.stderrTail)) {
        logger.warn(
          { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb },
          'Extraction ran out of memory',
        );
        drop(
          slot,
          new ExtractionError(
            'extraction.too_large',
            `The file needs more memory to read than the ${limits.maxOldGenerationSizeMb} MB allowed.`,
          ),
        );
      } else {
        logger.error({ exitCode, signal, stderr: slot.stderrTail }, 'Extraction worker crashed');
        drop(
          slot,
          new ExtractionError('extraction.failed', 'The text could not be extracted (its worker stopped).', {
            cause: new Error(`Extraction worker exited with ${signal ?? `code ${exitCode}`}`),
          }),
        );
      }
    });
    setReferenced(slot, false);
    slots.push(slot);
    return slot;
  }

  /** Starts the workers kept ready (`keepReady`) that are not running. */
  function warmUp() {
    while (!closed && slots.length < Math.min(keepReady, size)) {
      const slot = spawnSlot();
      // Waiting for work does not keep this process alive.
      setReferenced(slot, false);
    }
  }

  function dispatch() {
    while (queue.length > 0 && !closed) {
      let slot = slots.find((candidate) => !candidate.task);
      if (!slot && slots.length < size) slot = spawnSlot();
      if (!slot) return;
      const task = queue.shift()!;
      const id = nextId++;
      const chosen = slot;
      const timer = setTimeout(() => {
        logger.warn({ taskTimeoutMs }, 'Extraction took too long: stopping its worker');
        // The task fails now; the worker, out of the pool, is killed (native code included).
        drop(
          chosen,
          new ExtractionError(
            'extraction.timeout',
            `Reading the file took longer than the ${formatDuration(taskTimeoutMs)} allowed.`,
          ),
        );
        stop(chosen);
      }, taskTimeoutMs);
      clearTimeout(chosen.idleTimer);
      chosen.task = { ...task, id, timer };
      setReferenced(chosen, true);
      chosen.worker.send({ id, ...task.request } satisfies ExtractionRequest, (error) => {
        // A worker that died meanwhile: its 'close' fails the task.
        if (error) stop(chosen);
      });
    }
  }

  return {
    /**
     * Reads a file in a worker: its text, and what `wants` asks for besides. Rejects with an
     * ExtractionError when the file cannot be read (see above), with a plain Error when the pool is
     * closed.
     */
    process(request: {
      kind: ExtractionKind;
      mimeType: string;
      data: Uint8Array;
      wants: ExtractionWants;
    }): Promise<ExtractionOutput> {
      if (closed) return Promise.reject(poolClosedError());
      if (request.data.byteLength > limits.maxFileBytes) {
        return Promise.reject(
          new ExtractionError(
            'extraction.too_large',
            `The file is too large to read (the limit is ${Math.round(limits.maxFileBytes / 1_000_000)} MB).`,
          ),
        );
      }
      return new Promise<ExtractionOutput>((resolve, reject) => {
        queue.push({ request, resolve, reject });
        dispatch();
      });
    },

    /** The text of a file alone (process without anything else). */
    async extract(request: { kind: ExtractionKind; mimeType: string; data: Uint8Array }): Promise<string> {
      return (await this.process({ ...request, wants: { thumbnail: false } })).text;
    },

    warmUp,

    /** The limits each extraction runs with (the options' `limits` over the defaults). */
    limits: Object.freeze({ ...limits }) as Readonly<ExtractionLimits>,

    /** Workers running now (busy or waiting for work). */
    get workerCount() {
      return slots.length;
    },

    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(poolClosedError());
      const running = [...slots];
      for (const slot of running) {
        clearTimeout(slot.idleTimer);
        // Referenced, so this process waits for the end it awaits.
        setReferenced(slot, true);
        stop(slot);
      }
      await Promise.all(running.map((slot) => slot.closed));
    },
  };
}

function formatDuration(milliseconds: number): string {
  if (milliseconds < 1_000) return `${milliseconds} ms`;
  const seconds = Math.round(milliseconds / 100) / 10;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

export type ExtractionPool = ReturnType<typeof createExtractionPool>;
