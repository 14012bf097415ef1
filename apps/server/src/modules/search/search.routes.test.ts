import type { SearchDocumentsResponse } from '@sheaf/contracts/documents';
import { parseSearchQuery } from '@sheaf/contracts/search-query';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUserRateLimit } from '../../app/user-rate-limit';
import type { AppEnv } from '../../shared/app.types';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { type Credentials, createDocument, request } from '../documents/documents.test-helpers';
import { createApiKey, createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import { toSearchText } from './search.models';
import { createSearchRepository } from './search.repository';
import { createSearchRoutes } from './search.routes';
import { createSearchUsecases } from './search.usecases';

type SearchBody = SearchDocumentsResponse;

describe.each(testDialects)('document search API on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date('2026-03-01T10:00:00.000Z'));
  const { server, createUser } = useApiTestServer(testDatabase, {
    clock,
    env: { MAX_ORGANIZATIONS_PER_USER: '100' },
  });
  let owner: TestUser;
  let outsider: TestUser;
  let credentials: Credentials;

  /** A fresh organization per test, so each test sees only its own documents. */
  const newOrganization = async (name = 'Archive') => (await createOrganization(server, owner, name)).id;

  /** Uploads a text file (one second after the previous one) and extracts its content. */
  const addDocument = async (organizationId: string, name: string, content = `Nothing to see in ${name}`) => {
    clock.advance(1000);
    const document = await createDocument(server, credentials, organizationId, {
      name,
      data: content,
      type: 'text/plain',
    });
    await server.jobQueue.runDueJobs();
    return document;
  };

  const searchResponse = (organizationId: string, query: string, who: Credentials = credentials) =>
    request(server, 'GET', `/api/organizations/${organizationId}/documents/search?${query}`, who);

  const search = async (organizationId: string, searchQuery: string, extra = '') => {
    const response = await searchResponse(
      organizationId,
      `searchQuery=${encodeURIComponent(searchQuery)}${extra}`,
    );
    if (response.status !== 200)
      throw new Error(`search failed: ${response.status} ${await response.text()}`);
    return readJson<SearchBody>(response);
  };
  const namesFound = async (organizationId: string, searchQuery: string) =>
    (await search(organizationId, searchQuery)).documents.map((document) => document.name);

  beforeAll(async () => {
    owner = await createUser('search-owner@example.com', 'Sam Searcher');
    outsider = await createUser('search-outsider@example.com');
    credentials = { cookie: owner.cookie };
  });

  describe('matching', () => {
    let organizationId: string;
    beforeAll(async () => {
      organizationId = await newOrganization();
      await addDocument(organizationId, 'invoice-2024.pdf', 'Total due 1200 EUR');
      await addDocument(organizationId, 'Hundeschule Anmeldung.txt', 'Kurs für Welpen am Samstag');
      await addDocument(organizationId, 'Résumé.txt', 'Work experience and education');
      await addDocument(organizationId, 'notes.txt', 'Meeting about the resume of the project, café');
      await addDocument(organizationId, 'within.txt', 'Insurance policy renewal');
    });

    it('finds documents by a word prefix of their name', async () => {
      expect(await namesFound(organizationId, 'inv')).toEqual(['invoice-2024.pdf']);
      expect(await namesFound(organizationId, 'invoice-20')).toEqual(['invoice-2024.pdf']);
    });

    it('finds substrings of three characters or more inside words of the name and the content', async () => {
      expect(await namesFound(organizationId, 'schule')).toEqual(['Hundeschule Anmeldung.txt']);
      expect(await namesFound(organizationId, 'voice')).toEqual(['invoice-2024.pdf']);
      expect(await namesFound(organizationId, 'elpen')).toEqual(['Hundeschule Anmeldung.txt']);
      expect(await namesFound(organizationId, '1200')).toEqual(['invoice-2024.pdf']);
    });

    it('ignores case and diacritics in the query and in the documents', async () => {
      for (const query of ['resume', 'RESUME', 'Résumé', 'rÉsUmÉ']) {
        expect((await namesFound(organizationId, query)).sort(), query).toEqual(['Résumé.txt', 'notes.txt']);
      }
      expect(await namesFound(organizationId, 'cafe')).toEqual(['notes.txt']);
      expect(await namesFound(organizationId, 'fur welpen')).toEqual(['Hundeschule Anmeldung.txt']);
      expect(await namesFound(organizationId, 'HUNDESCHULE')).toEqual(['Hundeschule Anmeldung.txt']);
    });

    it('folds letters that are not a letter with a diacritic (ł, ø, ß, æ) on both databases', async () => {
      const id = await newOrganization();
      await addDocument(id, 'Łódź umowa.txt', 'Umowa najmu mieszkania');
      await addDocument(id, 'Anmeldung.txt', 'Wohnung in der Hauptstraße 5');
      await addDocument(id, 'Øresund bridge.txt', 'Toll receipt, Encyclopædia');
      for (const [query, expected] of [
        ['lodz', 'Łódź umowa.txt'],
        ['ŁÓDŹ', 'Łódź umowa.txt'],
        ['lo', 'Łódź umowa.txt'],
        ['hauptstrasse', 'Anmeldung.txt'],
        ['straße', 'Anmeldung.txt'],
        ['oresund', 'Øresund bridge.txt'],
        ['encyclopaedia', 'Øresund bridge.txt'],
      ] as const) {
        expect(await namesFound(id, query), query).toEqual([expected]);
      }
    });

    it('matches two-character queries against word prefixes of names only', async () => {
      expect(await namesFound(organizationId, 'in')).toEqual(['invoice-2024.pdf']);
      expect(await namesFound(organizationId, 'AN')).toEqual(['Hundeschule Anmeldung.txt']);
      expect(await namesFound(organizationId, 're')).toEqual(['Résumé.txt']);
      // Inside a word of the name ("within", "Hundeschule") or in the content only: no match.
      expect(await namesFound(organizationId, 'th')).toEqual([]);
      expect(await namesFound(organizationId, 'sc')).toEqual([]);
      expect(await namesFound(organizationId, 'ku')).toEqual([]);
      expect(await namesFound(organizationId, 'wo')).toEqual([]);
    });

    it('requires every word of the query to match, in the name or the content', async () => {
      expect(await namesFound(organizationId, 'hunde welpen')).toEqual(['Hundeschule Anmeldung.txt']);
      expect(await namesFound(organizationId, 'invoice eur')).toEqual(['invoice-2024.pdf']);
      expect(await namesFound(organizationId, 'invoice welpen')).toEqual([]);
      expect(await namesFound(organizationId, 'in total')).toEqual(['invoice-2024.pdf']);
      expect(await namesFound(organizationId, 'in welpen')).toEqual([]);
    });

    it('treats quotes and FTS or LIKE operators in the query as plain text', async () => {
      for (const query of ['"inv', 'inv*', 'a OR b', '100%', 'in_', 'NEAR(x y)', '--', "it's"]) {
        const response = await searchResponse(organizationId, `searchQuery=${encodeURIComponent(query)}`);
        expect(response.status, query).toBe(200);
      }
      expect(await namesFound(organizationId, '100%')).toEqual([]);
      expect(await namesFound(organizationId, 'invoice%2024')).toEqual([]);
    });

    it('answers list items without content, with their tags', async () => {
      const { documents } = await search(organizationId, 'invoice');
      expect(documents).toHaveLength(1);
      expect(documents[0]).toMatchObject({
        organizationId,
        name: 'invoice-2024.pdf',
        mimeType: 'text/plain',
        isDeleted: false,
        tags: [],
      });
      expect(documents[0]).not.toHaveProperty('content');
    });
  });

  it('answers documents matching in their name first, then by text rank, then the newest first', async () => {
    const organizationId = await newOrganization();
    await addDocument(organizationId, 'old-contract.pdf', 'signed');
    await addDocument(organizationId, 'scan-1.pdf', 'This contract is signed');
    await addDocument(organizationId, 'new-contract.pdf', 'draft');
    await addDocument(organizationId, 'scan-2.pdf', 'Another contract');
    expect(await namesFound(organizationId, 'contract')).toEqual([
      'new-contract.pdf',
      'old-contract.pdf',
      'scan-2.pdf',
      'scan-1.pdf',
    ]);
    // The name holding both words first, then one of them.
    expect(await namesFound(organizationId, 'contract signed')).toEqual(['old-contract.pdf', 'scan-1.pdf']);
    expect(await namesFound(organizationId, 'scan contract')).toEqual(['scan-2.pdf', 'scan-1.pdf']);
    // Sorted by upload date on request, newest first by default.
    const newest = await search(organizationId, 'contract', '&sort=createdAt');
    expect(newest.documents.map((hit) => hit.name)).toEqual([
      'scan-2.pdf',
      'new-contract.pdf',
      'scan-1.pdf',
      'old-contract.pdf',
    ]);
  });

  it('leaves out documents in the trash, finds them again once restored, and forgets them once purged', async () => {
    const organizationId = await newOrganization();
    const base = `/api/organizations/${organizationId}/documents`;
    const kept = await addDocument(organizationId, 'tax-return-2024.pdf');
    const trashed = await addDocument(organizationId, 'tax-return-2023.pdf');
    const purged = await addDocument(organizationId, 'tax-return-2022.pdf');
    for (const id of [trashed.id, purged.id]) {
      expect((await request(server, 'DELETE', `${base}/${id}`, credentials)).status).toBe(204);
    }
    expect(await search(organizationId, 'tax')).toMatchObject({
      documents: [{ id: kept.id }],
      documentsCount: 1,
    });
    expect(await namesFound(organizationId, 'ta')).toEqual(['tax-return-2024.pdf']);

    expect((await request(server, 'POST', `${base}/${trashed.id}/restore`, credentials)).status).toBe(200);
    expect(await namesFound(organizationId, 'tax')).toEqual(['tax-return-2023.pdf', 'tax-return-2024.pdf']);

    expect((await request(server, 'DELETE', `${base}/trash/${purged.id}`, credentials)).status).toBe(204);
    expect(await namesFound(organizationId, '2022')).toEqual([]);
    if (dialect === 'sqlite') {
      // The index rows went with the document.
      const { rows } = await sql<{ count: number }>`
        select count(*) as count from documents_search_rowids where document_id = ${purged.id}`.execute(
        testDatabase.db,
      );
      expect(rows[0]!.count).toBe(0);
      const { rows: indexed } = await sql<{ count: number }>`
        select (select count(*) from documents_search_rowids) - (select count(*) from documents) as count`.execute(
        testDatabase.db,
      );
      expect(indexed[0]!.count).toBe(0);
    }
  });

  it('drops the index rows of documents removed with their organization', async () => {
    const organizationId = await newOrganization('Short-lived');
    const document = await addDocument(organizationId, 'ephemeral.pdf');
    const indexRows = async () => {
      const { rows } =
        dialect === 'sqlite'
          ? await sql<{ count: number }>`select count(*) as count from documents_search_rowids
              where document_id = ${document.id}`.execute(testDatabase.db)
          : await sql<{ count: string }>`select count(*) as count from documents_search
              where document_id = ${document.id}`.execute(testDatabase.db);
      return Number(rows[0]!.count);
    };
    expect(await indexRows()).toBe(1);
    // What the organization purge does in the end: its rows go by cascade.
    await testDatabase.db.deleteFrom('organizations').where('id', '=', organizationId).execute();
    expect(await indexRows()).toBe(0);
  });

  it('finds a renamed document by its new name only', async () => {
    const organizationId = await newOrganization();
    const document = await addDocument(organizationId, 'scan-0042.pdf', 'Lorem ipsum');
    const renamed = await request(
      server,
      'PATCH',
      `/api/organizations/${organizationId}/documents/${document.id}`,
      credentials,
      { body: { name: 'Überweisung Miete.pdf' } },
    );
    expect(renamed.status).toBe(200);
    expect(await namesFound(organizationId, 'ueberweisung')).toEqual([]);
    expect(await namesFound(organizationId, 'uberweisung')).toEqual(['Überweisung Miete.pdf']);
    expect(await namesFound(organizationId, 'mi')).toEqual(['Überweisung Miete.pdf']);
    expect(await namesFound(organizationId, 'scan')).toEqual([]);
    expect(await namesFound(organizationId, 'sc')).toEqual([]);
    expect(await namesFound(organizationId, 'ipsum')).toEqual(['Überweisung Miete.pdf']);
  });

  it('finds extracted content and edited content, and no longer the replaced content', async () => {
    const organizationId = await newOrganization();
    const document = await addDocument(organizationId, 'letter.txt', 'Kindly find the quarterly statement');
    expect(await namesFound(organizationId, 'quarterly')).toEqual(['letter.txt']);
    const edited = await request(
      server,
      'PATCH',
      `/api/organizations/${organizationId}/documents/${document.id}`,
      credentials,
      { body: { content: 'Rechnung für Zahnärztin' } },
    );
    expect(edited.status).toBe(200);
    expect(await namesFound(organizationId, 'quarterly')).toEqual([]);
    expect(await namesFound(organizationId, 'zahnarzt')).toEqual(['letter.txt']);
  });

  it('finds decomposed accents (NFD text) as composed ones and the other way round', async () => {
    const organizationId = await newOrganization();
    await addDocument(organizationId, 'decomposed.txt', 'Cre\u0300me bru\u0302le\u0301e');
    await addDocument(organizationId, 'composed.txt', 'Crème brûlée au café');
    expect((await namesFound(organizationId, 'brûlée')).sort()).toEqual(['composed.txt', 'decomposed.txt']);
    expect((await namesFound(organizationId, 'bru\u0302le\u0301e')).sort()).toEqual([
      'composed.txt',
      'decomposed.txt',
    ]);
    expect((await namesFound(organizationId, 'brulee')).sort()).toEqual(['composed.txt', 'decomposed.txt']);
  });

  it('never answers documents of another organization', async () => {
    const organizationId = await newOrganization();
    const otherOrganizationId = await newOrganization('Elsewhere');
    await addDocument(organizationId, 'mine-passport.pdf');
    await addDocument(otherOrganizationId, 'their-passport.pdf');
    expect(await namesFound(organizationId, 'passport')).toEqual(['mine-passport.pdf']);
    expect(await namesFound(organizationId, 'th')).toEqual([]);
    expect(await namesFound(otherOrganizationId, 'passport')).toEqual(['their-passport.pdf']);
    expect(await namesFound(otherOrganizationId, 'th')).toEqual(['their-passport.pdf']);
  });

  it('paginates the matches and counts them all', async () => {
    const organizationId = await newOrganization();
    for (let index = 1; index <= 7; index++) await addDocument(organizationId, `receipt-${index}.pdf`);
    await addDocument(organizationId, 'unrelated.pdf');
    const first = await search(organizationId, 'receipt', '&pageIndex=0&pageSize=3');
    expect(first.documentsCount).toBe(7);
    expect(first.documents.map((document) => document.name)).toEqual([
      'receipt-7.pdf',
      'receipt-6.pdf',
      'receipt-5.pdf',
    ]);
    const last = await search(organizationId, 'receipt', '&pageIndex=2&pageSize=3');
    expect(last).toMatchObject({ documentsCount: 7, documents: [{ name: 'receipt-1.pdf' }] });
    expect(await search(organizationId, 're', '&pageIndex=1&pageSize=5')).toMatchObject({
      documentsCount: 7,
      documents: [{ name: 'receipt-2.pdf' }, { name: 'receipt-1.pdf' }],
    });
    expect(await search(organizationId, 'receipt', '&pageIndex=5&pageSize=3')).toEqual({
      documents: [],
      documentsCount: 7,
      documentsCountIsCapped: false,
    });
    expect(await search(organizationId, 'nothing-like-this')).toEqual({
      documents: [],
      documentsCount: 0,
      documentsCountIsCapped: false,
    });
  });

  describe('hits', () => {
    it('carry a snippet of the content around the first match and the ranges of the query words, never the content', async () => {
      const organizationId = await newOrganization();
      await addDocument(
        organizationId,
        'lease.txt',
        'Rental agreement. The tenant pays the deposit before moving in; the deposit is returned later.',
      );
      const { documents } = await search(organizationId, 'deposit tenant');
      expect(documents).toHaveLength(1);
      const [hit] = documents;
      expect(hit).not.toHaveProperty('content');
      expect(hit!.snippet).toBe(
        'Rental agreement. The tenant pays the deposit before moving in; the deposit is returned later.',
      );
      expect(hit!.matches.map(({ start, end }) => hit!.snippet.slice(start, end))).toEqual([
        'tenant',
        'deposit',
        'deposit',
      ]);
    });

    it('show a match deep in a long content, cut around it with ellipses', async () => {
      const organizationId = await newOrganization();
      const filler = Array.from({ length: 12_000 }, (_, index) => `line${index}`).join(' ');
      await addDocument(organizationId, 'long.txt', `${filler} the Hundeschule invoice is due ${filler}`);
      const [hit] = (await search(organizationId, 'hundeschule')).documents;
      expect(hit!.snippet).toMatch(/^….* the Hundeschule invoice is due .*…$/);
      expect(hit!.snippet.length).toBeLessThanOrEqual(170);
      expect(hit!.matches).toHaveLength(1);
      expect(hit!.snippet.slice(hit!.matches[0]!.start, hit!.matches[0]!.end)).toBe('Hundeschule');
    });

    it('give ranges covering the accented original for a query without its diacritics', async () => {
      const organizationId = await newOrganization();
      await addDocument(organizationId, 'termin.txt', 'Termin bei der Zahnärztin, Hauptstraße 5');
      const [hit] = (await search(organizationId, 'zahnarztin strasse')).documents;
      expect(hit!.matches.map(({ start, end }) => hit!.snippet.slice(start, end))).toEqual([
        'Zahnärztin',
        'straße',
      ]);
    });

    it('answer an empty snippet for a match in the name only, and carry the extraction status', async () => {
      const organizationId = await newOrganization();
      await addDocument(organizationId, 'passport-scan.txt', 'Nothing in here');
      // Not extracted yet: found by its name, still pending.
      clock.advance(1000);
      await createDocument(server, credentials, organizationId, {
        name: 'passport-copy.txt',
        data: 'Still waiting',
        type: 'text/plain',
      });
      const { documents } = await search(organizationId, 'passport');
      expect(
        documents.map(({ name, extractionStatus, extractionError, snippet, matches }) => ({
          name,
          extractionStatus,
          extractionError,
          snippet,
          matches,
        })),
      ).toEqual([
        {
          name: 'passport-copy.txt',
          extractionStatus: 'pending',
          extractionError: null,
          snippet: '',
          matches: [],
        },
        {
          name: 'passport-scan.txt',
          extractionStatus: 'done',
          extractionError: null,
          snippet: '',
          matches: [],
        },
      ]);
      await server.jobQueue.runDueJobs();
    });
  });

  it('narrows the matches to documents carrying every given tag, of the organization only', async () => {
    const organizationId = await newOrganization();
    const otherOrganizationId = await newOrganization('Elsewhere');
    const createTag = async (id: string, name: string) => {
      const response = await request(server, 'POST', `/api/organizations/${id}/tags`, credentials, {
        body: { name, color: '#d8ff75', description: null },
      });
      expect(response.status).toBe(201);
      return (await readJson<{ tag: { id: string } }>(response)).tag.id;
    };
    const tag = async (documentId: string, tagId: string) => {
      const response = await request(
        server,
        'POST',
        `/api/organizations/${organizationId}/documents/${documentId}/tags`,
        credentials,
        { body: { tagId } },
      );
      expect(response.status).toBe(201);
    };
    const taxes = await createTag(organizationId, 'Taxes');
    const urgent = await createTag(organizationId, 'Urgent');
    const foreign = await createTag(otherOrganizationId, 'Taxes');
    const first = await addDocument(organizationId, 'invoice-1.pdf', 'An invoice');
    const second = await addDocument(organizationId, 'invoice-2.pdf', 'Another invoice');
    await addDocument(organizationId, 'invoice-3.pdf', 'A third invoice');
    const unrelated = await addDocument(organizationId, 'letter.pdf', 'No bill here');
    await tag(first.id, taxes);
    await tag(second.id, taxes);
    await tag(second.id, urgent);
    await tag(unrelated.id, taxes);

    const found = async (query: string) => {
      const body = await search(organizationId, 'invoice', query);
      return { names: body.documents.map((document) => document.name), count: body.documentsCount };
    };
    expect(await found(`&tags=${taxes}`)).toEqual({ names: ['invoice-2.pdf', 'invoice-1.pdf'], count: 2 });
    expect(await found(`&tags=${taxes}&tags=${urgent}`)).toEqual({ names: ['invoice-2.pdf'], count: 1 });
    expect(await found(`&tags=${taxes},${urgent}`)).toEqual({ names: ['invoice-2.pdf'], count: 1 });
    // Inside a word only: counted by the trigram index, not the words of the documents.
    expect(await search(organizationId, 'voice', `&tags=${taxes}`)).toMatchObject({ documentsCount: 2 });
    expect(await found(`&tags=${foreign}`)).toEqual({ names: [], count: 0 });
    expect(await found(`&tags=${taxes}&tags=${foreign}`)).toEqual({ names: [], count: 0 });
    expect((await search(organizationId, 'in', `&tags=${urgent}`)).documents.map((hit) => hit.name)).toEqual([
      'invoice-2.pdf',
    ]);
  });

  it('reports a count past the cap as the cap, marked capped (a cap of 3 here)', async () => {
    const organizationId = await newOrganization();
    for (let index = 1; index <= 4; index++) {
      await addDocument(organizationId, `memo-${index}.txt`, index <= 3 ? `signed ${index}` : 'draft');
    }
    await addDocument(organizationId, 'other.txt', 'A memo and more');
    const capped = new Hono<AppEnv>().route(
      '/api',
      createSearchRoutes({
        routes: server.services.endpointRoutes,
        search: createSearchUsecases({ database: testDatabase.database, countCap: 3 }),
        searchRateLimit: createUserRateLimit({ perMinute: 0 }),
      }),
    );
    const searchCapped = async (query: string) => {
      const response = await capped.request(
        `/api/organizations/${organizationId}/documents/search?searchQuery=${query}&pageSize=2`,
        { headers: { cookie: owner.cookie } },
      );
      expect(response.status).toBe(200);
      const { documents, ...counts } = await readJson<SearchBody>(response);
      return { names: documents.map((hit) => hit.name), ...counts };
    };
    expect(await searchCapped('memo')).toEqual({
      names: ['memo-4.txt', 'memo-3.txt'],
      documentsCount: 3,
      documentsCountIsCapped: true,
    });
    // Exactly the cap is not past it.
    expect(await searchCapped('signed')).toMatchObject({ documentsCount: 3, documentsCountIsCapped: false });
    expect(await searchCapped('memo-1')).toMatchObject({ documentsCount: 1, documentsCountIsCapped: false });
    expect(await searchCapped('other')).toMatchObject({ documentsCount: 1, documentsCountIsCapped: false });
  });

  it('keeps a capped count right as names, contents and tags change (a cap of 1 here)', async () => {
    // Past the cap, counts come from indexes the database keeps by triggers (migration 0015).
    const organizationId = await newOrganization();
    const base = `/api/organizations/${organizationId}/documents`;
    const capped = new Hono<AppEnv>().route(
      '/api',
      createSearchRoutes({
        routes: server.services.endpointRoutes,
        search: createSearchUsecases({ database: testDatabase.database, countCap: 1 }),
        searchRateLimit: createUserRateLimit({ perMinute: 0 }),
      }),
    );
    const counted = async (query: string) => {
      const response = await capped.request(`${base}/search?searchQuery=zephyr${query}`, {
        headers: { cookie: owner.cookie },
      });
      const { documentsCount, documentsCountIsCapped } = await readJson<SearchBody>(response);
      return [documentsCount, documentsCountIsCapped];
    };
    const tagResponse = await request(
      server,
      'POST',
      `/api/organizations/${organizationId}/tags`,
      credentials,
      {
        body: { name: 'Weather', color: '#d8ff75', description: null },
      },
    );
    const tagId = (await readJson<{ tag: { id: string } }>(tagResponse)).tag.id;
    const withTag = `&tags=${tagId}`;
    const alpha = await addDocument(organizationId, 'alpha.txt', 'A zephyr in the morning');
    const beta = await addDocument(organizationId, 'beta.txt', 'A Zéphyr at night');
    expect(await counted('')).toEqual([1, true]);
    expect(await counted(withTag)).toEqual([0, false]);

    const link = (documentId: string, method: 'POST' | 'DELETE') =>
      method === 'POST'
        ? request(server, 'POST', `${base}/${documentId}/tags`, credentials, { body: { tagId } })
        : request(server, 'DELETE', `${base}/${documentId}/tags/${tagId}`, credentials);
    expect((await link(alpha.id, 'POST')).ok).toBe(true);
    expect(await counted(withTag)).toEqual([1, false]);
    expect((await link(beta.id, 'POST')).ok).toBe(true);
    expect(await counted(withTag)).toEqual([1, true]);
    expect((await link(beta.id, 'DELETE')).ok).toBe(true);
    expect(await counted(withTag)).toEqual([1, false]);

    const patch = (documentId: string, body: Record<string, string>) =>
      request(server, 'PATCH', `${base}/${documentId}`, credentials, { body });
    expect((await patch(alpha.id, { content: 'Calm all day' })).status).toBe(200);
    expect(await counted(withTag)).toEqual([0, false]);
    expect(await counted('')).toEqual([1, false]);
    expect((await patch(alpha.id, { name: 'Zephyr log.txt' })).status).toBe(200);
    expect(await counted(withTag)).toEqual([1, false]);
    expect(await counted('')).toEqual([1, true]);
    expect((await request(server, 'DELETE', `${base}/${beta.id}`, credentials)).status).toBe(204);
    expect(await counted('')).toEqual([1, false]);
  });

  it('refuses queries shorter than two characters and invalid pages with a validation error', async () => {
    const organizationId = await newOrganization();
    for (const query of [
      'searchQuery=a',
      'searchQuery=%20b%20',
      'searchQuery=',
      '',
      'searchQuery=ab&pageSize=101',
    ]) {
      const response = await searchResponse(organizationId, query);
      expect(response.status, query).toBe(400);
      expect((await readError(response)).error.code).toBe('api.validation_error');
    }
  });

  it('reads an empty pageIndex or pageSize as not given (the default)', async () => {
    const organizationId = await newOrganization();
    await addDocument(organizationId, 'receipt-1.txt');
    await addDocument(organizationId, 'receipt-2.txt');
    const expected = await search(organizationId, 'receipt');
    expect(expected.documentsCount).toBe(2);
    for (const extra of ['&pageIndex=', '&pageSize=', '&pageIndex=&pageSize=']) {
      expect(await search(organizationId, 'receipt', extra), extra).toEqual(expected);
    }
  });

  it('is matched before the document route: /documents/search is never read as a document id', async () => {
    const organizationId = await newOrganization();
    await addDocument(organizationId, 'xylophone.pdf');
    const tooShort = await searchResponse(organizationId, 'searchQuery=x');
    expect(tooShort.status).toBe(400);
    expect((await readError(tooShort)).error.code).toBe('api.validation_error');
    const found = await readJson<SearchBody & { document?: unknown }>(
      await searchResponse(organizationId, 'searchQuery=xy'),
    );
    expect(found.document).toBeUndefined();
    expect(found.documents.map((document) => document.name)).toEqual(['xylophone.pdf']);
  });

  it('works with an API key allowed to read documents and refuses one that is not', async () => {
    const organizationId = await newOrganization();
    await addDocument(organizationId, 'warranty.pdf');
    const reader = await createApiKey(server, owner, {
      permissions: ['documents:read'],
      organizationIds: [organizationId],
    });
    const writer = await createApiKey(server, owner, {
      permissions: ['documents:create'],
      organizationIds: [organizationId],
    });
    const allowed = await searchResponse(organizationId, 'searchQuery=warranty', { token: reader });
    expect(allowed.status).toBe(200);
    expect((await readJson<SearchBody>(allowed)).documents.map((document) => document.name)).toEqual([
      'warranty.pdf',
    ]);
    expect((await searchResponse(organizationId, 'searchQuery=warranty', { token: writer })).status).toBe(
      403,
    );
  });

  it('refuses a signed-in user who is not a member of the organization', async () => {
    const organizationId = await newOrganization();
    await addDocument(organizationId, 'secret-plans.pdf');
    const response = await searchResponse(organizationId, 'searchQuery=secret', { cookie: outsider.cookie });
    expect(response.status).toBe(403);
    expect(JSON.stringify(await response.json())).not.toContain('secret-plans');
  });

  it('plans substring searches on the search indexes, not on a scan of the documents', async () => {
    // Enough rows for a planner to prefer an index: 2,000 documents of generated text, one of
    // them (and one name) with a rare word.
    const organizationId = await newOrganization();
    const words = 'invoice contract payment total customer delivery receipt tax report balance'.split(' ');
    const rows = Array.from({ length: 2000 }, (_, index) => ({
      id: `doc_plan${String(index).padStart(20, '0')}`,
      organization_id: organizationId,
      name: index === 7 ? 'Zeppelin flight.pdf' : `${words[index % words.length]}-${index}.pdf`,
      original_name: `document-${index}.pdf`,
      original_size: 1000,
      original_sha256: `plan-${index}`,
      mime_type: 'application/pdf',
      storage_key: `${organizationId}/doc_plan${index}`,
      content:
        Array.from({ length: 60 }, (_, word) => words[(index * 7 + word * 3) % words.length]).join(' ') +
        (index === 1500 ? ' zeppelin' : ''),
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
      created_by: null,
      updated_at: null,
      is_deleted: 0 as const,
      deleted_at: null,
      deleted_by: null,
      scheduled_purge_at: null,
    }));
    for (let offset = 0; offset < rows.length; offset += 200) {
      await testDatabase.db
        .insertInto('documents')
        .values(rows.slice(offset, offset + 200))
        .execute();
    }
    if (dialect === 'postgres') await sql`analyze`.execute(testDatabase.db);

    expect(await namesFound(organizationId, 'zeppelin')).toEqual(['Zeppelin flight.pdf', 'invoice-1500.pdf']);
    const filters = {
      organizationId,
      text: toSearchText(parseSearchQuery('zeppelin')),
      tagIds: [],
      dateRange: {},
    };
    const repository = createSearchRepository({ db: testDatabase.db, dialect });
    let plan = (await repository.explainSearch(filters)).join('\n');
    if (dialect === 'postgres') {
      // At 2,000 short documents PostgreSQL rightly prefers reading the organization's search rows
      // (it takes the trigram indexes from a few thousand, see the README); without that way and
      // without scans, the plan must be the trigram indexes.
      plan = await testDatabase.db
        .transaction()
        .execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          await sql`set local enable_indexscan = off`.execute(trx);
          await sql`drop index documents_search_organization_id_is_deleted_created_at_id_index`.execute(trx);
          await sql`drop index documents_search_organization_id_is_deleted_document_date_index`.execute(trx);
          const lines = await createSearchRepository({ db: trx, dialect }).explainSearch(filters);
          throw Object.assign(new Error('rollback'), { lines });
        })
        .catch((error: { lines?: string[] }) => {
          if (!error.lines) throw error;
          return error.lines.join('\n');
        });
    }
    if (dialect === 'sqlite') {
      // The FTS5 table hands out its matches newest first (ORDER BY rowid DESC consumed: no sort).
      expect(plan).toMatch(/SCAN s VIRTUAL TABLE INDEX/);
      expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
      expect(plan).toMatch(/SEARCH r USING INTEGER PRIMARY KEY/);
      expect(plan).not.toMatch(/SCAN (r|documents|documents_search_rowids)\b/);
    } else {
      expect(plan).toMatch(/Bitmap Index Scan on documents_search_name_trgm_index/);
      expect(plan).toMatch(/Bitmap Index Scan on documents_search_words_trgm_index/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });
});
