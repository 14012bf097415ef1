import type { DocumentListItemDto } from '@sheaf/contracts/documents';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/http/api-error';
import { createImportQueue, ImportRejection, summarizeImports } from './import-queue';

function documentFor(file: File): DocumentListItemDto {
  return {
    id: `doc_${file.name}`,
    organizationId: 'org_1',
    name: file.name,
    originalName: file.name,
    originalSize: file.size,
    originalSha256: 'x',
    mimeType: file.type,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: null,
    deletedAt: null,
    deletedBy: null,
    isDeleted: false,
    scheduledPurgeAt: null,
    thumbnailVersion: null,
    extractionStatus: 'pending',
    extractionError: null,
    tags: [],
    documentDate: null,
    documentDateIsDetected: false,
    properties: [],
    notesCount: 0,
  };
}

function deferredUploads() {
  const pending = new Map<
    string,
    { resolve: () => void; reject: (error: unknown) => void; signal: AbortSignal }
  >();
  const upload = vi.fn(
    (file: File, signal: AbortSignal) =>
      new Promise<DocumentListItemDto>((resolve, reject) => {
        pending.set(file.name, { resolve: () => resolve(documentFor(file)), reject, signal });
      }),
  );
  return { upload, pending };
}

const pdf = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const rateLimited = (retryAfterSeconds?: number) =>
  new ApiError({
    status: 429,
    statusText: 'Too Many Requests',
    data: { error: { code: 'api.rate_limited', message: 'Too many requests.' } },
    url: '/api/organizations/org_1/documents',
    retryAfter: retryAfterSeconds === undefined ? null : String(retryAfterSeconds),
  });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createImportQueue', () => {
  it('uploads at most the given number of files at once, in the order they were added', async () => {
    const { upload, pending } = deferredUploads();
    const queue = createImportQueue({ upload, concurrency: 2 });
    queue.add([pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')]);

    expect(queue.getSnapshot().map((item) => item.status)).toEqual(['uploading', 'uploading', 'pending']);
    expect(upload).toHaveBeenCalledTimes(2);

    pending.get('a.pdf')?.resolve();
    await flush();
    expect(queue.getSnapshot().map((item) => item.status)).toEqual(['success', 'uploading', 'uploading']);
    expect(upload).toHaveBeenCalledTimes(3);
  });

  it('keeps the stored document of a success and reports it', async () => {
    const { upload, pending } = deferredUploads();
    const onUploaded = vi.fn();
    const queue = createImportQueue({ upload, onUploaded });
    queue.add([pdf('a.pdf')]);
    pending.get('a.pdf')?.resolve();
    await flush();

    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'success', document: { id: 'doc_a.pdf' } });
    expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ id: 'doc_a.pdf' }));
  });

  it('marks a failed upload with its error and goes on with the next file', async () => {
    const { upload, pending } = deferredUploads();
    const queue = createImportQueue({ upload, concurrency: 1 });
    queue.add([pdf('a.pdf'), pdf('b.pdf')]);
    const failure = new Error('boom');
    pending.get('a.pdf')?.reject(failure);
    await flush();

    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'error', error: failure });
    expect(queue.getSnapshot()[1]?.status).toBe('uploading');
  });

  it('fails a file refused by the checks without sending it', () => {
    const { upload } = deferredUploads();
    const queue = createImportQueue({
      upload,
      check: (file) => (file.size > 5 ? new ImportRejection('document.size_too_large') : undefined),
    });
    queue.add([pdf('big.pdf', 6), pdf('small.pdf', 5)]);

    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'error', error: expect.any(ImportRejection) });
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]?.[0].name).toBe('small.pdf');
  });

  it('cancels unfinished uploads and empties the list when cleared', async () => {
    const { upload, pending } = deferredUploads();
    const onUploaded = vi.fn();
    const queue = createImportQueue({ upload, onUploaded, concurrency: 1 });
    queue.add([pdf('a.pdf'), pdf('b.pdf')]);
    const signal = pending.get('a.pdf')?.signal;

    queue.clear();
    expect(queue.getSnapshot()).toEqual([]);
    expect(signal?.aborted).toBe(true);

    pending.get('a.pdf')?.resolve();
    await flush();
    expect(queue.getSnapshot()).toEqual([]);
    expect(onUploaded).not.toHaveBeenCalled();
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('waits what a 429 says, sends nothing meanwhile, then sends the same file again', async () => {
    vi.useFakeTimers();
    try {
      const { upload, pending } = deferredUploads();
      const queue = createImportQueue({ upload, concurrency: 1 });
      queue.add([pdf('a.pdf'), pdf('b.pdf')]);
      pending.get('a.pdf')?.reject(rateLimited(3));
      await vi.advanceTimersByTimeAsync(0);

      expect(queue.getSnapshot().map(({ status, isDeferred }) => [status, isDeferred])).toEqual([
        ['pending', true],
        ['pending', undefined],
      ]);
      await vi.advanceTimersByTimeAsync(2_900);
      expect(upload).toHaveBeenCalledTimes(1);

      await vi.advanceTimersByTimeAsync(100);
      expect(upload).toHaveBeenCalledTimes(2);
      expect(upload.mock.calls[1]?.[0].name).toBe('a.pdf');
      expect(queue.getSnapshot()[0]).toMatchObject({ status: 'uploading', isDeferred: false });
      pending.get('a.pdf')?.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(queue.getSnapshot().map((item) => item.status)).toEqual(['success', 'uploading']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits a few seconds on a 429 without Retry-After, and fails an item on other errors', async () => {
    vi.useFakeTimers();
    try {
      const { upload, pending } = deferredUploads();
      const queue = createImportQueue({ upload, concurrency: 2 });
      queue.add([pdf('a.pdf'), pdf('b.pdf')]);
      pending.get('a.pdf')?.reject(rateLimited());
      pending
        .get('b.pdf')
        ?.reject(new ApiError({ status: 413, statusText: '', data: undefined, url: '/x', retryAfter: '1' }));
      await vi.advanceTimersByTimeAsync(0);
      expect(queue.getSnapshot().map((item) => item.status)).toEqual(['pending', 'error']);
      await vi.advanceTimersByTimeAsync(4_999);
      expect(upload).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(upload).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('cancels a pending resume when cleared', async () => {
    vi.useFakeTimers();
    try {
      const { upload, pending } = deferredUploads();
      const queue = createImportQueue({ upload });
      queue.add([pdf('a.pdf')]);
      pending.get('a.pdf')?.reject(rateLimited(1));
      await vi.advanceTimersByTimeAsync(0);
      queue.clear();
      queue.add([pdf('b.pdf')]);
      // A cleared queue starts afresh: nothing left to wait for.
      expect(upload).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(upload.mock.calls.map(([file]) => file.name)).toEqual(['a.pdf', 'b.pdf']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('notifies subscribers of every change', () => {
    const { upload } = deferredUploads();
    const queue = createImportQueue({ upload });
    const listener = vi.fn();
    const unsubscribe = queue.subscribe(listener);
    queue.add([pdf('a.pdf')]);
    expect(listener).toHaveBeenCalled();
    unsubscribe();
    listener.mockClear();
    queue.clear();
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('summarizeImports', () => {
  it('counts finished, succeeded and failed files', () => {
    const file = pdf('a.pdf');
    const summary = summarizeImports([
      { id: '1', file, status: 'success' },
      { id: '2', file, status: 'error' },
      { id: '3', file, status: 'uploading' },
    ]);
    expect(summary).toEqual({ total: 3, done: 2, succeeded: 1, failed: 1, isRunning: true });
  });
});
