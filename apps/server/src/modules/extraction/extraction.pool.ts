import { Worker } from 'node:worker_threads';
import type { Logger } from '../../shared/logger';
import type { OcrOptions } from './extraction.engine';
import type { ExtractionKind } from './extraction.models';
import type { ExtractionReply, ExtractionRequest } from './extraction.worker';

type Task = {
  request: Omit<ExtractionRequest, 'id'>;
  resolve: (text: string) => void;
  reject: (error: Error) => void;
};

type Slot = {
  worker: Worker;
  task?: Task & { id: number; timer: NodeJS.Timeout };
  /** Stops the worker once it has had nothing to do for the idle timeout. */
  idleTimer?: NodeJS.Timeout;
};

/**
 * Starts a worker thread on the extraction entry: the file esbuild writes beside the bundle
 * (dist/extraction.worker.js) in production, or the TypeScript source through tsx when running
 * from source (tests, `npm run dev`).
 */
function startWorker(workerData: unknown): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./extraction.worker.js', here), { workerData });
  const source = new URL('./extraction.worker.ts', here).href;
  const code = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(code, { eval: true, workerData });
}

/**
 * A small pool of extraction worker threads, started when there is work. Each runs one extraction
 * at a time; a worker that crashes or exceeds the time limit is replaced, and its task fails (the
 * document keeps empty content). A worker idle for `idleTimeoutMs` is stopped: with pdf.js and an
 * OCR engine loaded each holds a hundred megabytes or more, which an archive at rest should not.
 */
export function createExtractionPool({
  size,
  ocr,
  taskTimeoutMs = 10 * 60 * 1000,
  idleTimeoutMs = 60 * 1000,
  logger,
}: {
  size: number;
  ocr: OcrOptions;
  taskTimeoutMs?: number;
  idleTimeoutMs?: number;
  logger: Logger;
}) {
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;

  function spawnSlot(): Slot {
    const worker = startWorker({ ocr });
    const slot: Slot = { worker };
    worker.on('message', (reply: ExtractionReply) => {
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      clearTimeout(task.timer);
      slot.task = undefined;
      // An idle worker does not keep the process alive.
      slot.worker.unref();
      if ('error' in reply) task.reject(new Error(reply.error));
      else task.resolve(reply.text);
      dispatch();
      if (!slot.task) {
        slot.idleTimer = setTimeout(() => {
          // Out of the pool first, so no task is handed to a worker on its way out.
          const index = slots.indexOf(slot);
          if (index >= 0) slots.splice(index, 1);
          void slot.worker.terminate();
        }, idleTimeoutMs);
        slot.idleTimer.unref();
      }
    });
    const onGone = (error?: Error) => {
      clearTimeout(slot.idleTimer);
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      const task = slot.task;
      if (task) {
        clearTimeout(task.timer);
        slot.task = undefined;
        task.reject(error ?? new Error('The extraction worker stopped'));
      }
      if (!closed) dispatch();
    };
    worker.on('error', (error) => {
      logger.error({ err: error }, 'Extraction worker crashed');
      onGone(error);
    });
    worker.on('exit', () => onGone());
    worker.unref();
    slots.push(slot);
    return slot;
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
        void chosen.worker.terminate();
      }, taskTimeoutMs);
      clearTimeout(chosen.idleTimer);
      chosen.task = { ...task, id, timer };
      chosen.worker.ref();
      // Transfer the bytes instead of copying them; a view on a shared buffer is copied first.
      const { data } = task.request;
      const whole = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data : data.slice();
      chosen.worker.postMessage({ id, ...task.request, data: whole } satisfies ExtractionRequest, [
        whole.buffer as ArrayBuffer,
      ]);
    }
  }

  return {
    /** Extracts the text of a file in a worker thread. `data` is transferred (unusable afterwards). */
    extract(request: { kind: ExtractionKind; mimeType: string; data: Uint8Array }): Promise<string> {
      if (closed) return Promise.reject(new Error('The extraction pool is closed'));
      return new Promise<string>((resolve, reject) => {
        queue.push({ request, resolve, reject });
        dispatch();
      });
    },

    /** Worker threads running now (busy or waiting for work). */
    get workerCount() {
      return slots.length;
    },

    async close() {
      closed = true;
      for (const slot of slots) clearTimeout(slot.idleTimer);
      for (const task of queue.splice(0)) task.reject(new Error('The extraction pool is closed'));
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}

export type ExtractionPool = ReturnType<typeof createExtractionPool>;
