import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DocumentDto } from '@sheaf/contracts/documents';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { createImageOnlyPdf, createTextPdf, createTextPng } from '../../test/test-files';
import {
  createApiKey,
  createOrganization,
  DAY_MS,
  type TestUser,
} from '../organizations/organizations.test-helpers';
import {
  type Credentials,
  createDocument,
  getDocument,
  listActivities,
  listDocuments,
  request,
  uploadFile,
  uploadParts,
} from './documents.test-helpers';

/** Every file stored under the root, relative to it (temporary files included). */
function storedFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
    .sort();
}

describe.each(testDialects)('documents API on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date('2026-03-01T10:00:00.000Z'));
  const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-documents-'));
  const { server, createUser } = useApiTestServer(testDatabase, {
    clock,
    env: { DOCUMENTS_STORAGE_FILESYSTEM_ROOT: storageRoot },
  });
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let organizationId: string;
  let otherOrganizationId: string;
  let ownerCredentials: Credentials;
  const base = () => `/api/organizations/${organizationId}/documents`;
  const tick = () => clock.advance(1000);
  const orgFiles = (id = organizationId) => storedFiles(path.join(storageRoot, id));

  beforeAll(async () => {
    owner = await createUser('doc-owner@example.com', 'Olivia Owner');
    member = await createUser('doc-member@example.com', 'Mark Member');
    outsider = await createUser('doc-outsider@example.com');
    organizationId = (await createOrganization(server, owner, 'Archive')).id;
    otherOrganizationId = (await createOrganization(server, outsider, 'Elsewhere')).id;
    ownerCredentials = { cookie: owner.cookie };
  });
  afterAll(async () => {
    fs.rmSync(storageRoot, { recursive: true, force: true });
  });

  describe('upload', () => {
    it('stores a PDF, sniffs its type, hashes it and extracts its text layer in a job', async () => {
      const pdf = createTextPdf([
        ['Invoice 2026-001', 'Total due: 1200 EUR'],
        ['Thank you for your business'],
      ]);
      const response = await uploadFile(server, ownerCredentials, organizationId, {
        name: 'invoice.pdf',
        data: pdf,
        type: 'application/octet-stream',
      });
      expect(response.status).toBe(201);
      const { document } = await readJson<{ document: DocumentDto }>(response);
      expect(document).toMatchObject({
        organizationId,
        name: 'invoice.pdf',
        originalName: 'invoice.pdf',
        originalSize: pdf.length,
        originalSha256: createHash('sha256').update(pdf).digest('hex'),
        mimeType: 'application/pdf',
        content: '',
        isDeleted: false,
        deletedAt: null,
        tags: [],
      });
      expect(document.id).toMatch(/^doc_[a-z0-9]{24}$/);
      expect(orgFiles()).toEqual([document.id]);

      tick();
      await server.jobQueue.runDueJobs();
      const extracted = await getDocument(server, ownerCredentials, organizationId, document.id);
      expect(extracted.content).toContain('Invoice 2026-001');
      expect(extracted.content).toContain('Thank you for your business');
      const activities = await listActivities(server, ownerCredentials, organizationId, document.id);
      expect(activities.map(({ event, eventData }) => [event, eventData])).toEqual([
        ['updated', { updatedFields: ['content'] }],
        ['created', null],
      ]);
      expect(activities[1]!.user).toEqual({ id: owner.userId, name: 'Olivia Owner' });
      expect(activities[0]!.user).toBeNull();
    });

    it('decodes text, JSON, XML and YAML files into the content', async () => {
      const files = [
        { name: 'notes.txt', type: 'text/plain', data: 'Grocery list: café, crème brûlée' },
        { name: 'data.json', type: 'application/json', data: '{"customer":"Zephyr Ltd"}' },
        { name: 'feed.xml', type: 'application/xml', data: '<?xml version="1.0"?><feed>Quarterly</feed>' },
        { name: 'config.yaml', type: 'application/octet-stream', data: 'server:\n  name: orchard\n' },
      ];
      const ids: string[] = [];
      for (const file of files) {
        tick();
        ids.push((await createDocument(server, ownerCredentials, organizationId, file)).id);
      }
      await server.jobQueue.runDueJobs();
      const contents = await Promise.all(
        ids.map(async (id) => (await getDocument(server, ownerCredentials, organizationId, id)).content),
      );
      expect(contents[0]).toBe('Grocery list: café, crème brûlée');
      expect(contents[1]).toContain('Zephyr Ltd');
      expect(contents[2]).toContain('<feed>Quarterly</feed>');
      expect(contents[3]).toContain('name: orchard');
      const yaml = await getDocument(server, ownerCredentials, organizationId, ids[3]!);
      expect(yaml.mimeType).toBe('application/yaml');
    });

    it('refuses a body without a file field, with two files, or with an empty file, storing nothing', async () => {
      const before = orgFiles();
      const cases = [
        [{ name: 'note', data: 'just a field' }],
        [{ name: 'other', filename: 'a.txt', type: 'text/plain', data: 'wrong field' }],
        [
          { name: 'file', filename: 'one.txt', type: 'text/plain', data: 'first file' },
          { name: 'file', filename: 'two.txt', type: 'text/plain', data: 'second file' },
        ],
        [{ name: 'file', filename: 'empty.txt', type: 'text/plain', data: '' }],
      ];
      for (const parts of cases) {
        const response = await uploadParts(server, ownerCredentials, organizationId, parts);
        expect(response.status, JSON.stringify(parts)).toBe(400);
        expect((await readError(response)).error.code).toBe('api.validation_error');
      }
      const notMultipart = await request(server, 'POST', base(), ownerCredentials, { body: { file: 'x' } });
      expect(notMultipart.status).toBe(400);
      expect(orgFiles()).toEqual(before);
      expect(storedFiles(path.join(storageRoot, '.tmp'))).toEqual([]);
    });

    it('keeps names with Unicode, slashes and ../ as names, never as paths', async () => {
      const names = [
        'Résumé – 日本語 📄.txt',
        'reports/2026/q1.txt',
        '../../etc/passwd',
        'C:\\Users\\me\\file.txt',
      ];
      for (const [index, name] of names.entries()) {
        tick();
        const document = await createDocument(server, ownerCredentials, organizationId, {
          name,
          type: 'text/plain',
          data: `name test ${index}`,
        });
        expect(document.name).toBe(name);
        expect(document.originalName).toBe(name);
        const file = await request(server, 'GET', `${base()}/${document.id}/file`, ownerCredentials);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-disposition')).toContain(
          `filename*=UTF-8''${encodeURIComponent(name)}`,
        );
        expect(await file.text()).toBe(`name test ${index}`);
        expect(fs.existsSync(path.join(storageRoot, organizationId, document.id))).toBe(true);
      }
      // Nothing was written outside the organization's folder.
      expect(fs.readdirSync(storageRoot).sort()).toEqual(['.tmp', organizationId].sort());
      expect(fs.existsSync(path.join(storageRoot, 'etc'))).toBe(false);
    });

    it('answers 409 document.already_exists for content already in the organization, in any other org it is new', async () => {
      const data = 'unique content for the duplicate test';
      tick();
      const first = await createDocument(server, ownerCredentials, organizationId, { name: 'a.txt', data });
      const filesBefore = orgFiles();
      const again = await uploadFile(server, ownerCredentials, organizationId, { name: 'b.txt', data });
      expect(again.status).toBe(409);
      expect((await readError(again)).error.code).toBe('document.already_exists');
      expect(orgFiles()).toEqual(filesBefore);
      const elsewhere = await createDocument(server, { cookie: outsider.cookie }, otherOrganizationId, {
        name: 'a.txt',
        data,
      });
      expect(elsewhere.id).not.toBe(first.id);
    });

    it('turns two concurrent uploads of one file into one document', async () => {
      const data = createTextPdf([['Concurrent upload', String(Math.random())]]);
      const responses = await Promise.all(
        [1, 2, 3].map((index) =>
          uploadFile(server, ownerCredentials, organizationId, { name: `race-${index}.pdf`, data }),
        ),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([201, 409, 409]);
      const sha256 = createHash('sha256').update(data).digest('hex');
      const { rows } = await sql<{
        id: string;
      }>`select id from documents where original_sha256 = ${sha256}`.execute(testDatabase.db);
      expect(rows).toHaveLength(1);
      expect(orgFiles()).toContain(rows[0]!.id);
      expect(
        orgFiles().filter((file) => !fs.existsSync(path.join(storageRoot, organizationId, file))),
      ).toEqual([]);
      expect(storedFiles(path.join(storageRoot, '.tmp'))).toEqual([]);
    });

    it('stores a corrupt PDF and leaves its content empty', async () => {
      const corrupt = Buffer.concat([
        Buffer.from('%PDF-1.7\n'),
        Buffer.from('this is not really a pdf '.repeat(20)),
      ]);
      const document = await createDocument(server, ownerCredentials, organizationId, {
        name: 'broken.pdf',
        data: corrupt,
        type: 'application/pdf',
      });
      await server.jobQueue.runDueJobs();
      const after = await getDocument(server, ownerCredentials, organizationId, document.id);
      expect(after.content).toBe('');
      expect(after.mimeType).toBe('application/pdf');
      const file = await request(server, 'GET', `${base()}/${document.id}/file`, ownerCredentials);
      expect(Buffer.from(await file.arrayBuffer()).equals(corrupt)).toBe(true);
      const { rows } = await sql<{
        count: number;
      }>`select count(*) as count from jobs where status = 'failed'`.execute(testDatabase.db);
      expect(Number(rows[0]!.count)).toBe(0);
    });

    it('OCRs an image-only PDF and an image', { timeout: 120_000 }, async () => {
      const scan = await createDocument(server, ownerCredentials, organizationId, {
        name: 'scan.pdf',
        data: createImageOnlyPdf(['Scanned receipt', 'Coffee beans']),
        type: 'application/pdf',
      });
      const image = await createDocument(server, ownerCredentials, organizationId, {
        name: 'photo.png',
        data: createTextPng(['Quarterly report', 'Sheaf archive']),
        type: 'image/png',
      });
      await server.jobQueue.runDueJobs();
      const scanned = await getDocument(server, ownerCredentials, organizationId, scan.id);
      expect(scanned.content.toLowerCase()).toContain('scanned receipt');
      expect(scanned.content.toLowerCase()).toContain('coffee beans');
      const photo = await getDocument(server, ownerCredentials, organizationId, image.id);
      expect(photo.mimeType).toBe('image/png');
      expect(photo.content.toLowerCase()).toContain('quarterly report');
    });
  });

  describe('file download', () => {
    let pdf: DocumentDto;
    let html: DocumentDto;
    const pdfBytes = createTextPdf([['Download me']]);

    beforeAll(async () => {
      pdf = await createDocument(server, ownerCredentials, organizationId, {
        name: 'Relevé « mars ».pdf',
        data: pdfBytes,
      });
      html = await createDocument(server, ownerCredentials, organizationId, {
        name: 'page.html',
        type: 'text/html',
        data: '<html><body><script>alert(1)</script></body></html>',
      });
    });

    it('streams the file inline for a PDF, with its length, name and a restrictive policy', async () => {
      const response = await request(server, 'GET', `${base()}/${pdf.id}/file`, ownerCredentials, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-length')).toBe(String(pdfBytes.length));
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('content-disposition')).toBe(
        `inline; filename="Relev_ _ mars _.pdf"; filename*=UTF-8''${encodeURIComponent('Relevé « mars ».pdf')}`,
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(response.headers.get('accept-ranges')).toBe('bytes');
      expect(Buffer.from(await response.arrayBuffer()).equals(pdfBytes)).toBe(true);
    });

    it('serves HTML only as an attachment', async () => {
      const response = await request(server, 'GET', `${base()}/${html.id}/file`, ownerCredentials);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; /);
      expect(response.headers.get('content-type')).toBe('text/html');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('answers byte ranges with 206 and impossible ones with 416', async () => {
      const size = pdfBytes.length;
      const first = await request(server, 'GET', `${base()}/${pdf.id}/file`, ownerCredentials, {
        headers: { range: 'bytes=0-7' },
      });
      expect(first.status).toBe(206);
      expect(first.headers.get('content-range')).toBe(`bytes 0-7/${size}`);
      expect(first.headers.get('content-length')).toBe('8');
      expect(Buffer.from(await first.arrayBuffer()).toString('latin1')).toBe('%PDF-1.4');

      const suffix = await request(server, 'GET', `${base()}/${pdf.id}/file`, ownerCredentials, {
        headers: { range: 'bytes=-6' },
      });
      expect(suffix.status).toBe(206);
      expect(Buffer.from(await suffix.arrayBuffer()).equals(pdfBytes.subarray(size - 6))).toBe(true);

      const open = await request(server, 'GET', `${base()}/${pdf.id}/file`, ownerCredentials, {
        headers: { range: `bytes=${size - 3}-` },
      });
      expect(open.status).toBe(206);
      expect(open.headers.get('content-range')).toBe(`bytes ${size - 3}-${size - 1}/${size}`);

      const outside = await request(server, 'GET', `${base()}/${pdf.id}/file`, ownerCredentials, {
        headers: { range: `bytes=${size}-` },
      });
      expect(outside.status).toBe(416);
      expect(outside.headers.get('content-range')).toBe(`bytes */${size}`);
      expect((await readError(outside)).error.code).toBe('documents.range_not_satisfiable');
    });
  });

  describe('browsing and editing', () => {
    it('pages the list newest first, without content, and counts every document', async () => {
      const all = await listDocuments(server, ownerCredentials, organizationId);
      expect(all.documentsCount).toBeGreaterThan(5);
      expect(all.documents).toHaveLength(all.documentsCount);
      for (const document of all.documents) expect(document).not.toHaveProperty('content');
      const created = all.documents.map((document) => document.createdAt);
      expect(created).toEqual([...created].sort().reverse());

      const page0 = await listDocuments(server, ownerCredentials, organizationId, '?pageIndex=0&pageSize=2');
      const page1 = await listDocuments(server, ownerCredentials, organizationId, '?pageIndex=1&pageSize=2');
      expect(page0.documents.map(({ id }) => id)).toEqual(all.documents.slice(0, 2).map(({ id }) => id));
      expect(page1.documents.map(({ id }) => id)).toEqual(all.documents.slice(2, 4).map(({ id }) => id));
      expect(page1.documentsCount).toBe(all.documentsCount);

      for (const query of ['?pageSize=101', '?pageSize=0', '?pageIndex=-1', '?pageSize=abc']) {
        const response = await request(server, 'GET', `${base()}${query}`, ownerCredentials);
        expect(response.status, query).toBe(400);
      }
    });

    it('reads an empty pageIndex or pageSize as not given (the default), on every paged list', async () => {
      const all = await listDocuments(server, ownerCredentials, organizationId);
      for (const query of [
        '?pageIndex=',
        '?pageSize=',
        '?pageIndex=&pageSize=',
        '?pageIndex=&pageSize=&tags=',
      ]) {
        const answered = await listDocuments(server, ownerCredentials, organizationId, query);
        expect(
          answered.documents.map(({ id }) => id),
          query,
        ).toEqual(all.documents.map(({ id }) => id));
      }
      const first = all.documents[0]!;
      expect(
        await listActivities(server, ownerCredentials, organizationId, first.id, '?pageIndex=&pageSize='),
      ).toEqual(await listActivities(server, ownerCredentials, organizationId, first.id));
      const trash = await request(server, 'GET', `${base()}/deleted?pageIndex=&pageSize=`, ownerCredentials);
      expect(trash.status).toBe(200);
    });

    it('keeps the totals of the list and the trash right as documents move between them', async () => {
      // The totals are kept by database triggers (migration 0014), not counted per request.
      const totals = async () => ({
        active: (await listDocuments(server, ownerCredentials, organizationId, '?pageSize=1')).documentsCount,
        trashed: (
          await readJson<{ documentsCount: number }>(
            await request(server, 'GET', `${base()}/deleted?pageSize=1`, ownerCredentials),
          )
        ).documentsCount,
        listed: (await listDocuments(server, ownerCredentials, organizationId, '?pageSize=100')).documents
          .length,
      });
      const before = await totals();
      expect(before.active).toBe(before.listed);
      const document = await createDocument(server, ownerCredentials, organizationId, {
        name: 'totals.txt',
        data: 'Counted once',
      });
      expect(await totals()).toMatchObject({ active: before.active + 1, trashed: before.trashed });
      expect((await request(server, 'DELETE', `${base()}/${document.id}`, ownerCredentials)).status).toBe(
        204,
      );
      expect(await totals()).toMatchObject({ active: before.active, trashed: before.trashed + 1 });
      expect(
        (await request(server, 'POST', `${base()}/${document.id}/restore`, ownerCredentials)).status,
      ).toBe(200);
      expect(await totals()).toMatchObject({ active: before.active + 1, trashed: before.trashed });
      expect((await request(server, 'DELETE', `${base()}/${document.id}`, ownerCredentials)).status).toBe(
        204,
      );
      expect(
        (await request(server, 'DELETE', `${base()}/trash/${document.id}`, ownerCredentials)).status,
      ).toBe(204);
      expect(await totals()).toEqual(before);
    });

    it('filters by tags: documents carrying every given tag', async () => {
      const documents = await Promise.all(
        ['t1', 't2', 't3'].map((name) =>
          createDocument(server, ownerCredentials, organizationId, {
            name: `${name}.txt`,
            data: `tagged ${name}`,
          }),
        ),
      );
      const now = new Date().toISOString();
      const tag = (id: string, name: string) => ({
        id,
        organization_id: organizationId,
        name,
        name_key: name.toLowerCase(),
        color: '#d8ff75',
        description: null,
        created_at: now,
        updated_at: now,
      });
      const tagA = 'tag_aaaaaaaaaaaaaaaaaaaaaaaa';
      const tagB = 'tag_bbbbbbbbbbbbbbbbbbbbbbbb';
      await testDatabase.db
        .insertInto('tags')
        .values([tag(tagA, 'Invoices'), tag(tagB, 'Paid')])
        .execute();
      const link = (documentId: string, tagId: string, index: number) => ({
        id: `dt_${index}`,
        document_id: documentId,
        tag_id: tagId,
        created_at: now,
      });
      await testDatabase.db
        .insertInto('documents_tags')
        .values([
          link(documents[0]!.id, tagA, 1),
          link(documents[1]!.id, tagA, 2),
          link(documents[1]!.id, tagB, 3),
          link(documents[2]!.id, tagB, 4),
        ])
        .execute();

      const withA = await listDocuments(server, ownerCredentials, organizationId, `?tags=${tagA}`);
      expect(withA.documents.map(({ id }) => id).sort()).toEqual([documents[0]!.id, documents[1]!.id].sort());
      expect(withA.documentsCount).toBe(2);
      const both = await listDocuments(server, ownerCredentials, organizationId, `?tags=${tagA},${tagB}`);
      expect(both.documents.map(({ id }) => id)).toEqual([documents[1]!.id]);
      expect(both.documents[0]!.tags.map(({ name }) => name)).toEqual(['Invoices', 'Paid']);
      const repeated = await listDocuments(
        server,
        ownerCredentials,
        organizationId,
        `?tags=${tagA}&tags=${tagB}`,
      );
      expect(repeated.documentsCount).toBe(1);
      const unknown = await listDocuments(server, ownerCredentials, organizationId, '?tags=tag_unknown');
      expect(unknown).toEqual({ documents: [], documentsCount: 0 });
      const single = await getDocument(server, ownerCredentials, organizationId, documents[1]!.id);
      expect(single.tags.map(({ id }) => id)).toEqual([tagA, tagB]);
    });

    it('renames (trimmed, 1–255) and edits the content, recording what changed', async () => {
      tick();
      const document = await createDocument(server, ownerCredentials, organizationId, {
        name: 'draft.txt',
        data: 'rename me',
      });
      tick();
      const renamed = await request(
        server,
        'PATCH',
        `${base()}/${document.id}`,
        { cookie: member.cookie },
        {
          body: { name: '  final.txt  ' },
        },
      );
      // The member is not in the organization yet.
      expect(renamed.status).toBe(403);

      const response = await request(server, 'PATCH', `${base()}/${document.id}`, ownerCredentials, {
        body: { name: '  final.txt  ' },
      });
      expect(response.status).toBe(200);
      expect((await readJson<{ document: DocumentDto }>(response)).document.name).toBe('final.txt');
      tick();
      const edited = await request(server, 'PATCH', `${base()}/${document.id}`, ownerCredentials, {
        body: { content: 'hand-written content', name: 'final.txt' },
      });
      const after = (await readJson<{ document: DocumentDto }>(edited)).document;
      expect(after).toMatchObject({ name: 'final.txt', content: 'hand-written content' });
      expect(after.updatedAt).not.toBeNull();

      for (const body of [{ name: '   ' }, { name: 'x'.repeat(256) }, {}, { content: 42 }]) {
        const invalid = await request(server, 'PATCH', `${base()}/${document.id}`, ownerCredentials, {
          body,
        });
        expect(invalid.status, JSON.stringify(body)).toBe(400);
      }
      const activities = await listActivities(server, ownerCredentials, organizationId, document.id);
      expect(activities.map(({ event, eventData }) => [event, eventData?.updatedFields ?? null])).toEqual([
        ['updated', ['content']],
        ['updated', ['name']],
        ['created', null],
      ]);
    });

    it('drops control characters other than tabs and line breaks from edited content, keeping the text', async () => {
      const document = await createDocument(server, ownerCredentials, organizationId, {
        name: 'pages.txt',
        data: 'two pages',
      });
      // A form feed between pages, as extracted text may hold, comes back through the editor.
      const edited = await request(server, 'PATCH', `${base()}/${document.id}`, ownerCredentials, {
        body: { content: 'Page one\tend\n\u000cPage two\u0000\r\n' },
      });
      expect(edited.status).toBe(200);
      expect((await readJson<{ document: DocumentDto }>(edited)).document.content).toBe(
        'Page one\tend\nPage two\r\n',
      );
    });

    it('counts and sizes active documents in the statistics', async () => {
      const response = await request(server, 'GET', `${base()}/statistics`, ownerCredentials);
      const { organizationStats } = await readJson<{
        organizationStats: { documentsCount: number; documentsSize: number };
      }>(response);
      const all = await listDocuments(server, ownerCredentials, organizationId);
      expect(organizationStats.documentsCount).toBe(all.documentsCount);
      expect(organizationStats.documentsSize).toBe(
        all.documents.reduce((sum, { originalSize }) => sum + originalSize, 0),
      );
    });
  });

  describe('trash', () => {
    it('soft deletes, lists, restores, re-upload restores, and permanently deletes with the file', async () => {
      tick();
      const data = 'trash lifecycle';
      const document = await createDocument(server, ownerCredentials, organizationId, {
        name: 'old.txt',
        data,
      });
      const statsBefore = await (
        await request(server, 'GET', `${base()}/statistics`, ownerCredentials)
      ).json();
      tick();
      const deleted = await request(server, 'DELETE', `${base()}/${document.id}`, ownerCredentials);
      expect(deleted.status).toBe(204);
      const inTrash = await getDocument(server, ownerCredentials, organizationId, document.id);
      expect(inTrash).toMatchObject({
        isDeleted: true,
        deletedBy: owner.userId,
        deletedAt: clock.now().toISOString(),
      });
      expect(inTrash.scheduledPurgeAt).toBe(new Date(clock.now().getTime() + 30 * DAY_MS).toISOString());
      const list = await listDocuments(server, ownerCredentials, organizationId);
      expect(list.documents.map(({ id }) => id)).not.toContain(document.id);
      const trash = await readJson<{ documents: DocumentDto[]; documentsCount: number }>(
        await request(server, 'GET', `${base()}/deleted?pageSize=10`, ownerCredentials),
      );
      expect(trash.documents.map(({ id }) => id)).toContain(document.id);
      const statsAfter = (await (
        await request(server, 'GET', `${base()}/statistics`, ownerCredentials)
      ).json()) as {
        organizationStats: { documentsCount: number };
      };
      expect(statsAfter.organizationStats.documentsCount).toBe(
        (statsBefore as typeof statsAfter).organizationStats.documentsCount - 1,
      );

      tick();
      const restored = await request(server, 'POST', `${base()}/${document.id}/restore`, ownerCredentials);
      expect(restored.status).toBe(200);
      expect((await readJson<{ document: DocumentDto }>(restored)).document).toMatchObject({
        isDeleted: false,
        deletedAt: null,
        deletedBy: null,
        scheduledPurgeAt: null,
      });

      // Deleted again, then uploaded again: the trashed twin comes back.
      tick();
      await request(server, 'DELETE', `${base()}/${document.id}`, ownerCredentials);
      tick();
      const reupload = await uploadFile(server, ownerCredentials, organizationId, {
        name: 'new name.txt',
        data,
      });
      expect(reupload.status).toBe(200);
      const back = (await readJson<{ document: DocumentDto }>(reupload)).document;
      expect(back).toMatchObject({ id: document.id, isDeleted: false, name: 'old.txt' });
      expect(orgFiles().filter((file) => file === document.id)).toEqual([document.id]);

      const activities = await listActivities(server, ownerCredentials, organizationId, document.id);
      expect(activities.map(({ event }) => event)).toEqual([
        'restored',
        'deleted',
        'restored',
        'deleted',
        'created',
      ]);
      const page = await listActivities(
        server,
        ownerCredentials,
        organizationId,
        document.id,
        '?pageIndex=1&pageSize=2',
      );
      expect(page.map(({ event }) => event)).toEqual(['restored', 'deleted']);

      // Permanent delete works from the trash only.
      const notInTrash = await request(server, 'DELETE', `${base()}/trash/${document.id}`, ownerCredentials);
      expect(notInTrash.status).toBe(404);
      await request(server, 'DELETE', `${base()}/${document.id}`, ownerCredentials);
      const gone = await request(server, 'DELETE', `${base()}/trash/${document.id}`, ownerCredentials);
      expect(gone.status).toBe(204);
      expect(fs.existsSync(path.join(storageRoot, organizationId, document.id))).toBe(false);
      const missing = await request(server, 'GET', `${base()}/${document.id}`, ownerCredentials);
      expect(missing.status).toBe(404);
      expect((await readError(missing)).error.code).toBe('documents.not_found');
    });

    it('empties the trash, files included', async () => {
      const documents = await Promise.all(
        ['e1', 'e2'].map((name) =>
          createDocument(server, ownerCredentials, organizationId, { name, data: `empty ${name}` }),
        ),
      );
      for (const { id } of documents) await request(server, 'DELETE', `${base()}/${id}`, ownerCredentials);
      const response = await request(server, 'DELETE', `${base()}/trash`, ownerCredentials);
      expect(response.status).toBe(204);
      const trash = await readJson<{ documentsCount: number }>(
        await request(server, 'GET', `${base()}/deleted`, ownerCredentials),
      );
      expect(trash.documentsCount).toBe(0);
      for (const { id } of documents)
        expect(fs.existsSync(path.join(storageRoot, organizationId, id))).toBe(false);
    });

    it('purges trashed documents after the retention days in the periodic job', async () => {
      const document = await createDocument(server, ownerCredentials, organizationId, {
        name: 'p.txt',
        data: 'purge me',
      });
      const kept = await createDocument(server, ownerCredentials, organizationId, {
        name: 'k.txt',
        data: 'keep me',
      });
      await request(server, 'DELETE', `${base()}/${document.id}`, ownerCredentials);
      clock.advance(10 * DAY_MS);
      await request(server, 'DELETE', `${base()}/${kept.id}`, ownerCredentials);
      clock.advance(21 * DAY_MS);
      await server.jobQueue.runDueSchedules();
      await server.jobQueue.runDueJobs();
      expect((await request(server, 'GET', `${base()}/${document.id}`, ownerCredentials)).status).toBe(404);
      expect(fs.existsSync(path.join(storageRoot, organizationId, document.id))).toBe(false);
      expect((await getDocument(server, ownerCredentials, organizationId, kept.id)).isDeleted).toBe(true);
      expect(fs.existsSync(path.join(storageRoot, organizationId, kept.id))).toBe(true);
    });
  });

  describe('access', () => {
    it("answers 404 documents.not_found for another organization's document on every document route", async () => {
      const foreign = await createDocument(server, { cookie: outsider.cookie }, otherOrganizationId, {
        name: 'secret.txt',
        data: 'not yours',
      });
      const routes: Array<[string, string, unknown?]> = [
        ['GET', `${base()}/${foreign.id}`],
        ['GET', `${base()}/${foreign.id}/file`],
        ['GET', `${base()}/${foreign.id}/activity`],
        ['PATCH', `${base()}/${foreign.id}`, { name: 'mine now' }],
        ['DELETE', `${base()}/${foreign.id}`],
        ['POST', `${base()}/${foreign.id}/restore`],
        ['DELETE', `${base()}/trash/${foreign.id}`],
      ];
      for (const [method, route, body] of routes) {
        const response = await request(server, method, route, ownerCredentials, body ? { body } : {});
        expect(response.status, `${method} ${route}`).toBe(404);
        expect((await readError(response)).error.code).toBe('documents.not_found');
      }
      const untouched = await getDocument(
        server,
        { cookie: outsider.cookie },
        otherOrganizationId,
        foreign.id,
      );
      expect(untouched).toMatchObject({ name: 'secret.txt', isDeleted: false });
    });

    it('needs the matching documents:* permission for API keys', async () => {
      const readOnly = await createApiKey(server, owner, {
        permissions: ['documents:read'],
        organizationIds: [organizationId],
      });
      const creator = await createApiKey(server, owner, {
        permissions: ['documents:create', 'documents:delete'],
        organizationIds: [organizationId],
      });
      expect((await request(server, 'GET', base(), { token: readOnly })).status).toBe(200);
      const refused = await uploadFile(server, { token: readOnly }, organizationId, {
        name: 'k.txt',
        data: 'by key',
      });
      expect(refused.status).toBe(403);
      const created = await uploadFile(server, { token: creator }, organizationId, {
        name: 'k.txt',
        data: 'by key',
      });
      expect(created.status).toBe(201);
      const { document } = await readJson<{ document: DocumentDto }>(created);
      expect((await request(server, 'GET', base(), { token: creator })).status).toBe(403);
      expect(
        (
          await request(
            server,
            'PATCH',
            `${base()}/${document.id}`,
            { token: creator },
            { body: { name: 'x' } },
          )
        ).status,
      ).toBe(403);
      expect((await request(server, 'DELETE', `${base()}/${document.id}`, { token: readOnly })).status).toBe(
        403,
      );
      tick();
      expect((await request(server, 'DELETE', `${base()}/${document.id}`, { token: creator })).status).toBe(
        204,
      );
      const activities = await listActivities(server, ownerCredentials, organizationId, document.id);
      expect(activities[0]).toMatchObject({
        event: 'deleted',
        user: { id: owner.userId, name: 'Olivia Owner' },
      });
    });
  });
});
