import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesystemStorageDriver } from './storage.filesystem';
import { createS3StorageDriver } from './storage.s3';
import type { StorageDriver } from './storage.types';

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

/** A stream of `data` cut in small chunks, as an upload arrives. */
const chunked = (data: Buffer, size = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let offset = 0; offset < data.length; offset += size) yield data.subarray(offset, offset + size);
    })(),
  );

const failingAfter = (data: Buffer) =>
  new Readable({
    read() {
      this.push(data);
      this.destroy(new Error('client went away'));
    },
  });

type DriverSetup = {
  name: string;
  setup: () => Promise<{ driver: StorageDriver; teardown: () => Promise<void> }>;
};

const setups: DriverSetup[] = [
  {
    name: 'filesystem',
    async setup() {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-storage-fs-'));
      return {
        driver: createFilesystemStorageDriver({ root }),
        teardown: async () => fs.rmSync(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3 (s3rver on loopback)',
    async setup() {
      const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-storage-s3-'));
      const server = new S3rver({
        address: '127.0.0.1',
        port: 0,
        directory,
        silent: true,
        configureBuckets: [{ name: 'sheaf-test' }],
      });
      const { port } = await server.run();
      return {
        driver: createS3StorageDriver({
          endpoint: `http://127.0.0.1:${port}`,
          region: 'us-east-1',
          bucket: 'sheaf-test',
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          forcePathStyle: true,
        }),
        teardown: async () => {
          await server.close();
          fs.rmSync(directory, { recursive: true, force: true });
        },
      };
    },
  },
];

describe.each(setups)('the $name storage driver', ({ setup }) => {
  let driver: StorageDriver;
  let teardown: () => Promise<void>;
  beforeAll(async () => {
    ({ driver, teardown } = await setup());
  });
  afterAll(async () => {
    await teardown?.();
  });

  it('saves a stream and reads it back byte for byte', async () => {
    const data = randomBytes(300 * 1024);
    expect(await driver.save('org_a/doc_one', chunked(data))).toEqual({ size: data.length });
    expect(await driver.exists('org_a/doc_one')).toBe(true);
    expect((await readAll(await driver.read('org_a/doc_one'))).equals(data)).toBe(true);
  });

  it('saves files larger than one multipart part', { timeout: 60_000 }, async () => {
    const data = randomBytes(17 * 1024 * 1024 + 123);
    expect(await driver.save('org_a/doc_large', chunked(data, 1024 * 1024))).toEqual({ size: data.length });
    expect((await readAll(await driver.read('org_a/doc_large'))).equals(data)).toBe(true);
    await driver.delete('org_a/doc_large');
  });

  it('saves a file that need not survive a power cut (a thumbnail) whole under its key, replacing the earlier one', async () => {
    const first = randomBytes(20 * 1024);
    const second = randomBytes(15 * 1024);
    await driver.save('org_a/doc_one_thumbnail', chunked(first), { durable: false });
    expect(await driver.save('org_a/doc_one_thumbnail', chunked(second), { durable: false })).toEqual({
      size: second.length,
    });
    expect((await readAll(await driver.read('org_a/doc_one_thumbnail'))).equals(second)).toBe(true);
    await driver.delete('org_a/doc_one_thumbnail');
  });

  it('saves an empty file', async () => {
    expect(await driver.save('org_a/doc_empty', Readable.from([]))).toEqual({ size: 0 });
    expect((await readAll(await driver.read('org_a/doc_empty'))).length).toBe(0);
  });

  it('reads a byte range', async () => {
    const data = Buffer.from('0123456789abcdef');
    await driver.save('org_a/doc_range', chunked(data, 3));
    expect((await readAll(await driver.read('org_a/doc_range', { start: 4, end: 9 }))).toString()).toBe(
      '456789',
    );
    expect((await readAll(await driver.read('org_a/doc_range', { start: 15, end: 15 }))).toString()).toBe(
      'f',
    );
  });

  it('overwrites a key, deletes idempotently and reports missing files', async () => {
    await driver.save('org_a/doc_twice', chunked(Buffer.from('first')));
    await driver.save('org_a/doc_twice', chunked(Buffer.from('second')));
    expect((await readAll(await driver.read('org_a/doc_twice'))).toString()).toBe('second');
    await driver.delete('org_a/doc_twice');
    await driver.delete('org_a/doc_twice');
    expect(await driver.exists('org_a/doc_twice')).toBe(false);
    await expect(driver.read('org_a/doc_twice')).rejects.toThrow(/No stored file/);
  });

  it('leaves nothing under the key when the stream fails', async () => {
    await expect(driver.save('org_a/doc_broken', failingAfter(Buffer.from('partial')))).rejects.toThrow();
    expect(await driver.exists('org_a/doc_broken')).toBe(false);
  });

  it("deletes an organization's files by prefix only", async () => {
    await driver.save('org_b/doc_1', chunked(Buffer.from('b1')));
    await driver.save('org_b/doc_2', chunked(Buffer.from('b2')));
    await driver.save('org_bb/doc_3', chunked(Buffer.from('bb3')));
    await driver.deletePrefix('org_b');
    expect(await driver.exists('org_b/doc_1')).toBe(false);
    expect(await driver.exists('org_b/doc_2')).toBe(false);
    expect(await driver.exists('org_bb/doc_3')).toBe(true);
    expect(await driver.exists('org_a/doc_one')).toBe(true);
  });

  it('refuses keys that could escape the storage root', async () => {
    for (const key of ['../etc/passwd', 'org_a/../../x', '/abs', 'org_a/doc one', 'ORG/Doc', '']) {
      await expect(driver.save(key, chunked(Buffer.from('x'))), key).rejects.toThrow(/Invalid storage key/);
      await expect(driver.read(key), key).rejects.toThrow(/Invalid storage key/);
    }
  });
});
