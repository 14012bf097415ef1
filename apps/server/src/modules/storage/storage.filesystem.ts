import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  type ByteRange,
  type StorageDriver,
  StorageFileNotFoundError,
} from './storage.types';

const TEMP_DIR = '.tmp';

/**
 * Files under a root folder at `{root}/{key}`. A file is written to a temporary file first and
 * renamed into place once complete, so a reader never sees half a file.
 */
export function createFilesystemStorageDriver({ root }: { root: string }): StorageDriver {
  const resolvedRoot = path.resolve(root);
  const pathOf = (key: string) => path.join(resolvedRoot, ...assertValidKey(key).split('/'));

  return {
    name: 'filesystem',

    async save(key, stream: Readable) {
      const target = pathOf(key);
      const tempDir = path.join(resolvedRoot, TEMP_DIR);
      await fs.promises.mkdir(tempDir, { recursive: true });
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const tempFile = path.join(tempDir, `${randomUUID()}.part`);
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      try {
        await pipeline(stream, fs.createWriteStream(tempFile, { flags: 'wx', mode: 0o600 }));
        await fs.promises.rename(tempFile, target);
      } catch (error) {
        await fs.promises.rm(tempFile, { force: true });
        throw error;
      }
      return { size };
    },

    async read(key, range?: ByteRange) {
      const file = pathOf(key);
      try {
        await fs.promises.access(file, fs.constants.R_OK);
      } catch {
        throw new StorageFileNotFoundError(key);
      }
      return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
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
      await fs.promises.rm(pathOf(prefix), { recursive: true, force: true });
    },
  };
}
