import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DocumentDto } from '@sheaf/contracts/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { addMember, createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import {
  type Credentials,
  createDocument,
  getDocument,
  listActivities,
  request,
} from './documents.test-helpers';

/** The document date: set and cleared by PATCH, detected at extraction, kept when a user set it. */
describe.each(testDialects)('document dates on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date('2026-03-01T10:00:00.000Z'));
  const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-document-dates-'));
  const { server, createUser } = useApiTestServer(testDatabase, {
    clock,
    env: { DOCUMENTS_STORAGE_FILESYSTEM_ROOT: storageRoot },
  });
  let owner: TestUser;
  let member: TestUser;
  let organizationId: string;
  let credentials: Credentials;
  const documentPath = (documentId: string) => `/api/organizations/${organizationId}/documents/${documentId}`;
  // Each change a second after the last: activity entries list newest first.
  const tick = () => clock.advance(1000);
  const patch = (documentId: string, body: unknown, who: Credentials = credentials) => {
    tick();
    return request(server, 'PATCH', documentPath(documentId), who, { body });
  };
  const activityOf = async (documentId: string) =>
    (await listActivities(server, credentials, organizationId, documentId)).map(({ event, eventData }) => [
      event,
      eventData,
    ]);
  /** Uploads a text file and runs its extraction. */
  const extracted = async (name: string, data: string, type = 'text/plain') => {
    tick();
    const document = await createDocument(server, credentials, organizationId, { name, data, type });
    tick();
    await server.jobQueue.runDueJobs();
    return getDocument(server, credentials, organizationId, document.id);
  };
  const reextract = async (documentId: string) => {
    const response = await request(server, 'POST', `${documentPath(documentId)}/extraction`, credentials);
    expect(response.status).toBe(202);
    tick();
    await server.jobQueue.runDueJobs();
    return getDocument(server, credentials, organizationId, documentId);
  };
  const setOwnerLocale = async (locale: string) => {
    const response = await request(server, 'PUT', '/api/users/me', credentials, { body: { locale } });
    expect(response.status).toBe(200);
  };

  beforeAll(async () => {
    // Signed up in French: numeric dates read day first.
    owner = await createUser('dates-owner@example.com', 'Olivia Owner');
    member = await createUser('dates-member@example.com', 'Mark Member');
    organizationId = (await createOrganization(server, owner, 'Dates archive')).id;
    await addMember(server, owner, organizationId, member, 'member');
    credentials = { cookie: owner.cookie };
  });
  afterAll(() => {
    fs.rmSync(storageRoot, { recursive: true, force: true });
  });

  describe('PATCH documentDate', () => {
    let documentId: string;
    beforeAll(async () => {
      documentId = (
        await createDocument(server, credentials, organizationId, {
          name: 'undated.bin',
          data: 'no date here',
          type: 'application/octet-stream',
        })
      ).id;
    });

    it("sets the date as the user's, with an updated entry naming documentDate", async () => {
      const response = await patch(documentId, { documentDate: '2024-03-15' }, { cookie: member.cookie });
      expect(response.status).toBe(200);
      const { document } = await readJson<{ document: DocumentDto }>(response);
      expect(document).toMatchObject({ documentDate: '2024-03-15', documentDateIsDetected: false });
      expect(await activityOf(documentId)).toEqual([
        ['updated', { updatedFields: ['documentDate'] }],
        ['created', null],
      ]);
      const [entry] = await listActivities(server, credentials, organizationId, documentId);
      expect(entry!.user).toEqual({ id: member.userId, name: 'Mark Member' });
    });

    it('records nothing when the date is the same', async () => {
      expect((await patch(documentId, { documentDate: '2024-03-15' })).status).toBe(200);
      expect(await activityOf(documentId)).toHaveLength(2);
    });

    it('lists documentDate beside the other fields changed at once', async () => {
      expect((await patch(documentId, { name: 'dated.bin', documentDate: '2024-03-16' })).status).toBe(200);
      expect((await activityOf(documentId))[0]).toEqual([
        'updated',
        { updatedFields: ['name', 'documentDate'] },
      ]);
    });

    it('clears the date with null, once', async () => {
      const response = await patch(documentId, { documentDate: null });
      expect(response.status).toBe(200);
      expect((await readJson<{ document: DocumentDto }>(response)).document).toMatchObject({
        documentDate: null,
        documentDateIsDetected: false,
      });
      expect((await activityOf(documentId))[0]).toEqual(['updated', { updatedFields: ['documentDate'] }]);
      const before = (await activityOf(documentId)).length;
      expect((await patch(documentId, { documentDate: null })).status).toBe(200);
      expect(await activityOf(documentId)).toHaveLength(before);
    });

    it('refuses a date that is not a calendar date, changing nothing', async () => {
      expect((await patch(documentId, { documentDate: '2024-03-15' })).status).toBe(200);
      const before = await activityOf(documentId);
      for (const documentDate of ['2024-02-30', '15/03/2024', '2024-3-15', '', 20240315, true]) {
        const response = await patch(documentId, { documentDate });
        expect(response.status).toBe(400);
        expect((await readError(response)).error.code).toBe('api.validation_error');
      }
      expect((await getDocument(server, credentials, organizationId, documentId)).documentDate).toBe(
        '2024-03-15',
      );
      expect(await activityOf(documentId)).toEqual(before);
    });
  });

  describe('detection at extraction', () => {
    it('reads the first date of the text, in the owner’s language order, as detected', async () => {
      const document = await extracted(
        'letter.txt',
        'Ref 12/40\nParis, le 03/04/2025\nMontant dû le 01/01/2026',
      );
      expect(document).toMatchObject({ documentDate: '2025-04-03', documentDateIsDetected: true });
      expect(await activityOf(document.id)).toEqual([
        ['updated', { updatedFields: ['content', 'documentDate'] }],
        ['created', null],
      ]);
    });

    it('reads written dates in the nine languages', async () => {
      for (const [text, date] of [
        ['Berlin, den 24. November 2025', '2025-11-24'],
        ['Lisboa, 3 de março de 2024', '2024-03-03'],
        ['Warszawa, 24 listopada 2025 r.', '2025-11-24'],
        ['Invoice date: March 5, 2024', '2024-03-05'],
      ] as const) {
        expect((await extracted(`written-${date}-${text.length}.txt`, text)).documentDate).toBe(date);
      }
    });

    it('falls back on a date in the file name when the text has none', async () => {
      const document = await extracted('scan_2024_03_15.txt', 'A text without any date at all');
      expect(document).toMatchObject({ documentDate: '2024-03-15', documentDateIsDetected: true });
    });

    it('reads the file name of a file that holds no text', async () => {
      const document = await extracted(
        'receipt 2023-07-08.bin',
        '\u0000\u0001\u0002',
        'application/octet-stream',
      );
      expect(document).toMatchObject({
        content: '',
        documentDate: '2023-07-08',
        documentDateIsDetected: true,
      });
      expect(await activityOf(document.id)).toEqual([
        ['updated', { updatedFields: ['documentDate'] }],
        ['created', null],
      ]);
    });

    it('leaves the date empty when neither the text nor the name has one, or only dates out of range', async () => {
      const none = await extracted('notes.txt', 'Grocery list: apples, pears');
      expect(none).toMatchObject({ documentDate: null, documentDateIsDetected: false });
      expect((await activityOf(none.id))[0]).toEqual(['updated', { updatedFields: ['content'] }]);
      // Today is 2026-03-01: a date past 2027-03-01 is no document's date.
      expect((await extracted('future.txt', 'Valid until 2031-01-01')).documentDate).toBeNull();
      expect((await extracted('old.txt', 'Founded 1850-05-01')).documentDate).toBeNull();
    });

    it('replaces a detected date on re-extraction', async () => {
      const document = await extracted('ambiguous.txt', 'Dated 03/04/2025');
      expect(document.documentDate).toBe('2025-04-03');
      await setOwnerLocale('en');
      try {
        expect(await reextract(document.id)).toMatchObject({
          documentDate: '2025-03-04',
          documentDateIsDetected: true,
        });
      } finally {
        await setOwnerLocale('fr');
      }
    });

    it('keeps a date the user set, or cleared, through re-extraction', async () => {
      const set = await extracted('kept.txt', 'Paris, le 12/06/2025');
      expect(set.documentDate).toBe('2025-06-12');
      expect((await patch(set.id, { documentDate: '2020-01-31' })).status).toBe(200);
      expect(await reextract(set.id)).toMatchObject({
        documentDate: '2020-01-31',
        documentDateIsDetected: false,
      });
      expect((await activityOf(set.id))[0]).toEqual(['updated', { updatedFields: ['content'] }]);

      const cleared = await extracted('cleared.txt', 'Paris, le 13/06/2025');
      expect((await patch(cleared.id, { documentDate: null })).status).toBe(200);
      expect(await reextract(cleared.id)).toMatchObject({
        documentDate: null,
        documentDateIsDetected: false,
      });

      // Cleared before any date was found: extraction does not set one either.
      const never = await createDocument(server, credentials, organizationId, {
        name: 'never 2025-01-02.txt',
        data: 'Le 14/06/2025',
        type: 'text/plain',
      });
      expect((await patch(never.id, { documentDate: null })).status).toBe(200);
      tick();
      await server.jobQueue.runDueJobs();
      expect(await getDocument(server, credentials, organizationId, never.id)).toMatchObject({
        documentDate: null,
        documentDateIsDetected: false,
      });
    });

    it('makes a detected date the user’s when confirmed as it is', async () => {
      const document = await extracted('confirmed.txt', 'Le 15/06/2025');
      expect(document.documentDateIsDetected).toBe(true);
      const response = await patch(document.id, { documentDate: '2025-06-15' });
      expect((await readJson<{ document: DocumentDto }>(response)).document).toMatchObject({
        documentDate: '2025-06-15',
        documentDateIsDetected: false,
      });
      expect((await activityOf(document.id))[0]).toEqual(['updated', { updatedFields: ['documentDate'] }]);
    });
  });
});
