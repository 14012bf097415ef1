import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DocumentSearchHitDto } from '@sheaf/contracts/documents';
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readJson } from '../../test/http';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { createTextPdf } from '../../test/test-files';
import { EXTRACT_DOCUMENT_CONTENT_JOB_TYPE } from '../documents/documents.extraction-state';
import {
  type Credentials,
  createDocument,
  getDocument,
  listActivities,
  listDocuments,
  request,
} from '../documents/documents.test-helpers';
import { createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import { EMAIL_MAX_ATTACHMENTS } from './extraction.email';
import { emailAttachmentDocumentId } from './extraction.email-attachments';
import { BACKFILL_THUMBNAILS_JOB_TYPE } from './extraction.thumbnails.store';

type MailOptions = ConstructorParameters<typeof MailComposer>[0];

/** A real .eml, written by nodemailer's MailComposer. */
const composeEml = (options: MailOptions): Promise<Buffer> => new MailComposer(options).compile().build();

describe.each(testDialects)('e-mail files (.eml) on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-email-'));
  const { server, serverWith, createUser } = useApiTestServer(testDatabase, {
    env: { DOCUMENTS_STORAGE_FILESYSTEM_ROOT: storageRoot },
  });
  let owner: TestUser;
  let outsider: TestUser;
  let organizationId: string;
  let credentials: Credentials;

  beforeAll(async () => {
    owner = await createUser('email-files-owner@example.com', 'Ella Mail');
    outsider = await createUser('email-files-outsider@example.com');
    organizationId = (await createOrganization(server, owner, 'Mail archive')).id;
    credentials = { cookie: owner.cookie };
  });
  afterAll(() => {
    fs.rmSync(storageRoot, { recursive: true, force: true });
  });

  const uploadEml = (name: string, data: Buffer) =>
    createDocument(server, credentials, organizationId, { name, data, type: 'message/rfc822' });
  const documentOf = (id: string) => getDocument(server, credentials, organizationId, id);
  const search = async (searchQuery: string) => {
    const response = await request(
      server,
      'GET',
      `/api/organizations/${organizationId}/documents/search?searchQuery=${encodeURIComponent(searchQuery)}`,
      credentials,
    );
    expect(response.status).toBe(200);
    return (await readJson<{ documents: DocumentSearchHitDto[] }>(response)).documents;
  };
  const countDocuments = async () =>
    (await listDocuments(server, credentials, organizationId)).documentsCount;

  it('makes an .eml with two attachments three linked documents, the attachments searchable', async () => {
    const eml = await composeEml({
      from: 'Ada Lovelace <ada@example.com>',
      to: 'archive@example.com',
      subject: 'Harbour lease renewal',
      date: 'Sat, 14 Feb 2026 23:30:00 -0500' as unknown as Date,
      text: 'Dear archivist, the signed lease and its annex are attached.',
      attachments: [
        { filename: 'lease.pdf', content: createTextPdf([['Lease of berth twelve, quayside zanzibarian']]) },
        { filename: 'annex.txt', content: 'Annex: mooring fees for the marmalade season' },
      ],
    });
    const message = await uploadEml('lease.eml', eml);
    expect(message.mimeType).toBe('message/rfc822');
    expect(message).toMatchObject({ attachments: [], fromEmail: null });

    await server.jobQueue.runDueJobs();

    const read = await documentOf(message.id);
    expect(read.extractionStatus).toBe('done');
    expect(read.content).toContain('Subject: Harbour lease renewal');
    expect(read.content).toContain('From: "Ada Lovelace" <ada@example.com>');
    expect(read.content).toContain('the signed lease and its annex are attached');
    expect(read.content).toContain('- lease.pdf');
    // The day where it was sent (23:30 at -05:00), not the next day in UTC.
    expect(read).toMatchObject({ documentDate: '2026-02-14', documentDateIsDetected: true });
    expect(read.attachments.map(({ name }) => name)).toEqual(['lease.pdf', 'annex.txt']);
    expect(read.attachments[0]!.id).toBe(
      emailAttachmentDocumentId({ messageDocumentId: message.id, position: 0 }),
    );

    for (const attachment of read.attachments) {
      const document = await documentOf(attachment.id);
      expect(document.fromEmail).toEqual({ id: message.id, name: 'lease.eml' });
      expect(document.extractionStatus).toBe('done');
      const activities = await listActivities(server, credentials, organizationId, attachment.id);
      expect(activities.find(({ event }) => event === 'created')).toMatchObject({
        user: null,
        eventData: { emailAttachment: { messageDocumentId: message.id, name: attachment.name } },
      });
    }
    expect(await countDocuments()).toBe(3);
    expect((await search('zanzibarian')).map(({ name }) => name)).toEqual(['lease.pdf']);
    expect((await search('marmalade')).map(({ name }) => name)).toEqual(['annex.txt']);
    expect((await search('Harbour lease')).map(({ name }) => name)).toContain('lease.eml');

    // Another organization's member sees none of it.
    const foreign = await request(
      server,
      'GET',
      `/api/organizations/${organizationId}/documents/${read.attachments[0]!.id}`,
      { cookie: outsider.cookie },
    );
    expect(foreign.status).toBe(403);
  });

  it('shows a message as HTML in its preview, with a thumbnail drawn from it', async () => {
    const eml = await composeEml({
      from: 'Harbour Office <office@harbour.example>',
      to: 'archive@example.com',
      subject: 'Berth invoice 4711',
      html: '<h1>Invoice 4711</h1><p>Payable within thirty days.</p><script>alert(1)</script>',
    });
    const message = await uploadEml('invoice.eml', eml);
    await server.jobQueue.runDueJobs();
    const read = await documentOf(message.id);
    expect(read).toMatchObject({ extractionStatus: 'done', preview: 'html' });
    expect(read.thumbnailVersion).toMatch(/^[0-9a-f]{16}$/);

    const documentPath = `/api/organizations/${organizationId}/documents/${message.id}`;
    const preview = await request(server, 'GET', `${documentPath}/preview`, credentials);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toMatch(/^text\/html/);
    expect(preview.headers.get('content-security-policy')).toContain('sandbox');
    const html = await preview.text();
    expect(html).toContain('<td>Berth invoice 4711</td>');
    expect(html).toContain('<h1>Invoice 4711</h1>');
    expect(html).not.toContain('alert(1)');

    const thumbnail = await request(server, 'GET', `${documentPath}/thumbnail`, credentials);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect((await thumbnail.arrayBuffer()).byteLength).toBeGreaterThan(0);

    const foreign = await request(server, 'GET', `${documentPath}/preview`, { cookie: outsider.cookie });
    expect(foreign.status).toBe(403);
  });

  it('gives e-mails from before previews theirs, with a thumbnail, through the backfill of migration 0034', async () => {
    const eml = await composeEml({
      from: 'bob@example.com',
      subject: 'Older message',
      text: 'From before previews.',
    });
    const message = await uploadEml('older.eml', eml);
    await server.jobQueue.runDueJobs();
    // As it was before: extraction done, neither preview nor thumbnail.
    await testDatabase.db
      .updateTable('documents')
      .set({ thumbnail_etag: null, preview_kind: null, preview_etag: null })
      .where('id', '=', message.id)
      .execute();
    expect(await documentOf(message.id)).toMatchObject({ preview: null, thumbnailVersion: null });

    await server.jobQueue.enqueue(BACKFILL_THUMBNAILS_JOB_TYPE, {
      afterId: null,
      mimeTypes: ['message/rfc822'],
    });
    await server.jobQueue.runDueJobs();
    await server.jobQueue.runDueJobs();
    const after = await documentOf(message.id);
    expect(after).toMatchObject({ extractionStatus: 'done', preview: 'html' });
    expect(after.thumbnailVersion).toMatch(/^[0-9a-f]{16}$/);
    expect(after.content).toContain('From before previews.');
  });

  it('creates nothing twice when the job runs again, and re-extraction keeps the same links', async () => {
    const eml = await composeEml({
      from: 'bob@example.com',
      subject: 'Twice told',
      html: '<p>Only <b>HTML</b> in this quokka message</p>',
      attachments: [
        { filename: 'one.txt', content: 'first attachment of the twice told message' },
        { filename: 'two.txt', content: 'second attachment of the twice told message' },
      ],
    });
    const before = await countDocuments();
    const message = await uploadEml('twice.eml', eml);
    await server.jobQueue.runDueJobs();
    const first = await documentOf(message.id);
    // An HTML-only body becomes text.
    expect(first.content).toContain('Only HTML in this quokka message');
    expect(first.content).not.toContain('<b>');

    // A crash after the attachments were made: the job runs again from the start.
    await testDatabase.database.db.deleteFrom('document_email_attachments').execute();
    await server.jobQueue.enqueue(EXTRACT_DOCUMENT_CONTENT_JOB_TYPE, {
      organizationId,
      documentId: message.id,
    });
    await testDatabase.database.db
      .updateTable('documents')
      .set({ extraction_status: 'pending' })
      .where('id', '=', message.id)
      .execute();
    await server.jobQueue.runDueJobs();
    // And a retry asked for by the user.
    const retried = await request(
      server,
      'POST',
      `/api/organizations/${organizationId}/documents/${message.id}/extraction`,
      credentials,
    );
    expect(retried.status).toBe(202);
    await server.jobQueue.runDueJobs();

    const again = await documentOf(message.id);
    expect(again.extractionStatus).toBe('done');
    expect(again.attachments).toEqual(first.attachments);
    expect(again.content).toBe(first.content);
    expect(await countDocuments()).toBe(before + 3);
  });

  it('links an attachment whose content is already a document to that document', async () => {
    const existing = await createDocument(server, credentials, organizationId, {
      name: 'my-own-copy.txt',
      data: 'an invoice already in the archive, number 4711',
      type: 'text/plain',
    });
    const message = await uploadEml(
      'dup.eml',
      await composeEml({
        from: 'carol@example.com',
        subject: 'Your invoice',
        text: 'See attached.',
        attachments: [{ filename: 'invoice.txt', content: 'an invoice already in the archive, number 4711' }],
      }),
    );
    await server.jobQueue.runDueJobs();
    const read = await documentOf(message.id);
    expect(read.attachments).toEqual([{ id: existing.id, name: 'my-own-copy.txt' }]);
    expect((await documentOf(existing.id)).fromEmail).toEqual({ id: message.id, name: 'dup.eml' });
  });

  it('never replaces a date the user set with the message date', async () => {
    const message = await uploadEml(
      'dated.eml',
      await composeEml({
        from: 'dan@example.com',
        subject: 'Dated',
        date: new Date('2025-06-01T12:00:00Z'),
        text: 'Nothing else.',
      }),
    );
    const patched = await request(
      server,
      'PATCH',
      `/api/organizations/${organizationId}/documents/${message.id}`,
      credentials,
      { body: { documentDate: '2024-12-24' } },
    );
    expect(patched.status).toBe(200);
    await server.jobQueue.runDueJobs();
    expect(await documentOf(message.id)).toMatchObject({
      extractionStatus: 'done',
      documentDate: '2024-12-24',
      documentDateIsDetected: false,
    });
  });

  it('trashing the message leaves its attachments in place', async () => {
    const message = await uploadEml(
      'trash.eml',
      await composeEml({
        from: 'erin@example.com',
        subject: 'To be trashed',
        text: 'Body',
        attachments: [{ filename: 'keep.txt', content: 'the attachment stays after the message goes' }],
      }),
    );
    await server.jobQueue.runDueJobs();
    const [attachment] = (await documentOf(message.id)).attachments;
    const deleted = await request(
      server,
      'DELETE',
      `/api/organizations/${organizationId}/documents/${message.id}`,
      credentials,
    );
    expect(deleted.status).toBe(204);
    expect(await documentOf(attachment!.id)).toMatchObject({ isDeleted: false });
  });

  it(`imports ${EMAIL_MAX_ATTACHMENTS} attachments of a message with more, and names the others`, async () => {
    const before = await countDocuments();
    const message = await uploadEml(
      'many.eml',
      await composeEml({
        from: 'frank@example.com',
        subject: 'Many files',
        text: 'A lot of them.',
        attachments: Array.from({ length: EMAIL_MAX_ATTACHMENTS + 3 }, (_, index) => ({
          filename: `part-${index + 1}.txt`,
          content: `attachment number ${index + 1} of many`,
        })),
      }),
    );
    await server.jobQueue.runDueJobs();
    const read = await documentOf(message.id);
    expect(read.extractionStatus).toBe('done');
    expect(read.attachments).toHaveLength(EMAIL_MAX_ATTACHMENTS);
    expect(read.content).toContain(
      `Attachments not imported (more than ${EMAIL_MAX_ATTACHMENTS} in the message)`,
    );
    expect(read.content).toContain(`- part-${EMAIL_MAX_ATTACHMENTS + 3}.txt`);
    expect(await countDocuments()).toBe(before + 1 + EMAIL_MAX_ATTACHMENTS);
  });

  it("leaves out an attachment past the plan's file size and names it in the message's content", async () => {
    const big = 'x'.repeat(30_000);
    const message = await uploadEml(
      'big.eml',
      await composeEml({
        from: 'gina@example.com',
        subject: 'Big and small',
        text: 'Two files.',
        attachments: [
          { filename: 'small.txt', content: 'a small attachment that fits' },
          { filename: 'big.txt', content: big },
        ],
      }),
    );
    // The plan's file size is lowered after the upload (the message itself was within it).
    const capped = serverWith({ DOCUMENTS_MAX_UPLOAD_SIZE: '20000' });
    await capped.jobQueue.runDueJobs();
    const read = await documentOf(message.id);
    expect(read.extractionStatus).toBe('done');
    expect(read.attachments.map(({ name }) => name)).toEqual(['small.txt']);
    expect(read.content).toContain(
      "Attachments not imported:\n- big.txt (larger than the plan's maximum file size)",
    );
  });

  it('ends a hostile .eml with a clear state: a huge header block, a truncated file, no message at all', async () => {
    const hugeHeader = Buffer.concat([
      Buffer.from('From: mallory@example.com\r\nSubject: huge\r\n'),
      Buffer.from(
        Array.from({ length: 20_000 }, (_, index) => `X-Filler-${index}: ${'a'.repeat(60)}\r\n`).join(''),
      ),
      Buffer.from('\r\nbody\r\n'),
    ]);
    const huge = await uploadEml('huge.eml', hugeHeader);
    const full = await composeEml({
      from: 'trent@example.com',
      subject: 'Cut short',
      text: 'The rest of this message never arrived.',
      attachments: [{ filename: 'report.pdf', content: createTextPdf([['A report that is cut in half']]) }],
    });
    const truncated = await uploadEml('truncated.eml', full.subarray(0, Math.floor(full.length * 0.6)));
    const garbage = await uploadEml('garbage.eml', Buffer.from('\u0000\u0001\u0002 not a message at all'));
    await server.jobQueue.runDueJobs();

    expect(await documentOf(huge.id)).toMatchObject({
      extractionStatus: 'failed',
      extractionError: { code: 'extraction.too_large' },
      attachments: [],
    });
    expect(await documentOf(garbage.id)).toMatchObject({
      extractionStatus: 'failed',
      extractionError: { code: 'extraction.unreadable' },
    });
    // What arrived is read; the cut-off attachment is imported as far as it goes.
    const cut = await documentOf(truncated.id);
    expect(cut.extractionStatus).toBe('done');
    expect(cut.content).toContain('Subject: Cut short');
    expect(cut.content).toContain('The rest of this message never arrived.');
    for (const attachment of cut.attachments) {
      expect(['done', 'failed']).toContain((await documentOf(attachment.id)).extractionStatus);
    }
  });
});
