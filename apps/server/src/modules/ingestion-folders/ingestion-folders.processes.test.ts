import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type AppDatabase, createDatabase } from '../../db/database';
import {
  type ChildServer,
  childServerEnv,
  createChildDatabase,
  freePort,
  signUpWithOrganization,
  startChildServer,
  stopChildServer,
} from '../../test/child-server';
import { testDialects } from '../../test/test-database';
import { distinctContent, filesUnder, sleep, waitFor } from './ingestion-folders.test-helpers';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.each(testDialects)('watched folders across server processes on %s', (dialect) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A data folder, a database and a watched root shared by the servers of one test. */
  async function setUp(prefix: string) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sheaf-${prefix}-`));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const database = await createChildDatabase(dialect, dataDir, `sheaf_${prefix.replace(/-/g, '_')}`);
    cleanups.push(database.drop);
    const root = path.join(dataDir, 'inbox');
    const serverEnv = async () =>
      childServerEnv({
        dataDir,
        databaseUrl: database.url,
        port: await freePort(),
        extra: {
          INGESTION_FOLDERS_ROOT: root,
          INGESTION_FOLDERS_STABLE_SECONDS: '1',
          JOBS_POLL_INTERVAL_MS: '200',
          // The folder lease of a killed process runs out this soon.
          JOBS_LEASE_MS: '3000',
        },
      });
    const start = async () => {
      const { base, env } = await serverEnv();
      const server = await startChildServer(env, base);
      cleanups.push(() => stopChildServer(server, 'SIGKILL'));
      return { base, server };
    };
    let appDatabase: AppDatabase | undefined;
    const db = () => {
      appDatabase ??= createDatabase(
        dialect === 'sqlite'
          ? { dialect: 'sqlite', filename: path.join(dataDir, 'db.sqlite') }
          : { dialect: 'postgres', connectionString: database.url },
      );
      return appDatabase.db;
    };
    cleanups.push(() => appDatabase?.destroy());
    return { root, start, db };
  }

  it('imports each file once with two worker processes on the same folder', {
    timeout: 120_000,
  }, async () => {
    const { root, start, db } = await setUp('folders-two');
    const first = await start();
    const second = await start();
    const { organizationId } = await signUpWithOrganization(first.base, 'folders-two@example.com');
    const folder = path.join(root, organizationId);
    fs.mkdirSync(folder, { recursive: true });
    // Both watchers have made their first scan by now (they started before the folder existed).
    await sleep(500);
    const contents = new Map<string, Buffer>();
    for (let index = 0; index < 20; index++) {
      const name = `file-${String(index).padStart(2, '0')}.txt`;
      contents.set(name, distinctContent(name));
      fs.writeFileSync(path.join(folder, name), contents.get(name) as Buffer);
    }
    const documents = () =>
      db()
        .selectFrom('documents')
        .select(['name', 'original_sha256'])
        .where('organization_id', '=', organizationId)
        .orderBy('name')
        .execute();
    await waitFor(
      async () => ((await documents()).length === 20 && filesUnder(folder).length === 0 ? true : undefined),
      { timeoutMs: 60_000, what: 'the twenty files imported' },
    );
    await sleep(2000);
    expect(await documents()).toEqual(
      [...contents].map(([name, content]) => ({ name, original_sha256: sha256(content) })),
    );
    const outcomes = await db()
      .selectFrom('ingestion_folder_files')
      .select(['path', 'outcome'])
      .where('organization_id', '=', organizationId)
      .orderBy('path')
      .execute();
    expect(outcomes).toEqual([...contents.keys()].map((name) => ({ path: name, outcome: 'imported' })));
    expect(filesUnder(folder)).toEqual([]);
    await stopChildServer(first.server, 'SIGTERM');
    await stopChildServer(second.server, 'SIGTERM');
  });

  it('imports nothing twice when killed between storing files and removing them', {
    timeout: 120_000,
  }, async () => {
    const { root, start, db } = await setUp('folders-crash');
    const started = await start();
    let server: ChildServer = started.server;
    const { organizationId } = await signUpWithOrganization(started.base, 'folders-crash@example.com');
    const folder = path.join(root, organizationId);
    fs.mkdirSync(folder, { recursive: true });
    await sleep(500);
    const documentCount = async () =>
      (
        await db()
          .selectFrom('documents')
          .select('id')
          .where('organization_id', '=', organizationId)
          .execute()
      ).length;
    const names: string[] = [];
    // Rounds of 20 files, each killed as soon as its imports are under way (mid-file, whatever step
    // it was at), until a kill lands where a file's row is written and the file not yet removed
    // (nearly always the first time: that is most of a file's import).
    let cutShort = 0;
    for (let round = 0; round < 3 && cutShort === 0; round++) {
      for (let index = 0; index < 20; index++) {
        const name = `scan-${round}-${String(index).padStart(2, '0')}.txt`;
        names.push(name);
        fs.writeFileSync(path.join(folder, name), distinctContent(name, 20_000));
      }
      const before = names.length - 20;
      await waitFor(async () => ((await documentCount()) >= before + 2 ? true : undefined), {
        timeoutMs: 60_000,
        what: 'the first imports of the round',
      });
      await stopChildServer(server, 'SIGKILL');
      expect(filesUnder(folder).length).toBeGreaterThan(0);
      // A row not marked removed whose file is still there (a kill right after the file's removal
      // leaves a row unmarked too, with nothing left to do).
      cutShort = (
        await db()
          .selectFrom('ingestion_folder_files')
          .select('path')
          .where('organization_id', '=', organizationId)
          .where('removed_at', 'is', null)
          .execute()
      ).filter((row) => fs.existsSync(path.join(folder, row.path))).length;
      server = (await start()).server;
      await waitFor(
        async () =>
          (await documentCount()) === names.length && filesUnder(folder).length === 0 ? true : undefined,
        { timeoutMs: 60_000, what: 'every file imported after the restart' },
      );
    }
    // A kill caught one file between its row and its removal.
    expect(cutShort).toBe(1);
    await sleep(2000);
    const documents = await db()
      .selectFrom('documents')
      .select('name')
      .where('organization_id', '=', organizationId)
      .orderBy('name')
      .execute();
    expect(documents.map(({ name }) => name)).toEqual([...names].sort());
    const rows = await db()
      .selectFrom('ingestion_folder_files')
      .select(['path', 'outcome'])
      .where('organization_id', '=', organizationId)
      .orderBy('path')
      .execute();
    // One row per file, each imported (a second import would be a duplicate).
    expect(rows.map(({ path: filePath, outcome }) => [filePath, outcome])).toEqual(
      [...names].sort().map((name) => [name, 'imported']),
    );
    expect(filesUnder(folder)).toEqual([]);
    await stopChildServer(server, 'SIGTERM');
  });
});
