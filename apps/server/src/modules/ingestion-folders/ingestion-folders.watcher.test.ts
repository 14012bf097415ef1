import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLeases } from '../../db/leases';
import { useApiTestServer } from '../../test/api-test-fixture';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { createTextPdf } from '../../test/test-files';
import { createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import { distinctContent, filesUnder, sleep, waitFor } from './ingestion-folders.test-helpers';
import { startIngestionFoldersWatcher } from './ingestion-folders.watcher';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.each(testDialects)('watched folders on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const { serverWith, createUser } = useApiTestServer(testDatabase, {
    env: { DOCUMENTS_MAX_UPLOAD_SIZE: '200000' },
  });
  let owner: TestUser;
  let organizationId: string;
  const roots: string[] = [];
  const stops: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    owner = await createUser(`folders-owner-${dialect}@example.com`);
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });
  afterAll(() => {
    for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
  });

  /** A new organization, a root of its own and a watcher on it (native events unless `polling`). */
  async function watching({
    env = {},
    polling = false,
    stableMs = 1000,
  }: {
    env?: Record<string, string>;
    polling?: boolean;
    stableMs?: number;
  } = {}) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-folders-'));
    roots.push(root);
    const server = serverWith({ INGESTION_FOLDERS_ROOT: root, ...env });
    organizationId = (await createOrganization(server, owner, `Folders ${roots.length}`)).id;
    const folder = path.join(root, organizationId);
    fs.mkdirSync(folder, { recursive: true });
    const watcher = startIngestionFoldersWatcher({
      root,
      stableMs,
      polling,
      pollingIntervalMs: 200,
      ingestionFolders: server.services.ingestionFolders,
      leases: createLeases({ db: testDatabase.db }),
      // Warnings go to the test's output: a file that is not taken says why.
      logger: pino({ level: 'warn' }, pino.destination(2)),
    });
    stops.push(() => watcher.stop());
    await watcher.ready;
    return { root, folder, server };
  }

  const documentsNamed = (name: string) =>
    testDatabase.db
      .selectFrom('documents')
      .select(['id', 'name', 'original_sha256', 'created_by'])
      .where('organization_id', '=', organizationId)
      .where('name', '=', name)
      .execute();

  const fileRows = () =>
    testDatabase.db
      .selectFrom('ingestion_folder_files')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .orderBy('processed_at')
      .execute();

  it('imports a file written in chunks over 3 s once, after it is stable, and deletes it', {
    timeout: 30_000,
  }, async () => {
    const { folder } = await watching();
    const pdf = createTextPdf([['Scanned slowly over the network']]);
    const file = path.join(folder, 'slow scan.pdf');
    const chunks = 6;
    const chunkSize = Math.ceil(pdf.length / chunks);
    const handle = fs.openSync(file, 'w');
    for (let index = 0; index < chunks; index++) {
      fs.writeSync(handle, pdf.subarray(index * chunkSize, (index + 1) * chunkSize));
      await sleep(500);
      // Still being written: nothing taken yet.
      expect(await documentsNamed('slow scan.pdf')).toEqual([]);
    }
    fs.closeSync(handle);

    const [document] = await waitFor(
      async () => {
        const found = await documentsNamed('slow scan.pdf');
        return found.length > 0 && !fs.existsSync(file) ? found : undefined;
      },
      { what: 'the slow scan imported' },
    );
    expect(document?.original_sha256).toBe(sha256(pdf));
    expect(document?.created_by).toBeNull();
    await sleep(1500);
    expect(await documentsNamed('slow scan.pdf')).toHaveLength(1);
    expect(filesUnder(folder)).toEqual([]);
    const rows = await fileRows();
    expect(rows).toEqual([
      expect.objectContaining({
        path: 'slow scan.pdf',
        outcome: 'imported',
        document_id: document?.id,
        sha256: sha256(pdf),
        removed_at: expect.any(String),
      }),
    ]);
    const activity = await testDatabase.db
      .selectFrom('document_activities')
      .select(['event', 'event_data', 'user_id'])
      .where('document_id', '=', document?.id ?? '')
      .execute();
    expect(activity).toEqual([
      {
        event: 'created',
        user_id: null,
        event_data: JSON.stringify({ watchedFolder: { folder: organizationId, path: 'slow scan.pdf' } }),
      },
    ]);
  });

  it('leaves hidden and temporary files where they are', { timeout: 30_000 }, async () => {
    const { folder } = await watching({ stableMs: 300 });
    const ignored = ['.hidden.pdf', '~$report.docx', 'upload.pdf.part', 'scan.tmp'];
    for (const name of ignored) fs.writeFileSync(path.join(folder, name), distinctContent(name));
    fs.writeFileSync(path.join(folder, 'taken.txt'), distinctContent('taken'));
    await waitFor(async () => ((await documentsNamed('taken.txt')).length === 1 ? true : undefined), {
      what: 'the ordinary file imported',
    });
    await sleep(1000);
    expect(filesUnder(folder)).toEqual([...ignored].sort());
    for (const name of ignored) expect(await documentsNamed(name)).toEqual([]);
  });

  it('moves a refused file into failed/ with the reason beside it', { timeout: 30_000 }, async () => {
    const { folder } = await watching({ stableMs: 300 });
    fs.writeFileSync(path.join(folder, 'huge.txt'), distinctContent('huge', 300_000));
    await waitFor(
      () => (fs.existsSync(path.join(folder, 'failed', 'huge.txt.error.txt')) ? true : undefined),
      {
        what: 'the failed file',
      },
    );
    expect(filesUnder(folder)).toEqual(['failed/huge.txt', 'failed/huge.txt.error.txt']);
    expect(fs.readFileSync(path.join(folder, 'failed', 'huge.txt.error.txt'), 'utf8')).toContain(
      'document.size_too_large',
    );
    expect(await documentsNamed('huge.txt')).toEqual([]);
    const [row] = await fileRows();
    expect(row).toMatchObject({ outcome: 'failed', document_id: null });
    expect(row?.reason).toMatch(/^document\.size_too_large: /);
  });

  it('moves a duplicate into duplicates/ and never looks into done/, failed/ or duplicates/', {
    timeout: 30_000,
  }, async () => {
    const { folder } = await watching({ stableMs: 300 });
    const content = distinctContent('the same letter');
    fs.writeFileSync(path.join(folder, 'letter.txt'), content);
    await waitFor(async () => ((await documentsNamed('letter.txt')).length === 1 ? true : undefined));
    fs.writeFileSync(path.join(folder, 'letter again.txt'), content);
    await waitFor(
      () => (fs.existsSync(path.join(folder, 'duplicates', 'letter again.txt')) ? true : undefined),
      {
        what: 'the duplicate moved',
      },
    );
    expect(await documentsNamed('letter again.txt')).toEqual([]);
    expect((await fileRows()).map(({ path: filePath, outcome }) => [filePath, outcome])).toEqual([
      ['letter.txt', 'imported'],
      ['letter again.txt', 'duplicate'],
    ]);
    // Files put straight into the reserved folders stay there.
    fs.mkdirSync(path.join(folder, 'done'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'done', 'kept.txt'), distinctContent('kept'));
    await sleep(1200);
    expect(await documentsNamed('kept.txt')).toEqual([]);
    expect(filesUnder(folder)).toEqual(['done/kept.txt', 'duplicates/letter again.txt']);
  });

  it('moves imported files into done/ and makes tags of their subfolders when configured', {
    timeout: 30_000,
  }, async () => {
    const { folder } = await watching({
      stableMs: 300,
      env: { INGESTION_FOLDERS_AFTER: 'move', INGESTION_FOLDERS_SUBFOLDERS_AS_TAGS: 'true' },
    });
    fs.mkdirSync(path.join(folder, 'Invoices', '2026'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'Invoices', '2026', 'power.txt'), distinctContent('power bill'));
    const [document] = await waitFor(async () => {
      const found = await documentsNamed('power.txt');
      return found.length > 0 && fs.existsSync(path.join(folder, 'done', 'Invoices', '2026', 'power.txt'))
        ? found
        : undefined;
    });
    const tags = await testDatabase.db
      .selectFrom('documents_tags')
      .innerJoin('tags', 'tags.id', 'documents_tags.tag_id')
      .select('tags.name')
      .where('documents_tags.document_id', '=', document?.id ?? '')
      .orderBy('tags.name')
      .execute();
    expect(tags.map(({ name }) => name)).toEqual(['2026', 'Invoices']);
  });

  it('imports with polling forced, where no file event is listened to', { timeout: 30_000 }, async () => {
    const { folder } = await watching({ polling: true, stableMs: 500 });
    fs.writeFileSync(path.join(folder, 'polled.txt'), distinctContent('polled'));
    await waitFor(async () => ((await documentsNamed('polled.txt')).length === 1 ? true : undefined), {
      what: 'the polled file imported',
    });
    await waitFor(() => (filesUnder(folder).length === 0 ? true : undefined));
  });
});
