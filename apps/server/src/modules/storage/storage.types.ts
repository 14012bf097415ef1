import type { Readable } from 'node:stream';

/** An inclusive byte range, as in HTTP Range (`bytes=start-end`). */
export type ByteRange = { start: number; end: number };

/**
 * Where document files live. Keys are `{organizationId}/{documentId}` (never a user-given name).
 * `save` consumes the stream completely or rejects, leaving nothing behind under the key.
 */
export type StorageDriver = {
  readonly name: 'filesystem' | 's3';
  save: (key: string, stream: Readable) => Promise<{ size: number }>;
  read: (key: string, range?: ByteRange) => Promise<Readable>;
  /** Removes the file; removing a missing file is not an error. */
  delete: (key: string) => Promise<void>;
  exists: (key: string) => Promise<boolean>;
  /** Removes every file whose key starts with `prefix/` (an organization's folder). */
  deletePrefix: (prefix: string) => Promise<void>;
};

const KEY_PATTERN = /^[a-z0-9_]+(\/[a-z0-9_]+)*$/;

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
