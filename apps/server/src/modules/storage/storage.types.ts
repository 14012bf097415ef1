import type { Readable } from 'node:stream';

/** An inclusive byte range, as in HTTP Range (`bytes=start-end`). */
export type ByteRange = { start: number; end: number };

/** A stored file as a listing sees it. */
export type StoredObject = { key: string; size: number; modifiedAt: Date };

/**
 * `durable` (default true): the file is on the disk when `save` resolves (fsynced, with its folder).
 * False for files made again from another one (a thumbnail, a preview): the rename still makes the
 * file appear whole, but a power cut may lose it, and with it only what a re-extraction makes again.
 * Drivers that store remotely (S3) are durable either way.
 */
export type SaveOptions = { durable?: boolean };

/**
 * Where document files live. Keys are `{organizationId}/{documentId}` (never a user-given name).
 * `save` consumes the stream completely or rejects, leaving nothing behind under the key.
 */
export type StorageDriver = {
  readonly name: 'filesystem' | 's3';
  save: (key: string, stream: Readable, options?: SaveOptions) => Promise<{ size: number }>;
  read: (key: string, range?: ByteRange) => Promise<Readable>;
  /** Removes the file; removing a missing file is not an error. */
  delete: (key: string) => Promise<void>;
  exists: (key: string) => Promise<boolean>;
  /** Removes every file whose key starts with `prefix/` (an organization's folder). */
  deletePrefix: (prefix: string) => Promise<void>;
  /**
   * Every stored file whose key matches the key pattern, page by page (the order is the driver's).
   * Temporary files of uploads in progress are not listed.
   */
  list: (options?: { pageSize?: number }) => AsyncIterable<StoredObject[]>;
  /**
   * Removes leftovers of interrupted uploads (temporary files, unfinished multipart uploads)
   * started before `olderThan`; answers how many were removed.
   */
  removeTemporaryOlderThan: (olderThan: Date) => Promise<number>;
};

export const KEY_PATTERN = /^[a-z0-9_]+(\/[a-z0-9_]+)*$/;

/**
 * Files made from a document's original and stored beside it, under the original's key with a
 * suffix (`{organizationId}/{documentId}_thumbnail`): removed with the original, never orphans of
 * their own.
 */
export const DERIVED_FILES = ['thumbnail', 'preview'] as const;
export type DerivedFile = (typeof DERIVED_FILES)[number];

export const derivedKeyOf = (originalKey: string, file: DerivedFile) => `${originalKey}_${file}`;

/** The original's key of a derived file's key; the key itself when it names an original. */
export function originalKeyOf(key: string): string {
  for (const file of DERIVED_FILES) {
    const suffix = `_${file}`;
    if (key.endsWith(suffix)) return key.slice(0, -suffix.length);
  }
  return key;
}

/** Keys are generated ids joined by slashes; anything else is refused so no key can escape the root. */
export function assertValidKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

export class StorageFileNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file for key ${key}`);
    this.name = 'StorageFileNotFoundError';
  }
}

/**
 * The disk (or the quota) is full. Raised by a driver's `save`, which then leaves nothing behind,
 * so the caller can answer 507 without touching anything else.
 */
export class StorageInsufficientSpaceError extends Error {
  constructor(
    readonly code: 'ENOSPC' | 'EDQUOT',
    options?: { cause?: unknown },
  ) {
    super(
      code === 'EDQUOT' ? 'The storage quota is exhausted' : 'No space left on the storage device',
      options,
    );
    this.name = 'StorageInsufficientSpaceError';
  }
}

/** Whether an error is the file system saying it is out of space (disk full, or quota reached). */
export function isOutOfSpaceError(error: unknown): error is Error & { code: 'ENOSPC' | 'EDQUOT' } {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
