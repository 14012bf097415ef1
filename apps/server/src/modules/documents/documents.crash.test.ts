import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database';
import {
  childServerEnv,
  createChildDatabase,
  freePort,
  signUpWithOrganization,
  startChildServer,
  stopChildServer,
} from '../../test/child-server';
import { testDialects } from '../../test/test-database';
import { FILESYSTEM_TEMP_DIR } from '../storage/storage.filesystem';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.each(testDialects)('a server killed during uploads on %s', (dialect) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps every acknowledged upload intact and, after the sweep, exactly one file per row', {
    timeout: 90_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const database = await createChildDatabase(dialect, dataDir, 'sheaf_crash');
    cleanups.push(database.drop);
    const { base, env } = childServerEnv({
      dataDir,
      databaseUrl: database.url,
      port: await freePort(),
      extra: { AUTH_RATE_LIMIT_MAX_REQUESTS: '100000' },
    });

    let server = await startChildServer(env, base);
    cleanups.push(() => stopChildServer(server, 'SIGKILL'));
    const { cookie, organizationId } = await signUpWithOrganization(base, 'crash@example.com');
    const headers = { origin: base, cookie };

    // Six clients upload 50–550 kB files back to back until the server dies under them.
    const acknowledged: Array<{ id: string; sha256: string; size: number }> = [];
    let killed = false;
    const client = async () => {
      while (!killed) {
        const data = randomBytes(50_000 + Math.floor(Math.random() * 500_000));
        const form = new FormData();
        form.append('file', new Blob([data], { type: 'application/octet-stream' }), 'crash.bin');
        try {
          const response = await fetch(`${base}/api/organizations/${organizationId}/documents`, {
            method: 'POST',
            headers,
            body: form,
          });
          if (response.status === 201) {
            const { document } = (await response.json()) as { document: { id: string } };
            acknowledged.push({ id: document.id, sha256: sha256(data), size: data.length });
          }
        } catch {
          // The connection died with the server: this upload was never acknowledged.
        }
      }
    };
    const clients = Array.from({ length: 6 }, client);
    while (acknowledged.length < 15) await sleep(5);
    server.child.kill('SIGKILL');
    killed = true;
    await server.exited;
    await Promise.all(clients);

    const documentsDir = path.join(dataDir, 'documents');
    const storedKeys = () =>
      (fs.readdirSync(documentsDir, { recursive: true }) as string[])
        .filter((entry) => !entry.startsWith(FILESYSTEM_TEMP_DIR))
        .filter((entry) => fs.statSync(path.join(documentsDir, entry)).isFile())
        .map((entry) => entry.split(path.sep).join('/'))
        .sort();
    const temporaryFiles = () => {
      const folder = path.join(documentsDir, FILESYSTEM_TEMP_DIR);
      return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
    };
    const leftovers = { files: storedKeys().length, temporary: temporaryFiles().length };

    // Back up on the same data folder and database; a zero grace period lets its start-up
    // sweep take everything the crash left behind.
    server = await startChildServer({ ...env, DOCUMENTS_ORPHAN_GRACE_MINUTES: '0' }, base);
    for (const upload of acknowledged) {
      const response = await fetch(
        `${base}/api/organizations/${organizationId}/documents/${upload.id}/file`,
        { headers },
      );
      expect(response.status, upload.id).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBe(upload.size);
      expect(sha256(bytes)).toBe(upload.sha256);
    }

    const appDatabase = createDatabase(
      dialect === 'sqlite'
        ? { dialect: 'sqlite', filename: path.join(dataDir, 'db.sqlite') }
        : { dialect: 'postgres', connectionString: database.url },
    );
    cleanups.push(() => appDatabase.destroy());
    const rowKeys = async () =>
      (await appDatabase.db.selectFrom('documents').select('storage_key').execute())
        .map((row) => row.storage_key)
        .sort();
    const deadline = Date.now() + 15_000;
    while (
      (JSON.stringify(storedKeys()) !== JSON.stringify(await rowKeys()) || temporaryFiles().length > 0) &&
      Date.now() < deadline
    ) {
      await sleep(100);
    }
    const rows = await rowKeys();
    console.info(
      `[crash] ${dialect}: ${acknowledged.length} uploads acknowledged, ${rows.length} rows; ` +
        `left by the crash: ${leftovers.files - rows.length} orphan files, ${leftovers.temporary} temporary files`,
    );
    expect(storedKeys()).toEqual(rows);
    expect(temporaryFiles()).toEqual([]);
    for (const upload of acknowledged) expect(rows).toContain(`${organizationId}/${upload.id}`);
    await stopChildServer(server, 'SIGTERM');
  });
});
