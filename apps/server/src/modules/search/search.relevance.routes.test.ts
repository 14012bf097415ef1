import type { SearchDocumentsResponse } from '@sheaf/contracts/documents';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUserRateLimit } from '../../app/user-rate-limit';
import type { AppEnv } from '../../shared/app.types';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readJson } from '../../test/http';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { type Credentials, createDocument, request } from '../documents/documents.test-helpers';
import { addNote, notesPath } from '../notes/notes.test-helpers';
import { createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import { createProperty, setPropertyValue } from '../properties/properties.test-helpers';
import { createSearchRoutes } from './search.routes';
import { createSearchUsecases } from './search.usecases';

describe.each(testDialects)('search relevance, filters and query syntax on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date('2026-03-01T10:00:00.000Z'));
  const { server, createUser } = useApiTestServer(testDatabase, {
    clock,
    env: { MAX_ORGANIZATIONS_PER_USER: '100' },
  });
  let owner: TestUser;
  let credentials: Credentials;

  const newOrganization = async () => (await createOrganization(server, owner, 'Archive')).id;

  /** Uploads a file (one second after the previous one) and extracts its content. */
  const addDocument = async (
    organizationId: string,
    name: string,
    content: string,
    type = 'text/plain',
  ): Promise<{ id: string }> => {
    clock.advance(1000);
    const document = await createDocument(server, credentials, organizationId, { name, data: content, type });
    await server.jobQueue.runDueJobs();
    return document;
  };

  const searchResponse = (organizationId: string, searchQuery: string, extra = '') =>
    request(
      server,
      'GET',
      `/api/organizations/${organizationId}/documents/search?searchQuery=${encodeURIComponent(searchQuery)}${extra}`,
      credentials,
    );
  const namesFound = async (organizationId: string, searchQuery: string, extra = '') => {
    const response = await searchResponse(organizationId, searchQuery, extra);
    if (response.status !== 200)
      throw new Error(`search failed: ${response.status} ${await response.text()}`);
    return (await readJson<SearchDocumentsResponse>(response)).documents.map((hit) => hit.name);
  };

  const setDocumentDate = async (organizationId: string, documentId: string, documentDate: string) => {
    const response = await request(
      server,
      'PATCH',
      `/api/organizations/${organizationId}/documents/${documentId}`,
      credentials,
      { body: { documentDate } },
    );
    expect(response.status).toBe(200);
  };
  const createTag = async (organizationId: string, name: string) => {
    const response = await request(server, 'POST', `/api/organizations/${organizationId}/tags`, credentials, {
      body: { name, color: '#d8ff75', description: null },
    });
    return (await readJson<{ tag: { id: string } }>(response)).tag.id;
  };
  const tagDocument = async (organizationId: string, documentId: string, tagId: string) => {
    const response = await request(
      server,
      'POST',
      `/api/organizations/${organizationId}/documents/${documentId}/tags`,
      credentials,
      { body: { tagId } },
    );
    expect(response.ok).toBe(true);
  };

  beforeAll(async () => {
    owner = await createUser('relevance-owner@example.com', 'Rita Ranker');
    credentials = { cookie: owner.cookie };
  });

  describe('relevance', () => {
    it('ranks the invoice naming Northwind above newer documents that only mention it, and those by how much they do', async () => {
      const organizationId = await newOrganization();
      await addDocument(
        organizationId,
        'Northwind invoice 2024-07.pdf',
        'Invoice to Northwind Traders for the July order. Customer number 4411.',
      );
      await addDocument(
        organizationId,
        'Weekly report.txt',
        'Northwind called twice. Northwind wants the Northwind delivery moved.',
      );
      // The newest, and mentioning it once among many other words.
      await addDocument(
        organizationId,
        'Meeting notes 2024-08-02.txt',
        'Agenda: budget, hiring, a call with Northwind about the renewal, then lunch and the quarterly review of the office move and the parking spaces.',
      );
      expect(await namesFound(organizationId, 'northwind')).toEqual([
        'Northwind invoice 2024-07.pdf',
        'Weekly report.txt',
        'Meeting notes 2024-08-02.txt',
      ]);
      // Newest first on request.
      expect(await namesFound(organizationId, 'northwind', '&sort=createdAt')).toEqual([
        'Meeting notes 2024-08-02.txt',
        'Weekly report.txt',
        'Northwind invoice 2024-07.pdf',
      ]);
    });

    it('ranks names holding more of the words first, and whole words above words found inside longer ones', async () => {
      const organizationId = await newOrganization();
      await addDocument(organizationId, 'Tax return 2023.pdf', 'Form and receipts');
      await addDocument(organizationId, 'Tax letter.txt', 'About the return of the deposit');
      await addDocument(organizationId, 'Notes.txt', 'The return of the tax office letter');
      // The newest: recency alone would put it first among those not named so.
      await addDocument(organizationId, 'Trees.txt', 'Return values and syntax trees');
      expect(await namesFound(organizationId, 'tax return')).toEqual([
        'Tax return 2023.pdf',
        'Tax letter.txt',
        'Notes.txt',
        'Trees.txt',
      ]);
    });

    it('orders the newest matches of the window by relevance, and the older ones newest first (a window of 2 here)', async () => {
      const organizationId = await newOrganization();
      for (const [index, name] of ['Zebra stripes.txt', 'b.txt', 'c.txt', 'd.txt'].entries()) {
        await addDocument(organizationId, name, `A zebra crossing, number ${index}`);
      }
      const routesWith = (rankWindow: number) =>
        new Hono<AppEnv>().route(
          '/api',
          createSearchRoutes({
            routes: server.services.endpointRoutes,
            search: createSearchUsecases({ database: testDatabase.database, rankWindow, rankCandidates: 10 }),
            searchRateLimit: createUserRateLimit({ perMinute: 0 }),
          }),
        );
      const found = async (rankWindow: number, page = '') => {
        const response = await routesWith(rankWindow).request(
          `/api/organizations/${organizationId}/documents/search?searchQuery=zebra${page}`,
          { headers: { cookie: owner.cookie } },
        );
        return (await readJson<SearchDocumentsResponse>(response)).documents.map((hit) => hit.name);
      };
      expect(await found(10)).toEqual(['Zebra stripes.txt', 'd.txt', 'c.txt', 'b.txt']);
      expect(await found(2)).toEqual(['d.txt', 'c.txt', 'b.txt', 'Zebra stripes.txt']);
      expect(await found(2, '&pageSize=3&pageIndex=1')).toEqual(['Zebra stripes.txt']);
      expect(await found(10, '&pageSize=3&pageIndex=1')).toEqual(['b.txt']);
    });
  });

  it('keeps the ranking index and the dates in step with edits, renames, notes, date changes, the trash and purges', async () => {
    const organizationId = await newOrganization();
    const base = `/api/organizations/${organizationId}/documents`;
    const { id } = await addDocument(organizationId, 'alpha.txt', 'The first version of the text');
    const patch = async (body: Record<string, string>) =>
      expect((await request(server, 'PATCH', `${base}/${id}`, credentials, { body })).status).toBe(200);
    expect(await namesFound(organizationId, '"first version"')).toEqual(['alpha.txt']);

    await patch({ content: 'A second draft of the text' });
    expect(await namesFound(organizationId, '"first version"')).toEqual([]);
    expect(await namesFound(organizationId, '"second draft"')).toEqual(['alpha.txt']);

    await patch({ name: 'Quarterly summary.txt' });
    expect(await namesFound(organizationId, '"quarterly summary"')).toEqual(['Quarterly summary.txt']);
    expect(await namesFound(organizationId, '"second draft"')).toEqual(['Quarterly summary.txt']);

    const note = await addNote(server, credentials, organizationId, id, 'Call the landlord tomorrow');
    expect(await namesFound(organizationId, '"landlord tomorrow"')).toEqual(['Quarterly summary.txt']);
    await request(server, 'PATCH', notesPath(organizationId, id, note.id), credentials, {
      body: { content: 'Call the bank on Monday' },
    });
    expect(await namesFound(organizationId, '"landlord tomorrow"')).toEqual([]);
    expect(await namesFound(organizationId, '"bank on monday"')).toEqual(['Quarterly summary.txt']);
    await request(server, 'DELETE', notesPath(organizationId, id, note.id), credentials);
    expect(await namesFound(organizationId, '"bank on monday"')).toEqual([]);
    expect(await namesFound(organizationId, '"second draft"')).toEqual(['Quarterly summary.txt']);

    await setDocumentDate(organizationId, id, '2022-05-05');
    expect(await namesFound(organizationId, 'draft date:2022')).toEqual(['Quarterly summary.txt']);
    await setDocumentDate(organizationId, id, '2023-01-01');
    expect(await namesFound(organizationId, 'draft date:2022')).toEqual([]);
    expect(await namesFound(organizationId, 'draft', '&documentDateFrom=2023-01-01')).toEqual([
      'Quarterly summary.txt',
    ]);

    expect((await request(server, 'DELETE', `${base}/${id}`, credentials)).status).toBe(204);
    expect(await namesFound(organizationId, '"second draft"')).toEqual([]);
    expect((await request(server, 'POST', `${base}/${id}/restore`, credentials)).status).toBe(200);
    expect(await namesFound(organizationId, 'draft date:2023')).toEqual(['Quarterly summary.txt']);
    expect((await request(server, 'DELETE', `${base}/${id}`, credentials)).status).toBe(204);
    expect((await request(server, 'DELETE', `${base}/trash/${id}`, credentials)).status).toBe(204);
    if (dialect === 'sqlite') {
      // Every search table lost the document's row with its key row.
      const { rows } = await sql<{ ranking: number; keys: number }>`
        select (select count(*) from documents_search_ranking) as ranking,
          (select count(*) from documents_search_rowids) as keys`.execute(testDatabase.db);
      expect(rows[0]?.ranking).toBe(rows[0]?.keys);
    }
  });

  describe('filters of the query string', () => {
    let organizationId: string;
    let amountId: string;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      organizationId = await newOrganization();
      amountId = (
        await createProperty(server, credentials, organizationId, { name: 'Amount', type: 'number' })
      ).id;
      const documents: Array<[string, string, string | null, number | null]> = [
        ['electricity-2023-12.txt', 'Electricity bill, December', '2023-12-20', 80],
        ['electricity-2024-03.txt', 'Electricity bill, March', '2024-03-15', 140],
        ['electricity-2024-09.txt', 'Electricity bill, September', '2024-09-15', 95],
        ['water-2024-05.txt', 'Water bill, May', '2024-05-02', 120],
        ['electricity-undated.txt', 'Electricity bill, no date', null, 200],
      ];
      for (const [name, content, date, amount] of documents) {
        const { id } = await addDocument(organizationId, name, content);
        ids[name] = id;
        if (date) await setDocumentDate(organizationId, id, date);
        if (amount !== null)
          await setPropertyValue(server, credentials, organizationId, id, amountId, amount);
      }
    });

    it('keeps the documents the list would keep: a document date range, a property condition, and both', async () => {
      expect(
        (
          await namesFound(organizationId, 'bill', '&documentDateFrom=2024-01-01&documentDateTo=2024-12-31')
        ).sort(),
      ).toEqual(['electricity-2024-03.txt', 'electricity-2024-09.txt', 'water-2024-05.txt']);
      expect(
        (await namesFound(organizationId, 'electricity', `&property=${amountId}:between:100..`)).sort(),
      ).toEqual(['electricity-2024-03.txt', 'electricity-undated.txt']);
      expect(
        await namesFound(
          organizationId,
          'electricity bill',
          `&documentDateFrom=2024-01-01&documentDateTo=2024-12-31&property=${amountId}:between:100..`,
        ),
      ).toEqual(['electricity-2024-03.txt']);
      const response = await searchResponse(organizationId, 'electricity', '&documentDateFrom=2024-01-01');
      expect(await readJson<SearchDocumentsResponse>(response)).toMatchObject({
        documentsCount: 2,
        documentsCountIsCapped: false,
      });
    });

    it('sorts by the list sorts on request, documents without a value last either way', async () => {
      expect(await namesFound(organizationId, 'electricity', '&sort=documentDate&order=asc')).toEqual([
        'electricity-2023-12.txt',
        'electricity-2024-03.txt',
        'electricity-2024-09.txt',
        'electricity-undated.txt',
      ]);
      expect(await namesFound(organizationId, 'electricity', `&sort=property:${amountId}`)).toEqual([
        'electricity-undated.txt',
        'electricity-2024-03.txt',
        'electricity-2024-09.txt',
        'electricity-2023-12.txt',
      ]);
      expect(await namesFound(organizationId, 'bill', '&sort=name&pageSize=2&pageIndex=1')).toEqual([
        'electricity-2024-09.txt',
        'electricity-undated.txt',
      ]);
      expect(await namesFound(organizationId, 'bill', '&sort=createdAt&order=asc&pageSize=1')).toEqual([
        'electricity-2023-12.txt',
      ]);
    });

    it('refuses a property condition whose value does not fit the property, as the list does', async () => {
      const response = await searchResponse(organizationId, 'bill', `&property=${amountId}:eq:abc`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'api.validation_error' } });
    });

    it('reads the syntax alike: a date, a comparison on a property by its name, and a range', async () => {
      expect((await namesFound(organizationId, 'bill date:2024')).sort()).toEqual([
        'electricity-2024-03.txt',
        'electricity-2024-09.txt',
        'water-2024-05.txt',
      ]);
      expect(await namesFound(organizationId, 'electricity date:2024-03')).toEqual([
        'electricity-2024-03.txt',
      ]);
      expect((await namesFound(organizationId, 'bill date:<2024-05-02')).sort()).toEqual([
        'electricity-2023-12.txt',
        'electricity-2024-03.txt',
      ]);
      expect((await namesFound(organizationId, 'bill date:2024-03..2024-05')).sort()).toEqual([
        'electricity-2024-03.txt',
        'water-2024-05.txt',
      ]);
      expect((await namesFound(organizationId, 'bill amount>100')).sort()).toEqual([
        'electricity-2024-03.txt',
        'electricity-undated.txt',
        'water-2024-05.txt',
      ]);
      expect((await namesFound(organizationId, 'bill AMOUNT>=120 amount<=140')).sort()).toEqual([
        'electricity-2024-03.txt',
        'water-2024-05.txt',
      ]);
      expect(await namesFound(organizationId, 'bill amount:95')).toEqual(['electricity-2024-09.txt']);
      // The syntax and the query string together.
      expect(await namesFound(organizationId, 'bill amount<100', '&documentDateFrom=2024-01-01')).toEqual([
        'electricity-2024-09.txt',
      ]);
      // Conditions alone: every document passing them, newest first.
      expect(await namesFound(organizationId, 'amount>=140')).toEqual([
        'electricity-undated.txt',
        'electricity-2024-03.txt',
      ]);
    });
  });

  describe('query syntax', () => {
    let organizationId: string;

    beforeAll(async () => {
      organizationId = await newOrganization();
      const invoices = await createTag(organizationId, 'Invoices');
      const paid = await createTag(organizationId, 'Paid in full');
      const first = await addDocument(
        organizationId,
        'invoice-acme.txt',
        'Invoice for Acme. Late\npayment fee: 40 EUR.',
      );
      const second = await addDocument(
        organizationId,
        'invoice-globex.txt',
        'Invoice for Globex, paid. Payment late.',
      );
      await addDocument(organizationId, 'scan-invoice.pdf', '%PDF-1.4 not really a PDF');
      await addDocument(organizationId, 'odd.txt', 'The invoice field reads date:banana and type:docx here.');
      await tagDocument(organizationId, first.id, invoices);
      await tagDocument(organizationId, second.id, invoices);
      await tagDocument(organizationId, second.id, paid);
    });

    const sorted = async (query: string) => (await namesFound(organizationId, query)).sort();

    it('reads tag:, -tag: (by name, case ignored, quoted with spaces) and type:', async () => {
      expect(await sorted('invoice tag:invoices')).toEqual(['invoice-acme.txt', 'invoice-globex.txt']);
      expect(await sorted('invoice tag:INVOICES -tag:"paid in full"')).toEqual(['invoice-acme.txt']);
      expect(await sorted('invoice -tag:invoices')).toEqual(['odd.txt', 'scan-invoice.pdf']);
      expect(await sorted('invoice type:pdf')).toEqual(['scan-invoice.pdf']);
      expect(await sorted('invoice -type:pdf -type:text')).toEqual([]);
      expect(await sorted('tag:invoices')).toEqual(['invoice-acme.txt', 'invoice-globex.txt']);
    });

    it('finds a phrase as its words in order, across a line break, and leaves out excluded words and phrases', async () => {
      expect(await sorted('"late payment"')).toEqual(['invoice-acme.txt']);
      expect(await sorted('"payment late"')).toEqual(['invoice-globex.txt']);
      expect(await sorted('"payment fee" invoice')).toEqual(['invoice-acme.txt']);
      expect(await sorted('invoice -paid')).toEqual(['invoice-acme.txt', 'odd.txt', 'scan-invoice.pdf']);
      expect(await sorted('invoice -"late payment"')).toEqual([
        'invoice-globex.txt',
        'odd.txt',
        'scan-invoice.pdf',
      ]);
      expect(await sorted('-acme invoice -globex -in')).toEqual(['odd.txt']);
    });

    it('searches what does not parse as plain text, and matches nothing for an unknown tag or property', async () => {
      expect(await sorted('date:banana')).toEqual(['odd.txt']);
      expect(await sorted('type:docx')).toEqual(['odd.txt']);
      expect(await sorted('"unbalanced invoice acme')).toEqual([]);
      expect(await sorted('"invoice acme')).toEqual(['invoice-acme.txt']);
      expect(await sorted('invoice tag:unknown')).toEqual([]);
      expect(await sorted('invoice -tag:unknown')).toHaveLength(4);
      expect(await sorted('invoice total>10')).toEqual([]);
      const response = await searchResponse(organizationId, 'invoice tag:unknown');
      expect(await readJson<SearchDocumentsResponse>(response)).toEqual({
        documents: [],
        documentsCount: 0,
        documentsCountIsCapped: false,
      });
    });
  });
});
