import type { DocumentListItemDto } from '@sheaf/contracts/documents';

export type ImportStatus = 'pending' | 'uploading' | 'success' | 'error';

export type ImportItem = {
  id: string;
  file: File;
  status: ImportStatus;
  /** Set on success. */
  document?: DocumentListItemDto;
  /** Set on failure: an API error, or an `ImportRejection` from the checks made before sending. */
  error?: unknown;
};

/** A file refused before it is sent (spec §5: too large for the plan). */
export class ImportRejection extends Error {
  constructor(readonly code: 'document.size_too_large') {
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
};

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
}: CreateImportQueueOptions): ImportQueue {
  let items: readonly ImportItem[] = [];
  const listeners = new Set<() => void>();
  const controllers = new Map<string, AbortController>();
  let sequence = 0;

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
    update(item.id, { status: 'uploading' });
    try {
      const document = await upload(item.file, controller.signal);
      if (update(item.id, { status: 'success', document })) {
        onUploaded?.(document);
      }
    } catch (error) {
      if (!controller.signal.aborted) {
        update(item.id, { status: 'error', error });
      }
    } finally {
      controllers.delete(item.id);
      pump();
    }
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
