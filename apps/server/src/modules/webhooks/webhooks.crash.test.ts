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
import { startTestReceiver } from './webhooks.test-helpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDialects)('a server killed between a change and its webhook on %s', (dialect) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('delivers the committed event once after a restart', { timeout: 90_000 }, async () => {
    const receiver = await startTestReceiver();
    cleanups.push(() => receiver.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-webhooks-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const database = await createChildDatabase(dialect, dataDir, 'sheaf_webhooks_crash');
    cleanups.push(database.drop);
    const { base, env } = childServerEnv({
      dataDir,
      databaseUrl: database.url,
      port: await freePort(),
      extra: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', JOBS_POLL_INTERVAL_MS: '200' },
    });

    // A process that serves requests but runs no job: the change commits, its delivery never starts.
    let server = await startChildServer({ ...env, PROCESS_MODE: 'web' }, base);
    cleanups.push(() => stopChildServer(server, 'SIGKILL'));
    const { cookie, organizationId } = await signUpWithOrganization(base, 'hooks-crash@example.com');
    const json = { origin: base, cookie, 'content-type': 'application/json' };
    const hook = await fetch(`${base}/api/organizations/${organizationId}/webhooks`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Receiver', url: receiver.url, events: ['document:created'] }),
    });
    expect(hook.status).toBe(201);
    const form = new FormData();
    form.append('file', new Blob(['crash report'], { type: 'text/plain' }), 'crash.txt');
    const uploaded = await fetch(`${base}/api/organizations/${organizationId}/documents`, {
      method: 'POST',
      headers: { origin: base, cookie },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const documentId = ((await uploaded.json()) as { document: { id: string } }).document.id;

    server.child.kill('SIGKILL');
    await server.exited;
    expect(receiver.received).toEqual([]);

    // Back up with workers: the outbox still holds the event.
    server = await startChildServer(env, base);
    const appDatabase = createDatabase(
      dialect === 'sqlite'
        ? { dialect: 'sqlite', filename: path.join(dataDir, 'db.sqlite') }
        : { dialect: 'postgres', connectionString: database.url },
    );
    cleanups.push(() => appDatabase.destroy());
    const deadline = Date.now() + 30_000;
    for (;;) {
      const messages = await appDatabase.db.selectFrom('webhook_messages').select(['status']).execute();
      const deliveryJobs = await appDatabase.db
        .selectFrom('jobs')
        .select('id')
        .where('type', '=', 'webhooks.deliver')
        .where('run_at', '<=', new Date().toISOString())
        .execute();
      if (messages.length === 1 && messages[0]?.status === 'succeeded' && deliveryJobs.length === 0) break;
      if (Date.now() > deadline) throw new Error(`Not delivered: ${JSON.stringify(messages)}`);
      await sleep(100);
    }
    await stopChildServer(server, 'SIGTERM');

    const received = receiver.ofType('document:created');
    expect(received).toHaveLength(1);
    expect(received[0]?.json.data).toMatchObject({ documentId, organizationId, name: 'crash.txt' });
    expect(receiver.received).toHaveLength(1);
  });
});
