import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DocumentListItemDto } from '@sheaf/contracts/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { type Credentials, createDocument, getDocument, request } from '../documents/documents.test-helpers';
import { createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import {
  createDocm,
  createDocx,
  createEpub,
  createManySheetsXlsx,
  createOdf,
  createPptx,
  createRtf,
  createXlsx,
  createZipBombDocx,
  ONE_PIXEL_PNG,
  truncated,
} from './extraction.office.test-helpers';

// The HTML preview of a .docx is what these tests look at: LibreOffice, when installed, would make
// PDFs instead (extraction.office.test covers it). Read by the extraction workers this file forks.
process.env.SHEAF_DISABLE_SOFFICE = '1';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe.each(testDialects)('Office files through the API on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-office-'));
  const { server, createUser } = useApiTestServer(testDatabase, {
    env: { DOCUMENTS_STORAGE_FILESYSTEM_ROOT: storageRoot },
  });
  let owner: TestUser;
  let outsider: TestUser;
  let organizationId: string;
  let credentials: Credentials;
  const documentsPath = () => `/api/organizations/${organizationId}/documents`;
  const search = async (searchQuery: string) => {
    const response = await request(
      server,
      'GET',
      `${documentsPath()}/search?searchQuery=${encodeURIComponent(searchQuery)}`,
      credentials,
    );
    expect(response.status).toBe(200);
    return (await readJson<{ documents: DocumentListItemDto[] }>(response)).documents.map((hit) => hit.name);
  };
  const preview = (
    documentId: string,
    who: Credentials = credentials,
    headers: Record<string, string> = {},
  ) => request(server, 'GET', `${documentsPath()}/${documentId}/preview`, who, { headers });

  beforeAll(async () => {
    owner = await createUser('office-owner@example.com', 'Olga Office');
    outsider = await createUser('office-outsider@example.com');
    organizationId = (await createOrganization(server, owner, 'Office archive')).id;
    credentials = { cookie: owner.cookie };
  });
  afterAll(() => fs.rmSync(storageRoot, { recursive: true, force: true }));

  it('finds a known sentence of each format by search once extracted', async () => {
    // Declared as browsers do, some not at all: the type is sniffed, then taken from the name.
    const files: Array<{ name: string; type: string; data: Buffer | string; word: string }> = [
      {
        name: 'letter.docx',
        type: 'application/octet-stream',
        data: await createDocx(['Kestrelwood letter about the roof']),
        word: 'kestrelwood',
      },
      {
        name: 'budget.xlsx',
        type: '',
        data: await createXlsx([{ name: 'Budget', rows: [['Marlinspike budget', 300]] }]),
        word: 'marlinspike',
      },
      {
        name: 'talk.pptx',
        type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        data: await createPptx(['Quillfeather presentation']),
        word: 'quillfeather',
      },
      {
        name: 'minutes.odt',
        type: 'application/vnd.oasis.opendocument.text',
        data: await createOdf('odt', { paragraphs: ['Brackenridge minutes'] }),
        word: 'brackenridge',
      },
      {
        name: 'ledger.ods',
        type: 'application/octet-stream',
        data: await createOdf('ods', { rows: [['Thistledown ledger']] }),
        word: 'thistledown',
      },
      {
        name: 'slides.odp',
        type: 'application/vnd.oasis.opendocument.presentation',
        data: await createOdf('odp', { slides: ['Wrenhaven slides'] }),
        word: 'wrenhaven',
      },
      { name: 'memo.rtf', type: 'application/rtf', data: createRtf(['Saltmarsh memo']), word: 'saltmarsh' },
      {
        name: 'page.html',
        type: 'text/html',
        data: '<html><body><p>Gorsefield page</p><script>var hidden = "Nightjarscript";</script></body></html>',
        word: 'gorsefield',
      },
      {
        name: 'notes.md',
        type: '',
        data: '# Notes\n\nLarkspurrow notes in **Markdown**.',
        word: 'larkspurrow',
      },
      { name: 'table.csv', type: 'text/csv', data: 'name,amount\nFoxglovelane,12\n', word: 'foxglovelane' },
      {
        name: 'book.epub',
        type: 'application/epub+zip',
        data: await createEpub('A book', ['Heronsgate chapter']),
        word: 'heronsgate',
      },
    ];
    for (const file of files) {
      await createDocument(server, credentials, organizationId, file);
    }
    await server.jobQueue.runDueJobs();
    for (const file of files) {
      expect(await search(file.word), file.name).toEqual([file.name]);
    }
    // A script's text is not the page's.
    expect(await search('nightjarscript')).toEqual([]);
  }, 120_000);

  it('stores a .docx as its Word type even when sniffing sees only a zip, and previews it sanitized', async () => {
    const uploaded = await createDocument(server, credentials, organizationId, {
      name: 'report.docx',
      type: 'application/octet-stream',
      data: await createDocx(['Harbour report with a picture', '<script>alert("x")</script>'], {
        image: ONE_PIXEL_PNG,
        link: { text: 'see the website', url: 'https://tracker.example/visit' },
      }),
    });
    expect(uploaded.mimeType).toBe(DOCX);
    expect(uploaded.preview).toBeNull();
    await server.jobQueue.runDueJobs();
    const document = await getDocument(server, credentials, organizationId, uploaded.id);
    expect(document).toMatchObject({ extractionStatus: 'done', preview: 'html', extractionNotice: null });

    const response = await preview(uploaded.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^sandbox; default-src 'none'; img-src data:; style-src 'sha256-[A-Za-z0-9+/=]+'/);
    const html = await response.text();
    expect(html).toContain('<p>Harbour report with a picture</p>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/<script|tracker\.example|\son\w+=/i);
    expect(html).toMatch(/<img src="data:image\/png;base64,/);

    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    const again = await preview(uploaded.id, credentials, { 'if-none-match': etag });
    expect(again.status).toBe(304);

    // A retry replaces the preview with the same one: one file, the same version.
    expect(
      (await request(server, 'POST', `${documentsPath()}/${uploaded.id}/extraction`, credentials)).status,
    ).toBe(202);
    await server.jobQueue.runDueJobs();
    expect((await preview(uploaded.id)).headers.get('etag')).toBe(etag);
    const stored = fs
      .readdirSync(path.join(storageRoot, organizationId))
      .filter((name) => name.startsWith(uploaded.id));
    expect(stored.filter((name) => name.endsWith('_preview'))).toHaveLength(1);

    // Membership first.
    const outside = await preview(uploaded.id, { cookie: outsider.cookie });
    expect([403, 404]).toContain(outside.status);
  }, 60_000);

  it('answers preview_not_found for a workbook, whose preview is its text', async () => {
    const uploaded = await createDocument(server, credentials, organizationId, {
      name: 'figures.xlsx',
      data: await createXlsx([{ name: 'Figures', rows: [['Cormorant count', 12]] }]),
    });
    await server.jobQueue.runDueJobs();
    const document = await getDocument(server, credentials, organizationId, uploaded.id);
    expect(document).toMatchObject({ extractionStatus: 'done', preview: null });
    expect(document.content).toBe('Figures\nCormorant count\t12');
    const response = await preview(uploaded.id);
    expect(response.status).toBe(404);
    expect((await readError(response)).error.code).toBe('documents.preview_not_found');
  });

  it('notes a spreadsheet whose text was capped at 1 MB', async () => {
    const rows = Array.from({ length: 26_000 }, (_, index) => [
      `Row ${index} of the tide tables`,
      'x'.repeat(20),
    ]);
    const uploaded = await createDocument(server, credentials, organizationId, {
      name: 'tides.xlsx',
      data: await createXlsx([{ name: 'Tides', rows }]),
    });
    await server.jobQueue.runDueJobs();
    const document = await getDocument(server, credentials, organizationId, uploaded.id);
    expect(document.extractionStatus).toBe('done');
    expect(document.extractionNotice?.code).toBe('extraction.text_capped');
    expect(Buffer.byteLength(document.content)).toBeLessThanOrEqual(1_000_000);
    expect(document.content).toContain('Row 0 of the tide tables');
    expect(document.content).not.toContain('Row 25999');
  }, 60_000);

  it('ends each hostile file with a clear state and keeps extracting', async () => {
    const bomb = await createDocument(server, credentials, organizationId, {
      name: 'bomb.docx',
      data: await createZipBombDocx(60),
    });
    const cut = await createDocument(server, credentials, organizationId, {
      name: 'cut.docx',
      type: DOCX,
      data: truncated(await createDocx(['Cut short', 'y'.repeat(4000)])),
    });
    const sheets = await createDocument(server, credentials, organizationId, {
      name: 'sheets.xlsx',
      data: await createManySheetsXlsx(100_000),
    });
    const macro = await createDocument(server, credentials, organizationId, {
      name: 'macro.docm',
      data: await createDocm(['Gannetcliff figures with a macro']),
    });
    const fine = await createDocument(server, credentials, organizationId, {
      name: 'after.docx',
      data: await createDocx(['Ptarmigan after the storm']),
    });
    await server.jobQueue.runDueJobs();
    expect((await getDocument(server, credentials, organizationId, bomb.id)).extractionError?.code).toBe(
      'extraction.too_large',
    );
    expect((await getDocument(server, credentials, organizationId, cut.id)).extractionError?.code).toBe(
      'extraction.unreadable',
    );
    expect((await getDocument(server, credentials, organizationId, sheets.id)).extractionError?.code).toBe(
      'extraction.too_large',
    );
    expect(await getDocument(server, credentials, organizationId, macro.id)).toMatchObject({
      mimeType: 'application/vnd.ms-word.document.macroenabled.12',
      extractionStatus: 'done',
      preview: 'html',
    });
    expect(await search('gannetcliff')).toEqual(['macro.docm']);
    expect((await getDocument(server, credentials, organizationId, fine.id)).extractionStatus).toBe('done');
    expect(await search('ptarmigan')).toEqual(['after.docx']);
  }, 60_000);
});
