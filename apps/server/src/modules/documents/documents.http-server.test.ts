import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { TEST_ORIGIN } from '../../test/test-auth';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { createOrganization, type TestUser } from '../organizations/organizations.test-helpers';

const MAX_UPLOAD_SIZE = 2_000_000;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Uploads through a real Node HTTP server, as production serves them: the body is then read from
 * the connection's own stream (the in-process `app.request` of the other tests goes through a web
 * Request instead).
 */
describe.each(testDialects)('uploads through the Node HTTP server on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-http-uploads-'));
  const { server, createUser } = useApiTestServer(testDatabase, {
    env: {
      DOCUMENTS_STORAGE_FILESYSTEM_ROOT: storageRoot,
      DOCUMENTS_MAX_UPLOAD_SIZE: String(MAX_UPLOAD_SIZE),
    },
  });
  let httpServer: ServerType;
  let base: string;
  let owner: TestUser;
  let organizationId: string;

  beforeAll(async () => {
    httpServer = await new Promise<ServerType>((resolve) => {
      const started = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
        resolve(started),
      );
    });
    base = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
    owner = await createUser(`http-${dialect}@example.com`);
    organizationId = (await createOrganization(server, owner, 'Over HTTP')).id;
  });
  afterAll(async () => {
    await new Promise((resolve) => httpServer?.close(resolve));
    fs.rmSync(storageRoot, { recursive: true, force: true });
  });

  const upload = (name: string, data: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type: 'application/octet-stream' }), name);
    return fetch(`${base}/api/organizations/${organizationId}/documents`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      body: form,
    });
  };
  const storedFiles = () => {
    const folder = path.join(storageRoot, organizationId);
    return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  };

  it('stores a file of several chunks byte for byte and answers the new document', async () => {
    const data = randomBytes(1_500_000);
    const response = await upload('large.bin', data);
    expect(response.status).toBe(201);
    const { document } = (await response.json()) as {
      document: { id: string; name: string; originalSize: number; originalSha256: string; tags: unknown[] };
    };
    expect(document).toMatchObject({
      name: 'large.bin',
      originalSize: data.length,
      originalSha256: sha256(data),
      tags: [],
    });
    const file = await fetch(`${base}/api/organizations/${organizationId}/documents/${document.id}/file`, {
      headers: { cookie: owner.cookie },
    });
    expect(file.status).toBe(200);
    expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(data));
  });

  it('refuses a file over the upload limit while it streams, keeps nothing, and answers the next upload', async () => {
    const before = storedFiles().length;
    const response = await upload('too-large.bin', randomBytes(MAX_UPLOAD_SIZE + 1));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'document.size_too_large',
    );
    expect(storedFiles()).toHaveLength(before);
    expect((await upload('after.txt', Buffer.from('still answering'))).status).toBe(201);
  });
});
