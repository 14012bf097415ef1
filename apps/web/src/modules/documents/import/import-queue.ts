import type { DocumentListItemDto } from '@sheaf/contracts/documents';
import { isApiError } from '../../../shared/http/api-error';

/**
 * Whether an upload's 400 is about the file itself (the server answers `api.validation_error` with a
 * detail on the `file` field, e.g. an empty file), rather than a generic invalid request.
 */
export function isRejectedFileAnswer(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 400 || error.code !== 'api.validation_error') return false;
  const body = error.data as { error?: { details?: unknown } } | undefined;
  const details = body?.error?.details;
  return (
    Array.isArray(details) &&
    details.some((detail) => typeof detail === 'object' && detail !== null && detail.path === 'file')
  );
}

export type ImportStatus = 'pending' | 'uploading' | 'success' | 'error';

export type ImportItem = {
  id: string;
  file: File;
  status: ImportStatus;
  /** Set on success. */
  document?: DocumentListItemDto;
  /** Set on failure: an API error, or an `ImportRejection` from the checks made before sending. */
  error?: unknown;
  /** Pending again because the server asked the queue to slow down (429); it resumes by itself. */
  isDeferred?: boolean;
};

/** A file refused before it is sent (spec §5: too large for the plan; or empty, which the server refuses). */
export class ImportRejection extends Error {
  constructor(readonly code: 'document.size_too_large' | 'document.empty_file') {
    super(code);
    this.name = 'ImportRejection';
  }
}

export type ImportQueue = {
  add: (files: readonly File[]) => void;
  /** Cancels what has not finished and empties the list. */
  clear: () => void;
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => readonly ImportItem[];
};

type CreateImportQueueOptions = {
  upload: (file: File, signal: AbortSignal) => Promise<DocumentListItemDto>;
  /** Checks made before sending; a rejection marks the item failed without a request. */
  check?: (file: File) => ImportRejection | undefined;
  onUploaded?: (document: DocumentListItemDto) => void;
  /** How many uploads run at once. */
  concurrency?: number;
  /**
   * For a failure that means "not now" rather than "no", the milliseconds to wait before sending the file
   * again; undefined fails the item. Defaults to the server's rate limit (429 and its Retry-After).
   */
  retryDelayMs?: (error: unknown) => number | undefined;
};

/** When the server's `Retry-After` is missing, how long a rate-limited queue waits. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 5_000;

/** A 429 is the server asking to slow down: wait what it says (or a few seconds), then send again. */
export function rateLimitRetryDelayMs(error: unknown): number | undefined {
  if (!isApiError(error) || error.status !== 429) return undefined;
  return error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : DEFAULT_RATE_LIMIT_WAIT_MS;
}

/**
 * The import list behind the progress panel: files go pending → uploading → success or error, a few at a
 * time, in the order they were added. Framework-free so it can be tested alone and read with
 * `useSyncExternalStore`.
 */
export function createImportQueue({
  upload,
  check,
  onUploaded,
  concurrency = 3,
  retryDelayMs = rateLimitRetryDelayMs,
}: CreateImportQueueOptions): ImportQueue {
  let items: readonly ImportItem[] = [];
  const listeners = new Set<() => void>();
  const controllers = new Map<string, AbortController>();
  let sequence = 0;
  // While the server asks to slow down, nothing new is sent; one timer resumes the queue.
  let resumeTimer: ReturnType<typeof setTimeout> | undefined;

  const emit = () => {
    for (const listener of listeners) listener();
  };

  const update = (id: string, changes: Partial<ImportItem>) => {
    if (!items.some((item) => item.id === id)) {
      return false;
    }
    items = items.map((item) => (item.id === id ? { ...item, ...changes } : item));
    emit();
    return true;
  };

  const pump = () => {
    if (resumeTimer !== undefined) return;
    let running = items.filter((item) => item.status === 'uploading').length;
    for (const item of items) {
      if (running >= concurrency) break;
      if (item.status !== 'pending') continue;
      running += 1;
      void run(item);
    }
  };

  const run = async (item: ImportItem) => {
    const controller = new AbortController();
    controllers.set(item.id, controller);
    update(item.id, { status: 'uploading', isDeferred: false });
    try {
      const document = await upload(item.file, controller.signal);
      if (update(item.id, { status: 'success', document })) {
        onUploaded?.(document);
      }
    } catch (error) {
      if (!controller.signal.aborted) {
        const delayMs = retryDelayMs(error);
        if (delayMs === undefined) {
          update(item.id, { status: 'error', error });
        } else {
          update(item.id, { status: 'pending', isDeferred: true });
          pauseFor(delayMs);
        }
      }
    } finally {
      controllers.delete(item.id);
      pump();
    }
  };

  const pauseFor = (delayMs: number) => {
    if (resumeTimer !== undefined) clearTimeout(resumeTimer);
    resumeTimer = setTimeout(() => {
      resumeTimer = undefined;
      pump();
    }, delayMs);
  };

  return {
    add: (files) => {
      const added = files.map((file): ImportItem => {
        sequence += 1;
        const id = `import-${sequence}`;
        const rejection = check?.(file);
        return rejection ? { id, file, status: 'error', error: rejection } : { id, file, status: 'pending' };
      });
      if (added.length === 0) return;
      items = [...items, ...added];
      emit();
      pump();
    },
    clear: () => {
      if (resumeTimer !== undefined) clearTimeout(resumeTimer);
      resumeTimer = undefined;
      for (const controller of controllers.values()) controller.abort();
      controllers.clear();
      items = [];
      emit();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => items,
  };
}

export type ImportSummary = {
  total: number;
  done: number;
  succeeded: number;
  failed: number;
  isRunning: boolean;
};

export function summarizeImports(items: readonly ImportItem[]): ImportSummary {
  const succeeded = items.filter((item) => item.status === 'success').length;
  const failed = items.filter((item) => item.status === 'error').length;
  return {
    total: items.length,
    done: succeeded + failed,
    succeeded,
    failed,
    isRunning: succeeded + failed < items.length,
  };
}
