import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TaskDto } from '@sheaf/contracts/bulk';
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DOCUMENTS = 1_200;

describe.each(testDialects)('a server killed during a bulk task on %s', (dialect) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('resumes the task after a restart and tags every document exactly once', {
    timeout: 180_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-bulk-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const database = await createChildDatabase(dialect, dataDir, 'sheaf_bulk_crash');
    cleanups.push(database.drop);
    const { base, env } = childServerEnv({
      dataDir,
      databaseUrl: database.url,
      port: await freePort(),
      extra: {
        AUTH_RATE_LIMIT_MAX_REQUESTS: '100000',
        UPLOADS_RATE_LIMIT_PER_MINUTE: '100000',
        // A dead worker's task is taken back within a second of the restart.
        JOBS_LEASE_MS: '1000',
      },
    });
    let server = await startChildServer(env, base);
    cleanups.push(() => stopChildServer(server, 'SIGKILL'));
    const { cookie, organizationId } = await signUpWithOrganization(base, 'bulk-crash@example.com');
    const headers = { origin: base, cookie };
    const api = `${base}/api/organizations/${organizationId}`;
    const postJson = (url: string, body: unknown) =>
      fetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    let next = 0;
    const upload = async () => {
      while (next < DOCUMENTS) {
        const index = next++;
        const form = new FormData();
        form.append(
          'file',
          new Blob([`bulk crash document ${index}`], { type: 'text/plain' }),
          `doc-${index}.txt`,
        );
        const response = await fetch(`${api}/documents`, { method: 'POST', headers, body: form });
        if (response.status !== 201) throw new Error(`Upload answered ${response.status}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, upload));
    const { tag } = (await (await postJson(`${api}/tags`, { name: 'Crash', color: '#d8ff75' })).json()) as {
      tag: { id: string };
    };

    const queued = await postJson(`${api}/documents/bulk`, {
      action: 'add_tags',
      tagIds: [tag.id],
      filter: {},
    });
    expect(queued.status).toBe(202);
    const { task } = (await queued.json()) as { task: TaskDto };
    const readTask = async () =>
      ((await (await fetch(`${api}/tasks/${task.id}`, { headers })).json()) as { task: TaskDto }).task;

    // Killed once some batches are committed and before the last one.
    let atKill: TaskDto;
    for (;;) {
      atKill = await readTask();
      if (atKill.processedCount > 0) break;
      await sleep(2);
    }
    server.child.kill('SIGKILL');
    await server.exited;
    expect(atKill.state).toBe('running');
    expect(atKill.processedCount).toBeLessThan(DOCUMENTS);

    server = await startChildServer(env, base);
    const deadline = Date.now() + 120_000;
    let finished = await readTask();
    while (finished.state !== 'done' && Date.now() < deadline) {
      await sleep(200);
      finished = await readTask();
    }
    console.info(
      `[bulk crash] ${dialect}: killed at ${atKill.processedCount}/${atKill.total}, resumed to ${finished.processedCount}`,
    );
    expect(finished).toMatchObject({
      state: 'done',
      total: DOCUMENTS,
      processedCount: DOCUMENTS,
      // A document changed twice would show as "already tagged" on its second pass.
      changedCount: DOCUMENTS,
      unchangedCount: 0,
      skippedCount: 0,
    });
    await stopChildServer(server, 'SIGTERM');

    const appDatabase = createDatabase(
      dialect === 'sqlite'
        ? { dialect: 'sqlite', filename: path.join(dataDir, 'db.sqlite') }
        : { dialect: 'postgres', connectionString: database.url },
    );
    cleanups.push(() => appDatabase.destroy());
    const tagged = await appDatabase.db
      .selectFrom('document_activities')
      .select(['document_id'])
      .where('event', '=', 'tagged')
      .where('tag_id', '=', tag.id)
      .execute();
    expect(tagged).toHaveLength(DOCUMENTS);
    expect(new Set(tagged.map((row) => row.document_id)).size).toBe(DOCUMENTS);
    const links = await appDatabase.db
      .selectFrom('documents_tags')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('tag_id', '=', tag.id)
      .executeTakeFirstOrThrow();
    expect(Number(links.count)).toBe(DOCUMENTS);
  });
});
