import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readError } from '../../test/http';
import { createTestServer } from '../../test/test-app';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server';
import {
  createOrganization,
  createUser,
  organizationsTestEnv,
  type TestServer,
  type TestUser,
} from '../organizations/organizations.test-helpers';
import { createFilesystemStorageDriver } from '../storage/storage.filesystem';
import type { StorageDriver } from '../storage/storage.types';
import { uploadFile } from './documents.test-helpers';

const KB = 1024;

const mountTmpfs = (directory: string, size: string) =>
  spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', directory]).status === 0;
const unmount = (directory: string) => spawnSync('umount', [directory]);

/** Whether this machine lets us mount a small tmpfs (root in a VM does; a container often does not). */
const canMountTmpfs = (() => {
  if (process.platform !== 'linux') return false;
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-tmpfs-probe-'));
  const mounted = mountTmpfs(probe, '64k');
  if (mounted) unmount(probe);
  fs.rmSync(probe, { recursive: true, force: true });
  return mounted;
})();

/** A filesystem driver whose writes fail with ENOSPC past `room` bytes, as a full disk would. */
function diskFullAfter(driver: StorageDriver, room: number): StorageDriver {
  return {
    ...driver,
    save(key, stream: Readable) {
      let written = 0;
      const disk = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          written += chunk.length;
          if (written <= room) return callback(null, chunk);
          callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
        },
      });
      stream.on('error', (error) => disk.destroy(error));
      // It may fail before the driver has piped it anywhere; the driver's pipeline reports it.
      disk.on('error', () => {});
      return driver.save(key, stream.pipe(disk));
    },
  };
}

type FullDisk = {
  name: string;
  setup: () => { root: string; storage?: StorageDriver; teardown: () => void };
};

const fullDisks: FullDisk[] = [
  {
    name: 'a storage layer failing with ENOSPC',
    setup() {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-full-injected-'));
      return {
        root,
        storage: diskFullAfter(createFilesystemStorageDriver({ root }), 256 * KB),
        teardown: () => fs.rmSync(root, { recursive: true, force: true }),
      };
    },
  },
];
if (canMountTmpfs) {
  fullDisks.push({
    name: 'a full 1 MB tmpfs',
    setup() {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-full-tmpfs-'));
      if (!mountTmpfs(root, '1m')) throw new Error(`Could not mount a tmpfs on ${root}`);
      return {
        root,
        teardown: () => {
          unmount(root);
          fs.rmSync(root, { recursive: true, force: true });
        },
      };
    },
  });
} else {
  console.info('[storage-full] mounting a tmpfs is not permitted here: only the injected ENOSPC runs');
}

/** Every file under `root`, temporary upload files included. */
const filesUnder = (root: string) =>
  (fs.readdirSync(root, { recursive: true }) as string[]).filter((entry) =>
    fs.statSync(path.join(root, entry)).isFile(),
  );

describe.each(testDialects)('uploads onto a full disk on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  let smtp: TestSmtpServer;
  let owner: TestUser;
  let organizationId: string;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  describe.each(fullDisks)('with $name', ({ name, setup }) => {
    let server: TestServer;
    let root: string;
    let teardown: () => void;
    beforeAll(async () => {
      const disk = setup();
      ({ root, teardown } = disk);
      server = createTestServer({
        database: testDatabase.database,
        env: organizationsTestEnv(smtp, { DOCUMENTS_STORAGE_FILESYSTEM_ROOT: root }),
        ...(disk.storage ? { storage: disk.storage } : {}),
      });
      owner ??= await createUser(server, smtp, `full-disk-${dialect}@example.com`);
      organizationId ??= (await createOrganization(server, owner, 'Full disk')).id;
    });
    afterAll(async () => {
      await server?.services.extractionPool.close();
      teardown?.();
    });

    it('answers 507 storage.insufficient_space, removes the partial file and keeps answering', async () => {
      const before = filesUnder(root);
      const response = await uploadFile(server, { cookie: owner.cookie }, organizationId, {
        name: 'too-big.bin',
        data: Buffer.alloc(2 * 1024 * KB, 0x5a),
      });
      expect(response.status).toBe(507);
      const { error } = await readError(response);
      expect(error.code).toBe('storage.insufficient_space');
      expect(error.message).toMatch(/no storage space left/i);
      // No partial file, neither under its key nor in the temporary folder.
      expect(filesUnder(root)).toEqual(before);

      const small = await uploadFile(server, { cookie: owner.cookie }, organizationId, {
        name: 'small.txt',
        data: `still room for this (${name})`,
      });
      expect(small.status).toBe(201);
      const health = await server.app.request('/api/health');
      expect(health.status).toBe(200);
    });
  });
});
