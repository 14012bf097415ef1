import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateMultipartUploadCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { insertDocument } from '../../test/test-documents';
import { createFilesystemStorageDriver, FILESYSTEM_TEMP_DIR } from './storage.filesystem';
import { createS3StorageDriver } from './storage.s3';
import { createStorageSweep } from './storage.sweep';
import type { StorageDriver } from './storage.types';

const MINUTE = 60_000;
const ORGANIZATION_ID = 'org_sweep';

type DriverSetup = {
  name: string;
  setup: () => Promise<{
    driver: StorageDriver;
    /** Starts an upload that never finishes (a temporary file, or an unfinished multipart upload). */
    leaveTemporary: () => Promise<void>;
    teardown: () => Promise<void>;
  }>;
};

const setups: DriverSetup[] = [
  {
    name: 'filesystem',
    async setup() {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-sweep-fs-'));
      return {
        driver: createFilesystemStorageDriver({ root }),
        async leaveTemporary() {
          fs.mkdirSync(path.join(root, FILESYSTEM_TEMP_DIR), { recursive: true });
          fs.writeFileSync(path.join(root, FILESYSTEM_TEMP_DIR, 'cut-short.part'), 'half a file');
        },
        teardown: async () => fs.rmSync(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3 (s3rver on loopback)',
    async setup() {
      const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-sweep-s3-'));
      const server = new S3rver({
        address: '127.0.0.1',
        port: 0,
        directory,
        silent: true,
        configureBuckets: [{ name: 'sheaf-sweep' }],
      });
      const { port } = await server.run();
      const options = {
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        bucket: 'sheaf-sweep',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      };
      const client = new S3Client({
        endpoint: options.endpoint,
        region: options.region,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      return {
        driver: createS3StorageDriver(options),
        async leaveTemporary() {
          await client.send(
            new CreateMultipartUploadCommand({ Bucket: options.bucket, Key: 'org_sweep/doc_cut' }),
          );
        },
        teardown: async () => {
          client.destroy();
          await server.close();
          fs.rmSync(directory, { recursive: true, force: true });
        },
      };
    },
  },
];

const listKeys = async (driver: StorageDriver) => {
  const keys: string[] = [];
  for await (const page of driver.list()) keys.push(...page.map(({ key }) => key));
  return keys.sort();
};

describe.each(testDialects)('the orphan sweep on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);

  beforeAll(async () => {
    const now = new Date().toISOString();
    await testDatabase.db
      .insertInto('organizations')
      .values({
        id: ORGANIZATION_ID,
        name: 'Sweep',
        created_at: now,
        updated_at: now,
        requires_two_factor: 0,
      })
      .execute();
  });

  const insertDocumentRow = (id: string, key: string) =>
    insertDocument(testDatabase.db, { id, organizationId: ORGANIZATION_ID, size: 4, storageKey: key });

  describe.each(setups)('with the $name driver', ({ setup }) => {
    let driver: StorageDriver;
    let leaveTemporary: () => Promise<void>;
    let teardown: () => Promise<void>;
    beforeAll(async () => {
      ({ driver, leaveTemporary, teardown } = await setup());
    });
    afterAll(async () => {
      await teardown?.();
    });

    it('removes orphans past the grace period and keeps files that have a document row', async () => {
      const suffix = driver.name;
      const present = `${ORGANIZATION_ID}/doc_present_${suffix}`;
      const trashed = `${ORGANIZATION_ID}/doc_trashed_${suffix}`;
      const orphan = `${ORGANIZATION_ID}/doc_orphan_${suffix}`;
      for (const key of [present, trashed, orphan]) await driver.save(key, Readable.from([Buffer.from(key)]));
      await insertDocumentRow(`doc_present_${suffix}`, present);
      await insertDocumentRow(`doc_trashed_${suffix}`, trashed);
      await testDatabase.db
        .updateTable('documents')
        .set({ is_deleted: 1 })
        .where('id', '=', `doc_trashed_${suffix}`)
        .execute();
      await leaveTemporary();

      const clock = createTestClock(new Date());
      const sweep = createStorageSweep({
        database: testDatabase.database,
        storage: driver,
        clock,
        graceMinutes: 60,
        logger: silentLogger,
      });
      // Within the grace period, an orphan may still be an upload whose row is about to commit.
      expect(await sweep.sweep()).toEqual({ temporaryRemoved: 0, orphansRemoved: [] });
      expect(await listKeys(driver)).toEqual([orphan, present, trashed].sort());

      clock.advance(61 * MINUTE);
      const result = await sweep.sweep();
      expect(result.orphansRemoved).toEqual([orphan]);
      // s3rver does not list multipart uploads; the driver then leaves them to bucket lifecycle rules.
      if (driver.name === 'filesystem') expect(result.temporaryRemoved).toBe(1);
      expect(await listKeys(driver)).toEqual([present, trashed].sort());
      expect(await driver.exists(orphan)).toBe(false);
      expect(await driver.exists(present)).toBe(true);
    });

    it('keeps a fresh orphan, then removes it once it is older than the grace period', async () => {
      const orphan = `${ORGANIZATION_ID}/doc_fresh_${driver.name}`;
      await driver.save(orphan, Readable.from([Buffer.from('fresh')]));
      const clock = createTestClock(new Date());
      const sweep = createStorageSweep({
        database: testDatabase.database,
        storage: driver,
        clock,
        graceMinutes: 60,
        logger: silentLogger,
      });
      clock.advance(59 * MINUTE);
      expect((await sweep.sweep()).orphansRemoved).toEqual([]);
      expect(await driver.exists(orphan)).toBe(true);
      clock.advance(2 * MINUTE);
      expect((await sweep.sweep()).orphansRemoved).toEqual([orphan]);
    });

    it('lists every stored file across pages', async () => {
      const keys = Array.from({ length: 7 }, (_, index) => `org_pages/doc_${index}`);
      for (const key of keys) await driver.save(key, Readable.from([Buffer.from(key)]));
      const pages: number[] = [];
      const listed: string[] = [];
      for await (const page of driver.list({ pageSize: 3 })) {
        pages.push(page.length);
        listed.push(...page.map(({ key }) => key));
      }
      expect(listed.filter((key) => key.startsWith('org_pages/')).sort()).toEqual(keys);
      expect(Math.max(...pages)).toBeLessThanOrEqual(3);
      await driver.deletePrefix('org_pages');
    });
  });
});
