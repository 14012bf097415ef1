import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  type ByteRange,
  isOutOfSpaceError,
  type SaveOptions,
  type StorageDriver,
  StorageFileNotFoundError,
  StorageInsufficientSpaceError,
  type StoredObject,
} from './storage.types';

/** Inside the root, so renaming a finished file into place never crosses file systems (atomic). */
export const FILESYSTEM_TEMP_DIR = '.tmp';
const TEMP_SUFFIX = '.part';
const KEY_SEGMENT = /^[a-z0-9_]+$/;

/** Flushes a directory's entries (a created or renamed file's name) to the disk. */
async function syncDirectory(directory: string) {
  const handle = await fs.promises.open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Files under a root folder at `{root}/{key}`. A file is written to a temporary file first and
 * renamed into place once complete, so a reader never sees half a file; the file and then its
 * folder are fsynced before `save` resolves, so a document row committed after it never points
 * at a file a power cut would lose (unless the file is not `durable`: a thumbnail, about 7 ms
 * of fsyncs on the extraction's path for a file made again from the original).
 */
export function createFilesystemStorageDriver({ root }: { root: string }): StorageDriver {
  const resolvedRoot = path.resolve(root);
  const tempDir = path.join(resolvedRoot, FILESYSTEM_TEMP_DIR);
  const pathOf = (key: string) => path.join(resolvedRoot, ...assertValidKey(key).split('/'));

  // Folders known to exist: one mkdir per organization rather than two per upload. Forgotten
  // when a prefix is deleted; one removed behind our back fails a save once (ENOENT) and is made
  // again by the next.
  const knownDirectories = new Set<string>();

  /** Creates a folder; when it is new, its parent is synced too so the folder survives a crash. */
  async function ensureDirectory(directory: string) {
    if (knownDirectories.has(directory)) return;
    const created = await fs.promises.mkdir(directory, { recursive: true });
    if (created !== undefined) await syncDirectory(path.dirname(created));
    knownDirectories.add(directory);
  }

  async function* walk(directory: string, prefix: string): AsyncGenerator<StoredObject> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(directory, { withFileTypes: true });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      // Skips the temporary folder and anything no key could name.
      if (!KEY_SEGMENT.test(entry.name)) continue;
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        yield* walk(full, key);
      } else if (entry.isFile() && prefix) {
        // A file removed since the folder was read is simply not listed.
        const stats = await fs.promises.stat(full).catch(() => undefined);
        if (stats) yield { key, size: stats.size, modifiedAt: stats.mtime };
      }
    }
  }

  return {
    name: 'filesystem',

    async save(key, stream: Readable, { durable = true }: SaveOptions = {}) {
      const target = pathOf(key);
      const tempFile = path.join(tempDir, `${randomUUID()}${TEMP_SUFFIX}`);
      let size = 0;
      try {
        await ensureDirectory(tempDir);
        await ensureDirectory(path.dirname(target));
        // Only now: a 'data' listener starts the flow, and nothing may be read before the pipe.
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        // `flush`: the file's data is fsynced before the stream closes, so before the rename.
        await pipeline(stream, fs.createWriteStream(tempFile, { flags: 'wx', mode: 0o600, flush: durable }));
        await fs.promises.rename(tempFile, target);
        if (durable) await syncDirectory(path.dirname(target));
      } catch (error) {
        await fs.promises.rm(tempFile, { force: true });
        if ((error as { code?: unknown }).code === 'ENOENT') {
          knownDirectories.delete(tempDir);
          knownDirectories.delete(path.dirname(target));
        }
        if (isOutOfSpaceError(error)) {
          throw new StorageInsufficientSpaceError(error.code, { cause: error });
        }
        throw error;
      }
      return { size };
    },

    async read(key, range?: ByteRange) {
      // Opened here, so a missing file is told apart before the stream is handed out.
      const file = pathOf(key);
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(file, 'r');
      } catch {
        throw new StorageFileNotFoundError(key);
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async delete(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },

    async exists(key) {
      try {
        return (await fs.promises.stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },

    async deletePrefix(prefix) {
      const folder = pathOf(prefix);
      for (const directory of knownDirectories) {
        if (directory === folder || directory.startsWith(`${folder}${path.sep}`))
          knownDirectories.delete(directory);
      }
      await fs.promises.rm(folder, { recursive: true, force: true });
    },

    async *list({ pageSize = 1000 } = {}) {
      let page: StoredObject[] = [];
      for await (const object of walk(resolvedRoot, '')) {
        page.push(object);
        if (page.length >= pageSize) {
          yield page;
          page = [];
        }
      }
      if (page.length > 0) yield page;
    },

    async removeTemporaryOlderThan(olderThan) {
      let names: string[];
      try {
        names = await fs.promises.readdir(tempDir);
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ENOENT') return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        if (!name.endsWith(TEMP_SUFFIX)) continue;
        const file = path.join(tempDir, name);
        const stats = await fs.promises.stat(file).catch(() => undefined);
        if (!stats?.isFile() || stats.mtime >= olderThan) continue;
        await fs.promises.rm(file, { force: true });
        removed++;
      }
      return removed;
    },
  };
}
