import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DocumentDto } from '@sheaf/contracts/documents';
import type { NoteDto } from '@sheaf/contracts/notes';
import type { PaperlessImportDto, PaperlessImportReport } from '@sheaf/contracts/paperless-imports';
import type { PropertyDefinitionDto } from '@sheaf/contracts/properties';
import type { TaggingRuleDto } from '@sheaf/contracts/tagging-rules';
import type { TagDto } from '@sheaf/contracts/tags';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { testDialects, useTestDatabase } from '../../test/test-database';
import {
  authHeaders,
  MULTIPART_CONTENT_TYPE,
  multipartBody,
  request,
} from '../documents/documents.test-helpers';
import { addMember, createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import {
  buildPaperlessExport,
  writePaperlessExport,
  writePaperlessExportZip,
  zipEntries,
} from './paperless-imports.test-helpers';

const importsPath = (organizationId: string) => `/api/organizations/${organizationId}/paperless-imports`;

describe.each(testDialects)('Paperless-ngx import API on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-paperless-'));
  const adminEmail = `pl-admin-${dialect}@example.com`;
  const { server, createUser } = useApiTestServer(testDatabase, {
    // Files up to 50 kB: the fixtures' PDFs are a few kB; one made larger is over the limit.
    env: {
      DATA_DIR: path.join(workDir, 'data'),
      SERVER_ADMIN_EMAILS: adminEmail,
      DOCUMENTS_MAX_UPLOAD_SIZE: '50000',
    },
  });
  let owner: TestUser;
  let serverAdmin: TestUser;
  let member: TestUser;
  let outsider: TestUser;

  beforeAll(async () => {
    owner = await createUser(`pl-owner-${dialect}@example.com`, 'Olivia Owner');
    serverAdmin = await createUser(adminEmail, 'Adam Admin');
    member = await createUser(`pl-member-${dialect}@example.com`);
    outsider = await createUser(`pl-outsider-${dialect}@example.com`);
  });
  afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

  const newOrganization = async (name: string) => {
    const organizationId = (await createOrganization(server, owner, name)).id;
    await addMember(server, owner, organizationId, serverAdmin, 'admin');
    return organizationId;
  };

  const upload = (user: TestUser, organizationId: string, zip: Buffer, fileName = 'export.zip') =>
    server.app.request(importsPath(organizationId), {
      method: 'POST',
      headers: { ...authHeaders({ cookie: user.cookie }), 'content-type': MULTIPART_CONTENT_TYPE },
      body: multipartBody([{ name: 'file', filename: fileName, type: 'application/zip', data: zip }]),
    });

  const runJobs = async () => {
    for (let round = 0; round < 5; round++) if ((await server.jobQueue.runDueJobs()) === 0) break;
  };

  const getImport = async (organizationId: string, importId: string) =>
    (
      await readJson<{ import: PaperlessImportDto }>(
        await request(server, 'GET', `${importsPath(organizationId)}/${importId}`, { cookie: owner.cookie }),
      )
    ).import;

  const getReport = async (organizationId: string, importId: string) => {
    const response = await request(server, 'GET', `${importsPath(organizationId)}/${importId}/report`, {
      cookie: owner.cookie,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="paperless-import-${importId}.json"`,
    );
    return readJson<PaperlessImportReport>(response);
  };

  const importZip = async (organizationId: string, zip: Buffer) => {
    const response = await upload(owner, organizationId, zip);
    expect(response.status).toBe(201);
    const { import: created } = await readJson<{ import: PaperlessImportDto }>(response);
    expect(created).toMatchObject({ source: 'upload', sourceName: 'export.zip', status: 'queued' });
    await runJobs();
    return getImport(organizationId, created.id);
  };

  const listDocuments = async (organizationId: string) => {
    const response = await request(
      server,
      'GET',
      `/api/organizations/${organizationId}/documents?pageSize=100`,
      {
        cookie: owner.cookie,
      },
    );
    const { documents } = await readJson<{ documents: Array<{ id: string; name: string }> }>(response);
    return Promise.all(
      documents.map(
        async ({ id }) =>
          (
            await readJson<{ document: DocumentDto }>(
              await request(server, 'GET', `/api/organizations/${organizationId}/documents/${id}`, {
                cookie: owner.cookie,
              }),
            )
          ).document,
      ),
    );
  };
  const getJson = async <Body>(url: string) =>
    readJson<Body>(await request(server, 'GET', url, { cookie: owner.cookie }));

  it('imports a 2.x export zip with every mapped field, and lists what it skipped', {
    timeout: 60_000,
  }, async () => {
    const organizationId = await newOrganization('Paperless 2.x');
    const zip = zipEntries(buildPaperlessExport({ layout: '2.x', aliceEmail: serverAdmin.email }));
    const finished = await importZip(organizationId, zip);
    expect(finished).toMatchObject({
      status: 'done',
      error: null,
      progress: { total: 3, processed: 3, imported: 3, skipped: 0, failed: 0 },
      ratePerSecond: null,
      etaSeconds: null,
    });
    expect(finished.summary).toMatchObject({
      paperlessVersion: '2.13.5',
      imported: { documents: 3, tags: 6, notes: 2, savedViews: 1, taggingRules: 5 },
      checksumMismatchCount: 0,
      missingFileCount: 0,
      overLimitCount: 0,
    });

    const base = `/api/organizations/${organizationId}`;
    const { tags } = await getJson<{ tags: TagDto[] }>(`${base}/tags`);
    expect(tags.map((tag) => [tag.name, tag.color]).sort()).toEqual(
      [
        ['Finance', '#ff0000'],
        ['Finance / Bills', '#00aa00'],
        ['Urgent', '#0000ff'],
        ['Numbers', '#123456'],
        ['Typos', '#654321'],
        ['Learned', '#abcdef'],
      ].sort(),
    );
    const { properties } = await getJson<{ properties: PropertyDefinitionDto[] }>(`${base}/properties`);
    const byName = new Map(properties.map((property) => [property.name, property]));
    expect([...byName.values()].map((property) => [property.name, property.type]).sort()).toEqual(
      [
        ['ASN', 'number'],
        ['Amount', 'monetary'],
        ['Correspondent', 'select'],
        ['Document type', 'select'],
        ['Due date', 'date'],
        ['Paid', 'boolean'],
        ['Pages', 'number'],
        ['Portal', 'url'],
        ['Rate', 'number'],
        ['Reference', 'text'],
        ['Related', 'text'],
        ['Status', 'select'],
      ].sort(),
    );
    const option = (property: string, name: string) =>
      byName.get(property)?.options.find((candidate) => candidate.name === name)?.id;

    const documents = await listDocuments(organizationId);
    const bill = documents.find((document) => document.name === 'Electricity bill March');
    expect(bill).toBeDefined();
    expect(bill).toMatchObject({
      content: 'Acme Power electricity bill for March, invoice number 42. Total 84.20 EUR.',
      documentDate: '2024-03-15',
      documentDateIsDetected: false,
      createdAt: '2024-03-16T08:00:00.000Z',
      extractionStatus: 'done',
      mimeType: 'application/pdf',
    });
    // Its own text kept (no extraction), and a thumbnail drawn from its file all the same.
    expect(bill?.thumbnailVersion).toMatch(/^[0-9a-f]{16}$/);
    expect(bill?.tags.map((tag) => tag.name).sort()).toEqual(['Finance', 'Finance / Bills']);
    const values = new Map(bill?.properties.map(({ propertyId, value }) => [propertyId, value]));
    const propertyValue = (name: string) => values.get(byName.get(name)?.id ?? '');
    expect(propertyValue('ASN')).toBe(101);
    expect(propertyValue('Correspondent')).toBe(option('Correspondent', 'Acme Power'));
    expect(propertyValue('Document type')).toBe(option('Document type', 'Invoice'));
    expect(propertyValue('Reference')).toBe('REF-2024-03');
    expect(propertyValue('Portal')).toBe('https://portal.example.com/bills/42');
    expect(propertyValue('Due date')).toBe('2024-04-01');
    expect(propertyValue('Paid')).toBe(true);
    expect(propertyValue('Pages')).toBe(3);
    expect(propertyValue('Rate')).toBe(0.25);
    expect(propertyValue('Amount')).toEqual({ amount: 84.2, currency: 'EUR' });
    expect(propertyValue('Related')).toBe('Water letter (#2)');
    expect(propertyValue('Status')).toBe(option('Status', 'Closed'));

    const { notes } = await getJson<{ notes: NoteDto[] }>(`${base}/documents/${bill?.id}/notes`);
    expect(notes.map((note) => [note.content, note.createdAt]).sort()).toEqual(
      [
        ['Paid by bank transfer.', '2024-03-20T10:00:00.000Z'],
        ['Imported from Paperless-ngx (bob)\n\nAsk about the discount.', '2024-03-21T11:00:00.000Z'],
      ].sort(),
    );

    const { taggingRules } = await getJson<{ taggingRules: TaggingRuleDto[] }>(`${base}/tagging-rules`);
    const rule = (name: string) => taggingRules.find((candidate) => candidate.name === name);
    expect(rule('Paperless-ngx: Tag Finance')).toMatchObject({
      conditionMatchMode: 'any',
      conditions: [
        { field: 'content', operator: 'contains', value: 'invoice' },
        { field: 'content', operator: 'contains', value: 'bill' },
      ],
    });
    expect(rule('Paperless-ngx: Tag Bills')).toMatchObject({ conditionMatchMode: 'all' });
    expect(rule('Paperless-ngx: Tag Urgent')).toMatchObject({
      conditions: [{ field: 'content', operator: 'contains', value: 'pay now' }],
    });
    expect(rule('Paperless-ngx: Correspondent Acme Power')?.setProperties).toEqual([
      { propertyId: byName.get('Correspondent')?.id, value: option('Correspondent', 'Acme Power') },
    ]);
    expect(rule('Paperless-ngx: Document type Invoice')).toBeDefined();
    expect(taggingRules).toHaveLength(5);

    const report = await getReport(organizationId, finished.id);
    expect(report).toMatchObject({
      importId: finished.id,
      organizationId,
      status: 'done',
      paperlessVersion: '2.13.5',
    });
    expect(report.documents.map((document) => [document.paperlessId, document.outcome])).toEqual([
      [1, 'imported'],
      [2, 'imported'],
      [3, 'imported'],
    ]);
    // Each reason as a code with its parameters (translated by the web app) and in English.
    expect(report.skipped.map((item) => [item.kind, item.name, item.code, item.params])).toEqual([
      ['matching_rule', 'Tag: Numbers', 'matching_regex', {}],
      ['matching_rule', 'Tag: Typos', 'matching_fuzzy', {}],
      ['matching_rule', 'Tag: Learned', 'matching_automatic', {}],
      ['saved_view', 'Full text search', 'view_filters_unmapped', { rules: '20' }],
    ]);
    expect(report.skipped.at(-1)?.reason).toBe(
      "Its filter rules of types 20 do not map onto Sheaf's document filters.",
    );
    const { savedViews } = await getJson<{
      savedViews: Array<{ name: string; visibility: string; filters: unknown; sort: string | null }>;
    }>(`${base}/saved-views`);
    const financeTag = tags.find((tag) => tag.name === 'Finance');
    expect(savedViews.find((view) => view.name === 'Finance documents')).toMatchObject({
      visibility: 'organization',
      sort: 'documentDate',
      filters: expect.objectContaining({ tags: [financeTag?.id] }),
    });
    expect(report.skipped.every((item) => item.reason.length > 10)).toBe(true);
    expect(Object.fromEntries(report.notImported.map(({ kind, count }) => [kind, count]))).toEqual({
      users: 2,
      groups: 1,
      permissions: 1,
      storage_paths: 1,
      mail_accounts: 1,
      mail_rules: 1,
      workflows: 2,
    });

    // Run again: nothing is imported twice.
    const again = await importZip(organizationId, zip);
    expect(again).toMatchObject({
      status: 'done',
      progress: { total: 3, processed: 3, imported: 0, skipped: 3 },
    });
    expect(again.summary?.imported).toEqual({
      documents: 0,
      tags: 0,
      properties: 0,
      propertyValues: 0,
      notes: 0,
      savedViews: 0,
      taggingRules: 0,
    });
    expect(await listDocuments(organizationId)).toHaveLength(3);
    const second = await getReport(organizationId, again.id);
    expect(second.documents.every((document) => document.outcome === 'already_imported')).toBe(true);
    expect((await getJson<{ notes: NoteDto[] }>(`${base}/documents/${bill?.id}/notes`)).notes).toHaveLength(
      2,
    );
  });

  it('imports a 1.x export with split manifests from a folder on the server, for its administrators only', {
    timeout: 60_000,
  }, async () => {
    const organizationId = await newOrganization('Paperless 1.x');
    const folder = writePaperlessExport(path.join(workDir, 'export-1x'), {
      layout: '1.x',
      splitManifest: true,
    });
    const post = (user: TestUser) =>
      request(
        server,
        'POST',
        `${importsPath(organizationId)}/from-folder`,
        { cookie: user.cookie },
        {
          body: { path: folder },
        },
      );
    const refused = await post(owner);
    expect(refused.status).toBe(403);
    expect((await readError(refused)).error.code).toBe('paperless_imports.forbidden_folder');
    const missing = await request(
      server,
      'POST',
      `${importsPath(organizationId)}/from-folder`,
      { cookie: serverAdmin.cookie },
      { body: { path: path.join(workDir, 'nowhere') } },
    );
    expect(missing.status).toBe(400);
    expect((await readError(missing)).error.code).toBe('paperless_imports.folder_not_found');

    const accepted = await post(serverAdmin);
    expect(accepted.status).toBe(201);
    const { import: created } = await readJson<{ import: PaperlessImportDto }>(accepted);
    expect(created).toMatchObject({ source: 'folder', sourceName: folder });
    await runJobs();
    const finished = await getImport(organizationId, created.id);
    expect(finished).toMatchObject({ status: 'done', progress: { total: 3, imported: 3 } });
    expect(finished.summary?.paperlessVersion).toBe('1.17.4');
    const documents = await listDocuments(organizationId);
    const bill = documents.find((document) => document.name === 'Electricity bill March');
    // 1.x: `created` is a date-time; its day is the document date.
    expect(bill).toMatchObject({ documentDate: '2024-03-15', createdAt: '2024-03-16T08:00:00.000Z' });
    // 1.x has no nested tags.
    expect(bill?.tags.map((tag) => tag.name).sort()).toEqual(['Bills', 'Finance']);
    expect(fs.existsSync(folder)).toBe(true);
  });

  it('reports a corrupt checksum and a missing file and imports the rest', { timeout: 60_000 }, async () => {
    const organizationId = await newOrganization('Damaged export');
    const zip = zipEntries(
      buildPaperlessExport({ layout: '2.x', corruptChecksumOf: [1], missingFileOf: [2] }),
    );
    const finished = await importZip(organizationId, zip);
    expect(finished).toMatchObject({
      status: 'done',
      progress: { total: 3, processed: 3, imported: 1, failed: 2 },
      summary: { checksumMismatchCount: 1, missingFileCount: 1 },
    });
    const report = await getReport(organizationId, finished.id);
    expect(report.checksumMismatches).toEqual([
      {
        paperlessId: 1,
        file: '0000001.pdf',
        expected: '0'.repeat(32),
        actual: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
    expect(report.missingFiles).toEqual([{ paperlessId: 2, file: '0000002.pdf' }]);
    expect((await listDocuments(organizationId)).map((document) => document.name)).toEqual(['Plain scan']);
  });

  it('refuses an encrypted export, a zip leaving its folder and a file that is no zip', {
    timeout: 60_000,
  }, async () => {
    const organizationId = await newOrganization('Refused exports');
    const encrypted = await importZip(
      organizationId,
      zipEntries(buildPaperlessExport({ layout: '2.x', encrypted: true })),
    );
    expect(encrypted).toMatchObject({
      status: 'failed',
      error: { code: 'paperless_imports.encrypted_export' },
    });

    const traversal = await importZip(
      organizationId,
      zipEntries([...buildPaperlessExport({ layout: '2.x' }), ['../escaped.txt', Buffer.from('out')]]),
    );
    expect(traversal).toMatchObject({ status: 'failed', error: { code: 'paperless_imports.unsafe_path' } });
    expect(traversal.error?.message).toContain('../escaped.txt');

    const broken = await importZip(
      organizationId,
      zipEntries([
        ['manifest.json', Buffer.from('[{"model": "documents.tag", "pk": 1, "fields": {}}')],
        ['metadata.json', Buffer.from('{"version": "2.13.5"}')],
      ]),
    );
    expect(broken).toMatchObject({ status: 'failed', error: { code: 'paperless_imports.invalid_manifest' } });
    expect(broken.error?.message).toMatch(/manifest\.json.*position/);

    const notZip = await upload(owner, organizationId, Buffer.from('%PDF-1.4 not a zip'));
    expect(notZip.status).toBe(400);
    expect((await readError(notZip)).error.code).toBe('paperless_imports.not_a_zip');
    expect(await listDocuments(organizationId)).toHaveLength(0);
  });

  it('lists imports newest first, cancels a queued one and gives the report only once ended', async () => {
    const organizationId = await newOrganization('Cancelled');
    const file = writePaperlessExportZip(path.join(workDir, 'cancel.zip'), { layout: '2.x' });
    const response = await upload(owner, organizationId, fs.readFileSync(file));
    const { import: created } = await readJson<{ import: PaperlessImportDto }>(response);
    const early = await request(server, 'GET', `${importsPath(organizationId)}/${created.id}/report`, {
      cookie: owner.cookie,
    });
    expect(early.status).toBe(409);
    expect((await readError(early)).error.code).toBe('paperless_imports.report_not_ready');
    const cancel = () =>
      request(server, 'POST', `${importsPath(organizationId)}/${created.id}/cancel`, {
        cookie: owner.cookie,
      });
    const cancelled = await cancel();
    expect(cancelled.status).toBe(200);
    expect((await readJson<{ import: PaperlessImportDto }>(cancelled)).import.status).toBe('cancelled');
    const twice = await cancel();
    expect(twice.status).toBe(409);
    expect((await readError(twice)).error.code).toBe('paperless_imports.already_finished');
    await runJobs();
    expect(await listDocuments(organizationId)).toHaveLength(0);
    const listed = await readJson<{ imports: PaperlessImportDto[] }>(
      await request(server, 'GET', importsPath(organizationId), { cookie: owner.cookie }),
    );
    expect(listed.imports.map((item) => item.id)).toEqual([created.id]);
    expect((await getReport(organizationId, created.id)).status).toBe('cancelled');
  });

  it('stops a running import when cancelled, keeping what it imported; a new import of the same export brings the rest', {
    timeout: 120_000,
  }, async () => {
    const organizationId = await newOrganization('Cancelled while running');
    const total = 200;
    const documents = Array.from({ length: total }, (_, index) => ({
      pk: index + 1,
      title: `Running document ${index + 1}`,
      content: `Document ${index + 1} of an import cancelled while it runs.`,
      created: '2024-05-06',
      added: '2024-05-07T08:00:00.000Z',
    }));
    const zip = zipEntries(buildPaperlessExport({ layout: '2.x', documents }));
    const response = await upload(owner, organizationId, zip);
    const { import: created } = await readJson<{ import: PaperlessImportDto }>(response);
    const running = runJobs();
    let seen = await getImport(organizationId, created.id);
    while (seen.progress.processed === 0 && (seen.status === 'queued' || seen.status === 'running')) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen = await getImport(organizationId, created.id);
    }
    expect(seen.status).toBe('running');
    const cancelled = await request(server, 'POST', `${importsPath(organizationId)}/${created.id}/cancel`, {
      cookie: owner.cookie,
    });
    expect(cancelled.status).toBe(200);
    await running;
    const ended = await getImport(organizationId, created.id);
    expect(ended.status).toBe('cancelled');
    expect(ended.progress.processed).toBeLessThan(total);
    // What was imported before the cancel stays, and the report names exactly those documents.
    const report = await getReport(organizationId, created.id);
    const kept = (
      await readJson<{ documentsCount: number }>(
        await request(server, 'GET', `/api/organizations/${organizationId}/documents?pageSize=1`, {
          cookie: owner.cookie,
        }),
      )
    ).documentsCount;
    expect(report.documents.length).toBe(kept);
    expect(kept).toBeLessThan(total);

    const again = await importZip(organizationId, zip);
    expect(again.status).toBe('done');
    expect(again.progress).toMatchObject({ total, processed: total, imported: total - kept, skipped: kept });
  });

  it("reports a document over the plan's file size limit and imports the others", async () => {
    const organizationId = await newOrganization('Over the limit');
    const documents = [1, 2, 3].map((pk) => ({
      pk,
      title: pk === 3 ? 'Huge scan' : `Letter ${pk}`,
      // The third one's PDF carries 80 kB of text: over the 50 kB this server allows.
      content: pk === 3 ? 'scan '.repeat(16_000) : `Letter number ${pk}.`,
      created: '2024-02-03',
      added: '2024-02-04T08:00:00.000Z',
    }));
    const ended = await importZip(
      organizationId,
      zipEntries(buildPaperlessExport({ layout: '2.x', documents })),
    );
    expect(ended).toMatchObject({
      status: 'done',
      progress: { total: 3, processed: 3, imported: 2, skipped: 0, failed: 1 },
    });
    const report = await getReport(organizationId, ended.id);
    expect(report.overLimit).toEqual([
      { paperlessId: 3, name: 'Huge scan', limit: 'document.size_too_large' },
    ]);
    expect((await listDocuments(organizationId)).map((document) => document.name).sort()).toEqual([
      'Letter 1',
      'Letter 2',
    ]);
  });

  it('refuses members, other organizations and imports of another organization', async () => {
    const organizationId = await newOrganization('Guarded');
    await addMember(server, owner, organizationId, member, 'member');
    const otherOrganizationId = (await createOrganization(server, outsider, 'Elsewhere')).id;
    const zip = zipEntries(buildPaperlessExport({ layout: '2.x' }));
    expect((await upload(member, organizationId, zip)).status).toBe(403);
    expect((await upload(outsider, organizationId, zip)).status).toBe(403);
    const list = await request(server, 'GET', importsPath(organizationId), { cookie: member.cookie });
    expect(list.status).toBe(403);
    const response = await upload(outsider, otherOrganizationId, zip);
    const { import: theirs } = await readJson<{ import: PaperlessImportDto }>(response);
    const peek = await request(server, 'GET', `${importsPath(organizationId)}/${theirs.id}`, {
      cookie: owner.cookie,
    });
    expect(peek.status).toBe(404);
    expect((await readError(peek)).error.code).toBe('paperless_imports.not_found');
  });
});
