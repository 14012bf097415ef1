import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DocumentDto, DocumentListItemDto } from '@sheaf/contracts/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { createTextPdf, createTextPng } from '../../test/test-files';
import { RENORMALIZE_CONTENT_JOB_TYPE } from '../extraction/extraction.jobs';
import { createApiKey, createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import { EXTRACT_DOCUMENT_CONTENT_JOB_TYPE } from './documents.extraction-state';
import {
  type Credentials,
  createDocument,
  getDocument,
  listDocuments,
  request,
} from './documents.test-helpers';

const ligatureFixture = path.join(import.meta.dirname, '../../test/fixtures/ligatures-chromium.pdf');

describe.each(testDialects)('document text extraction state on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date('2026-03-01T10:00:00.000Z'));
  const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-extraction-'));
  const { server, createUser } = useApiTestServer(testDatabase, {
    clock,
    env: {
      DOCUMENTS_STORAGE_FILESYSTEM_ROOT: storageRoot,
      EXTRACTION_MAX_FILE_SIZE: '200000',
    },
  });
  let owner: TestUser;
  let outsider: TestUser;
  let organizationId: string;
  let credentials: Credentials;
  const documentsPath = () => `/api/organizations/${organizationId}/documents`;
  const retry = (documentId: string, who: Credentials = credentials) =>
    request(server, 'POST', `${documentsPath()}/${documentId}/extraction`, who);
  const statusOf = async (documentId: string) =>
    (await getDocument(server, credentials, organizationId, documentId)).extractionStatus;
  const extractionJobsOf = async (documentId: string) =>
    (
      await testDatabase.database.db
        .selectFrom('jobs')
        .selectAll()
        .where('type', '=', EXTRACT_DOCUMENT_CONTENT_JOB_TYPE)
        .execute()
    ).filter((job) => (JSON.parse(job.payload) as { documentId: string }).documentId === documentId);

  beforeAll(async () => {
    owner = await createUser('extraction-owner@example.com', 'Ella Extractor');
    outsider = await createUser('extraction-outsider@example.com');
    organizationId = (await createOrganization(server, owner, 'Extraction archive')).id;
    credentials = { cookie: owner.cookie };
  });
  afterAll(async () => {
    fs.rmSync(storageRoot, { recursive: true, force: true });
  });

  it('goes from pending to processing to done, visible in the upload answer, the list and the document', async () => {
    const uploaded = await createDocument(server, credentials, organizationId, {
      name: 'scan.png',
      data: createTextPng(['Harbour invoice 2026']),
      type: 'image/png',
    });
    expect(uploaded).toMatchObject({ extractionStatus: 'pending', extractionError: null });
    const { documents } = await listDocuments(server, credentials, organizationId);
    expect(documents.find((document) => document.id === uploaded.id)).toMatchObject({
      extractionStatus: 'pending',
      extractionError: null,
    });

    // OCR takes a moment: long enough to see the document while its job runs.
    const running = server.jobQueue.runDueJobs();
    await expect.poll(() => statusOf(uploaded.id), { timeout: 20_000, interval: 20 }).toBe('processing');
    await running;
    const document = await getDocument(server, credentials, organizationId, uploaded.id);
    expect(document).toMatchObject({ extractionStatus: 'done', extractionError: null });
    expect(document.content.toLowerCase()).toContain('harbour invoice');
  }, 60_000);

  it('ends done with no content for a file that holds no text to read', async () => {
    const uploaded = await createDocument(server, credentials, organizationId, {
      name: 'archive.bin',
      data: Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff]),
      type: 'application/octet-stream',
    });
    await server.jobQueue.runDueJobs();
    expect(await getDocument(server, credentials, organizationId, uploaded.id)).toMatchObject({
      extractionStatus: 'done',
      extractionError: null,
      content: '',
    });
  });

  it('fails a damaged PDF with extraction.unreadable and keeps the document', async () => {
    const pdf = createTextPdf([['A perfectly good start']]);
    const uploaded = await createDocument(server, credentials, organizationId, {
      name: 'truncated.pdf',
      data: pdf.subarray(0, Math.floor(pdf.length / 3)),
      type: 'application/pdf',
    });
    await server.jobQueue.runDueJobs();
    const document = await getDocument(server, credentials, organizationId, uploaded.id);
    expect(document.extractionStatus).toBe('failed');
    expect(document.extractionError?.code).toBe('extraction.unreadable');
    expect(document.extractionError?.message).not.toBe('');
    const { documents } = await listDocuments(server, credentials, organizationId);
    expect(documents.find((row) => row.id === uploaded.id)?.extractionError?.code).toBe(
      'extraction.unreadable',
    );
  });

  it('fails a file past EXTRACTION_MAX_FILE_SIZE with extraction.too_large without reading it', async () => {
    const uploaded = await createDocument(server, credentials, organizationId, {
      name: 'long.txt',
      data: 'lorem ipsum '.repeat(20_000),
      type: 'text/plain',
    });
    await server.jobQueue.runDueJobs();
    expect(await getDocument(server, credentials, organizationId, uploaded.id)).toMatchObject({
      extractionStatus: 'failed',
      extractionError: { code: 'extraction.too_large' },
      content: '',
    });
  });

  describe('retry', () => {
    let failedId: string;
    beforeAll(async () => {
      const uploaded = await createDocument(server, credentials, organizationId, {
        name: 'broken.pdf',
        data: Buffer.from('%PDF-1.7\n1 0 obj garbage that is not a PDF at all\n'),
        type: 'application/pdf',
      });
      await server.jobQueue.runDueJobs();
      failedId = uploaded.id;
      expect(await statusOf(failedId)).toBe('failed');
    });

    it('queues the extraction again, answers 202 with the document pending, and 409 while it is queued', async () => {
      const response = await retry(failedId);
      expect(response.status).toBe(202);
      const { document } = await readJson<{ document: DocumentDto }>(response);
      expect(document).toMatchObject({ id: failedId, extractionStatus: 'pending', extractionError: null });

      const again = await retry(failedId);
      expect(again.status).toBe(409);
      expect((await readError(again)).error.code).toBe('documents.extraction_in_progress');

      await server.jobQueue.runDueJobs();
      expect(await statusOf(failedId)).toBe('failed');
    });

    it('starts exactly one extraction when 30 retries arrive at once', async () => {
      const responses = await Promise.all(Array.from({ length: 30 }, () => retry(failedId)));
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses.filter((status) => status === 202)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(29);
      expect(await extractionJobsOf(failedId)).toHaveLength(1);
      await server.jobQueue.runDueJobs();
      expect(await extractionJobsOf(failedId)).toHaveLength(0);
    });

    it('reads a done document again on request', async () => {
      const uploaded = await createDocument(server, credentials, organizationId, {
        name: 'note.txt',
        data: 'Read me twice',
        type: 'text/plain',
      });
      await server.jobQueue.runDueJobs();
      expect((await retry(uploaded.id)).status).toBe(202);
      await server.jobQueue.runDueJobs();
      expect(await getDocument(server, credentials, organizationId, uploaded.id)).toMatchObject({
        extractionStatus: 'done',
        content: 'Read me twice',
      });
    });

    it('is refused to outsiders, to API keys without documents:update, and for unknown documents', async () => {
      expect((await retry(failedId, { cookie: outsider.cookie })).status).toBe(403);
      const readOnlyToken = await createApiKey(server, owner, {
        permissions: ['documents:read'],
        organizationIds: [organizationId],
      });
      expect((await retry(failedId, { token: readOnlyToken })).status).toBe(403);
      const updateToken = await createApiKey(server, owner, {
        permissions: ['documents:update'],
        organizationIds: [organizationId],
      });
      expect((await retry(failedId, { token: updateToken })).status).toBe(202);
      await server.jobQueue.runDueJobs();
      const missing = await retry('doc_aaaaaaaaaaaaaaaaaaaaaaaa');
      expect(missing.status).toBe(404);
      expect((await readError(missing)).error.code).toBe('documents.not_found');
      const otherOrganizationId = (await createOrganization(server, outsider, 'Elsewhere')).id;
      const foreign = await request(
        server,
        'POST',
        `/api/organizations/${otherOrganizationId}/documents/${failedId}/extraction`,
        { cookie: outsider.cookie },
      );
      expect(foreign.status).toBe(404);
      expect(await extractionJobsOf(failedId)).toHaveLength(0);
    });
  });

  it('marks the document failed when its job fails its last try (the file is gone from storage)', async () => {
    const uploaded = await createDocument(server, credentials, organizationId, {
      name: 'vanishing.txt',
      data: 'Soon gone',
      type: 'text/plain',
    });
    await server.services.storage.delete(`${organizationId}/${uploaded.id}`);
    for (let attempt = 0; attempt < 3; attempt++) {
      await server.jobQueue.runDueJobs();
      clock.advance(60 * 60 * 1000);
    }
    const document = await getDocument(server, credentials, organizationId, uploaded.id);
    expect(document.extractionStatus).toBe('failed');
    expect(document.extractionError?.code).toBe('extraction.failed');
    const [job] = await extractionJobsOf(uploaded.id);
    expect(job).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('queues again at start the extraction of a document left processing without a job', async () => {
    const uploaded = await createDocument(server, credentials, organizationId, {
      name: 'interrupted.txt',
      data: 'Interrupted halfway',
      type: 'text/plain',
    });
    // As after a crash between two steps: the document says processing and no job is left.
    await testDatabase.database.db
      .updateTable('documents')
      .set({ extraction_status: 'processing' })
      .where('id', '=', uploaded.id)
      .execute();
    await testDatabase.database.db
      .deleteFrom('jobs')
      .where('type', '=', EXTRACT_DOCUMENT_CONTENT_JOB_TYPE)
      .execute();

    expect(await server.services.extraction.recoverUnfinishedExtractions()).toBe(1);
    expect(await statusOf(uploaded.id)).toBe('pending');
    // A document whose job is still queued is left to that job.
    expect(await server.services.extraction.recoverUnfinishedExtractions()).toBe(0);
    await server.jobQueue.runDueJobs();
    expect(await getDocument(server, credentials, organizationId, uploaded.id)).toMatchObject({
      extractionStatus: 'done',
      content: 'Interrupted halfway',
    });
  });

  it('normalises stored contents again in the background (ligatures, soft hyphens, split words)', async () => {
    const uploaded = await createDocument(server, credentials, organizationId, {
      name: 'legacy.txt',
      data: 'legacy',
      type: 'text/plain',
    });
    await server.jobQueue.runDueJobs();
    // As stored before extraction normalised text.
    await testDatabase.database.db
      .updateTable('documents')
      .set({ content: 'The \uFB01scal o\uFB03ce of an a\uFB04uent par\u00ADtner, for the trea-\nsury.' })
      .where('id', '=', uploaded.id)
      .execute();
    await server.jobQueue.enqueue(RENORMALIZE_CONTENT_JOB_TYPE, { afterId: null });
    await server.jobQueue.runDueJobs();
    expect((await getDocument(server, credentials, organizationId, uploaded.id)).content).toBe(
      'The fiscal office of an affluent partner, for the treasury.',
    );
    const search = await request(
      server,
      'GET',
      `${documentsPath()}/search?searchQuery=affluent`,
      credentials,
    );
    const { documents } = await readJson<{ documents: DocumentListItemDto[] }>(search);
    expect(documents.map((document) => document.id)).toContain(uploaded.id);
  });

  it('finds each word of a PDF printed by Chromium with ligatures', async () => {
    const uploaded = await createDocument(server, credentials, organizationId, {
      name: 'ligatures.pdf',
      data: fs.readFileSync(ligatureFixture),
      type: 'application/pdf',
    });
    await server.jobQueue.runDueJobs();
    expect(await statusOf(uploaded.id)).toBe('done');
    for (const word of ['fiscal', 'office', 'affluent']) {
      const response = await request(
        server,
        'GET',
        `${documentsPath()}/search?searchQuery=${encodeURIComponent(word)}`,
        credentials,
      );
      const { documents } = await readJson<{ documents: DocumentListItemDto[] }>(response);
      expect(
        documents.map((document) => document.id),
        word,
      ).toContain(uploaded.id);
    }
  });
});
