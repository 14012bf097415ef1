import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { createGiganticDrawnPagePdf, createHugeHeaderPng } from '../../test/hostile-files';
import { readError } from '../../test/http';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { createTextPng } from '../../test/test-files';
import { type Credentials, createDocument, getDocument, request } from '../documents/documents.test-helpers';
import { createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import { derivedKeyOf } from '../storage/storage.types';
import { BACKFILL_THUMBNAILS_JOB_TYPE } from './extraction.thumbnails.store';
import { createFullTextPagePdf, describeThumbnail } from './extraction.thumbnails.test-helpers';

type StorageSetup = {
  name: string;
  start: () => Promise<{ env: Record<string, string>; stop: () => Promise<void> }>;
};

const storages: StorageSetup[] = [
  {
    name: 'filesystem',
    async start() {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-thumbnails-fs-'));
      return {
        env: { DOCUMENTS_STORAGE_FILESYSTEM_ROOT: root },
        stop: async () => fs.rmSync(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3 (s3rver)',
    async start() {
      const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-thumbnails-s3-'));
      const s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        directory,
        silent: true,
        configureBuckets: [{ name: 'sheaf-thumbnails' }],
      });
      const { port } = await s3.run();
      return {
        env: {
          DOCUMENTS_STORAGE_DRIVER: 's3',
          DOCUMENTS_STORAGE_S3_ENDPOINT: `http://127.0.0.1:${port}`,
          DOCUMENTS_STORAGE_S3_BUCKET: 'sheaf-thumbnails',
          DOCUMENTS_STORAGE_S3_ACCESS_KEY_ID: 'S3RVER',
          DOCUMENTS_STORAGE_S3_SECRET_ACCESS_KEY: 'S3RVER',
          DOCUMENTS_STORAGE_S3_FORCE_PATH_STYLE: 'true',
        },
        stop: async () => {
          await s3.close();
          fs.rmSync(directory, { recursive: true, force: true });
        },
      };
    },
  },
];

describe.each(testDialects)('document thumbnails on %s', (dialect) => {
  describe.each(storages)('with $name storage', ({ name, start }) => {
    const testDatabase = useTestDatabase(dialect);
    const storage: { env?: Record<string, string>; stop?: () => Promise<void> } = {};
    const { server, createUser } = useApiTestServer(testDatabase, {
      env: () => ({ ...storage.env, DOCUMENTS_ORPHAN_GRACE_MINUTES: '0' }),
    });
    let owner: TestUser;
    let organizationId: string;
    let credentials: Credentials;
    const tag = `${dialect}-${name.split(' ')[0]}`;

    beforeAll(async () => {
      Object.assign(storage, await start());
      owner = await createUser(`thumbnails-${tag}@example.com`);
      organizationId = (await createOrganization(server, owner, 'Thumbnails')).id;
      credentials = { cookie: owner.cookie };
    });
    afterAll(async () => {
      await storage.stop?.();
    });

    const thumbnailPath = (documentId: string) =>
      `/api/organizations/${organizationId}/documents/${documentId}/thumbnail`;
    const getThumbnail = (documentId: string, headers: Record<string, string> = {}, query = '') =>
      request(server, 'GET', `${thumbnailPath(documentId)}${query}`, credentials, { headers });
    const storageKeyOf = async (documentId: string) =>
      (
        await testDatabase.db
          .selectFrom('documents')
          .select('storage_key')
          .where('id', '=', documentId)
          .executeTakeFirstOrThrow()
      ).storage_key;
    const upload = async (fileName: string, data: Buffer, type: string) => {
      const document = await createDocument(server, credentials, organizationId, {
        name: fileName,
        data,
        type,
      });
      await server.jobQueue.runDueJobs();
      return getDocument(server, credentials, organizationId, document.id);
    };

    it("serves a PDF's first page as a WebP 400 px wide, at most 30 KB for a text page, with its ETag", async () => {
      const document = await upload('letter.pdf', createFullTextPagePdf(`Letter ${tag}`), 'application/pdf');
      expect(document.extractionStatus).toBe('done');
      expect(document.thumbnailVersion).toMatch(/^[0-9a-f]{16}$/);

      const response = await getThumbnail(document.id);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('etag')).toBe(`"${document.thumbnailVersion}"`);
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      const thumbnail = new Uint8Array(await response.arrayBuffer());
      expect(thumbnail.byteLength).toBeLessThanOrEqual(30_000);
      expect(await describeThumbnail(thumbnail)).toMatchObject({ width: 400, height: 566, format: 'webp' });

      // Asked for by its version, kept a day; revalidated with its ETag, 304 without a body.
      const versioned = await getThumbnail(document.id, {}, `?v=${document.thumbnailVersion}`);
      expect(versioned.headers.get('cache-control')).toBe('private, max-age=86400');
      const revalidated = await getThumbnail(document.id, {
        'if-none-match': `W/"0000000000000000", "${document.thumbnailVersion}"`,
      });
      expect(revalidated.status).toBe(304);
      expect(await revalidated.text()).toBe('');
      expect(revalidated.headers.get('etag')).toBe(`"${document.thumbnailVersion}"`);
      const stale = await getThumbnail(document.id, { 'if-none-match': '"0000000000000000"' });
      expect(stale.status).toBe(200);
    });

    it('serves an image as a WebP 400 px wide', async () => {
      const document = await upload('scan.png', createTextPng([`Harbour ${tag}`]), 'image/png');
      const response = await getThumbnail(document.id);
      expect(response.status).toBe(200);
      const described = await describeThumbnail(new Uint8Array(await response.arrayBuffer()));
      expect(described).toMatchObject({ width: 400, format: 'webp' });
    }, 30_000);

    it('answers 404 documents.thumbnail_not_found for a text file, and documents.not_found elsewhere', async () => {
      const document = await upload('notes.txt', Buffer.from(`Plain notes ${tag}`), 'text/plain');
      expect(document.thumbnailVersion).toBeNull();
      const response = await getThumbnail(document.id);
      expect(response.status).toBe(404);
      expect((await readError(response)).error.code).toBe('documents.thumbnail_not_found');
      const missing = await getThumbnail('doc_000000000000000000000000');
      expect((await readError(missing)).error.code).toBe('documents.not_found');
      const stranger = await createUser(`thumbnails-stranger-${tag}@example.com`);
      const foreign = await request(server, 'GET', thumbnailPath(document.id), { cookie: stranger.cookie });
      expect(foreign.status).not.toBe(200);
    });

    it('regenerates the thumbnail on re-extraction, replacing the stored file and its version', async () => {
      const document = await upload(
        'invoice.pdf',
        createFullTextPagePdf(`Invoice ${tag}`),
        'application/pdf',
      );
      const key = derivedKeyOf(await storageKeyOf(document.id), 'thumbnail');
      // An earlier pass's thumbnail, as an older version of the renderer left it.
      await server.services.storage.save(key, Readable.from([Buffer.from('old thumbnail')]));
      await testDatabase.db
        .updateTable('documents')
        .set({ thumbnail_etag: 'ffffffffffffffff' })
        .where('id', '=', document.id)
        .execute();

      const retried = await request(
        server,
        'POST',
        `/api/organizations/${organizationId}/documents/${document.id}/extraction`,
        credentials,
      );
      expect(retried.status).toBe(202);
      await server.jobQueue.runDueJobs();
      const after = await getDocument(server, credentials, organizationId, document.id);
      expect(after.thumbnailVersion).toBe(document.thumbnailVersion);
      const response = await getThumbnail(document.id);
      expect(await describeThumbnail(new Uint8Array(await response.arrayBuffer()))).toMatchObject({
        width: 400,
      });
    });

    it('serves a trashed document its thumbnail, and removes it with the document purged from the trash', async () => {
      const document = await upload('purged.pdf', createFullTextPagePdf(`Purged ${tag}`), 'application/pdf');
      const original = await storageKeyOf(document.id);
      const key = derivedKeyOf(original, 'thumbnail');
      expect(await server.services.storage.exists(key)).toBe(true);
      const documentPath = `/api/organizations/${organizationId}/documents/${document.id}`;
      expect((await request(server, 'DELETE', documentPath, credentials)).status).toBe(204);
      expect((await getThumbnail(document.id)).status).toBe(200);

      const purged = await request(
        server,
        'DELETE',
        `/api/organizations/${organizationId}/documents/trash/${document.id}`,
        credentials,
      );
      expect(purged.status).toBe(204);
      expect(await server.services.storage.exists(original)).toBe(false);
      expect(await server.services.storage.exists(key)).toBe(false);
    });

    it('keeps in the storage sweep a thumbnail whose document exists, and removes one whose document is gone', async () => {
      const document = await upload('kept.pdf', createFullTextPagePdf(`Kept ${tag}`), 'application/pdf');
      const key = derivedKeyOf(await storageKeyOf(document.id), 'thumbnail');
      const orphan = `${organizationId}/doc_gone${dialect}_thumbnail`;
      await server.services.storage.save(orphan, Readable.from([Buffer.from('orphan')]));
      // The sweep considers files older than the grace period (0 minutes here).
      await new Promise((resolve) => setTimeout(resolve, 1100));

      const { orphansRemoved } = await server.services.storageSweep.sweep();
      expect(orphansRemoved).toContain(orphan);
      expect(orphansRemoved).not.toContain(key);
      expect(await server.services.storage.exists(key)).toBe(true);
    });

    it('gives documents from before thumbnails theirs through the one-off backfill job', async () => {
      const document = await upload('older.pdf', createFullTextPagePdf(`Older ${tag}`), 'application/pdf');
      const key = derivedKeyOf(await storageKeyOf(document.id), 'thumbnail');
      // As it was before thumbnails: extraction done, no thumbnail.
      await server.services.storage.delete(key);
      await testDatabase.db
        .updateTable('documents')
        .set({ thumbnail_etag: null })
        .where('id', '=', document.id)
        .execute();

      await server.jobQueue.enqueue(BACKFILL_THUMBNAILS_JOB_TYPE, { afterId: null });
      await server.jobQueue.runDueJobs();
      await server.jobQueue.runDueJobs();
      const after = await getDocument(server, credentials, organizationId, document.id);
      expect(after).toMatchObject({ extractionStatus: 'done', thumbnailVersion: document.thumbnailVersion });
      expect(await server.services.storage.exists(key)).toBe(true);
    });

    it("removes thumbnails with an organization's files when the organization is purged", async () => {
      const doomed = (await createOrganization(server, owner, 'Doomed')).id;
      const created = await createDocument(server, credentials, doomed, {
        name: 'doomed.pdf',
        data: createFullTextPagePdf(`Doomed ${tag}`),
        type: 'application/pdf',
      });
      await server.jobQueue.runDueJobs();
      const original = await storageKeyOf(created.id);
      const key = derivedKeyOf(original, 'thumbnail');
      expect(await server.services.storage.exists(key)).toBe(true);

      await server.services.documents.deleteOrganizationFiles({ organizationId: doomed });
      expect(await server.services.storage.exists(original)).toBe(false);
      expect(await server.services.storage.exists(key)).toBe(false);
    });

    it('gives a huge-page PDF and a huge-header PNG no thumbnail and a failed extraction, without crashing', async () => {
      const page = await upload('gigantic.pdf', createGiganticDrawnPagePdf(), 'application/pdf');
      const png = await upload('huge.png', createHugeHeaderPng(), 'image/png');
      for (const document of [page, png]) {
        expect(document).toMatchObject({ extractionStatus: 'failed', thumbnailVersion: null });
        expect(document.extractionError?.code).toBe('extraction.too_large');
        expect((await getThumbnail(document.id)).status).toBe(404);
      }
      // The pool still works after them.
      const after = await upload('after.pdf', createFullTextPagePdf(`After ${tag}`), 'application/pdf');
      expect(after.thumbnailVersion).not.toBeNull();
    });
  });
});
