import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DocumentListItemDto } from '@sheaf/contracts/documents';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError } from '../../test/http';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { createOrganization, DAY_MS, type TestUser } from '../organizations/organizations.test-helpers';
import { attachTag, createTag } from '../tags/tags.test-helpers';
import { documentFiltersCondition, EMPTY_DOCUMENT_FILTERS, resolveDocumentQuery } from './documents.filters';
import { createDocumentsRepository } from './documents.repository';
import {
  type Credentials,
  createDocument,
  getDocument,
  insertNote,
  insertPropertyDefinition,
  insertPropertyValue,
  listDocuments,
  request,
} from './documents.test-helpers';

/**
 * The documents list's filters and sorts (contracts' document-filters) over seven documents, one
 * per file type group, uploaded a day apart, with tags, dates, property values of every type and
 * notes.
 */
describe.each(testDialects)('documents list filters and sorts on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date('2026-03-01T10:00:00.000Z'));
  const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-documents-list-'));
  const { server, createUser } = useApiTestServer(testDatabase, {
    clock,
    env: { DOCUMENTS_STORAGE_FILESYSTEM_ROOT: storageRoot },
  });
  let owner: TestUser;
  let organizationId: string;
  let credentials: Credentials;
  /** d1 … d7 by upload order (one a day from 2026-03-02). */
  const ids: Record<string, string> = {};
  /** Document names (d1 …) from ids, for readable expectations. */
  const namesOf = (documents: DocumentListItemDto[]) =>
    documents.map((document) => Object.keys(ids).find((key) => ids[key] === document.id) ?? document.id);
  const tagIds: Record<string, string> = {};
  let properties: Record<string, Awaited<ReturnType<typeof insertPropertyDefinition>>>;
  let otherOrganizationProperty: { id: string };
  let otherOrganizationTagId: string;
  const optionId = (property: string, name: string) =>
    properties[property]!.options.find((option) => option.name === name)!.id;

  const list = async (query: string) => {
    const answer = await listDocuments(server, credentials, organizationId, `?${query}`);
    return { names: namesOf(answer.documents), count: answer.documentsCount, documents: answer.documents };
  };
  const listStatus = async (query: string) =>
    request(server, 'GET', `/api/organizations/${organizationId}/documents?${query}`, credentials);
  const condition = (property: string, rest: string) =>
    `property=${encodeURIComponent(`${properties[property]!.id}:${rest}`)}`;

  beforeAll(async () => {
    owner = await createUser('list-owner@example.com', 'Olivia Owner');
    const outsider = await createUser('list-outsider@example.com');
    organizationId = (await createOrganization(server, owner, 'List archive')).id;
    const otherOrganizationId = (await createOrganization(server, outsider, 'Elsewhere')).id;
    credentials = { cookie: owner.cookie };
    const db = testDatabase.database.db;

    const files = [
      { key: 'd1', name: 'golf report.txt', type: 'text/plain', size: 500 },
      { key: 'd2', name: 'Alpha invoice.pdf', type: 'application/pdf', size: 300 },
      { key: 'd3', name: 'echo.png', type: 'image/png', size: 700 },
      {
        key: 'd4',
        name: 'bravo.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        size: 100,
      },
      { key: 'd5', name: 'foxtrot.eml', type: 'message/rfc822', size: 600 },
      { key: 'd6', name: 'Charlie.bin', type: 'application/octet-stream', size: 200 },
      { key: 'd7', name: 'delta.md', type: 'text/markdown', size: 400 },
    ];
    for (const file of files) {
      clock.advance(DAY_MS);
      const document = await createDocument(server, credentials, organizationId, {
        name: file.name,
        type: file.type,
        data: 'x'.repeat(file.size),
      });
      ids[file.key] = document.id;
    }
    // Extraction states as the jobs would leave them (the jobs are not run here).
    await db
      .updateTable('documents')
      .set({ extraction_status: 'done' })
      .where('id', 'in', [ids.d1!, ids.d5!, ids.d7!])
      .execute();
    await db
      .updateTable('documents')
      .set({ extraction_status: 'failed', extraction_error_code: 'extraction.unreadable' })
      .where('id', '=', ids.d2!)
      .execute();

    tagIds.a = (await createTag(server, credentials, organizationId, { name: 'Alpha tag' })).id;
    tagIds.b = (await createTag(server, credentials, organizationId, { name: 'Beta tag' })).id;
    for (const [tag, documents] of [
      ['a', ['d1', 'd2', 'd3']],
      ['b', ['d2', 'd4']],
    ] as const)
      for (const document of documents)
        expect(
          (await attachTag(server, credentials, organizationId, ids[document]!, tagIds[tag]!)).status,
        ).toBe(201);
    otherOrganizationTagId = (
      await createTag(server, { cookie: outsider.cookie }, otherOrganizationId, { name: 'Theirs' })
    ).id;

    for (const [document, documentDate] of [
      ['d1', '2024-05-10'],
      ['d2', '2025-01-01'],
      ['d3', '2024-05-10'],
      ['d5', '2023-12-31'],
      ['d7', '2026-02-01'],
    ] as const) {
      const response = await request(
        server,
        'PATCH',
        `/api/organizations/${organizationId}/documents/${ids[document]}`,
        credentials,
        { body: { documentDate } },
      );
      expect(response.status).toBe(200);
    }

    const define = (
      name: string,
      type: Parameters<typeof insertPropertyDefinition>[1]['type'],
      options?: string[],
    ) => insertPropertyDefinition(db, { organizationId, name, type, ...(options ? { options } : {}) });
    properties = {
      amount: await define('Amount', 'monetary'),
      count: await define('Count', 'number'),
      due: await define('Due', 'date'),
      labels: await define('Labels', 'multi_select', ['Red', 'Green', 'Blue']),
      owner: await define('Owner', 'member'),
      paid: await define('Paid', 'boolean'),
      reference: await define('Reference', 'text'),
      status: await define('Status', 'select', ['Open', 'Paid']),
      website: await define('Website', 'url'),
    };
    const set = (
      document: string,
      property: string,
      value: Parameters<typeof insertPropertyValue>[1]['value'],
    ) =>
      insertPropertyValue(db, {
        organizationId,
        documentId: ids[document]!,
        property: properties[property]!,
        value,
      });
    await set('d1', 'amount', { amount: 120, currency: 'EUR' });
    await set('d2', 'amount', { amount: 80.5, currency: 'EUR' });
    await set('d3', 'amount', { amount: 1000, currency: 'USD' });
    await set('d5', 'amount', { amount: 120, currency: 'EUR' });
    await set('d1', 'count', 3);
    await set('d2', 'count', -1);
    await set('d4', 'count', 42);
    await set('d1', 'due', '2024-06-01');
    await set('d3', 'due', '2024-01-15');
    await set('d7', 'due', '2026-03-01');
    await set('d1', 'labels', [optionId('labels', 'Blue'), optionId('labels', 'Red')]);
    await set('d3', 'labels', [optionId('labels', 'Green')]);
    await set('d1', 'owner', owner.userId);
    await set('d1', 'paid', true);
    await set('d2', 'paid', false);
    await set('d1', 'reference', 'INV-001 Alpha');
    await set('d4', 'reference', 'Ref delta_50%');
    await set('d1', 'status', optionId('status', 'Open'));
    await set('d2', 'status', optionId('status', 'Paid'));
    await set('d2', 'website', 'https://example.com/bravo');

    otherOrganizationProperty = await insertPropertyDefinition(db, {
      organizationId: otherOrganizationId,
      name: 'Amount',
      type: 'number',
    });

    await insertNote(db, { organizationId, documentId: ids.d1!, authorId: owner.userId });
    await insertNote(db, { organizationId, documentId: ids.d1!, authorId: owner.userId, content: 'Second' });
    await insertNote(db, { organizationId, documentId: ids.d2!, authorId: owner.userId });
  });
  afterAll(() => {
    fs.rmSync(storageRoot, { recursive: true, force: true });
  });

  describe('list items', () => {
    it('carries the document date, its property values of every type and its notes count', async () => {
      const { documents } = await list('');
      const d1 = documents.find((document) => document.id === ids.d1)!;
      expect(d1).toMatchObject({ documentDate: '2024-05-10', documentDateIsDetected: false, notesCount: 2 });
      // By property name; a multi select's options in the definition's order.
      expect(d1.properties).toEqual([
        { propertyId: properties.amount!.id, value: { amount: 120, currency: 'EUR' } },
        { propertyId: properties.count!.id, value: 3 },
        { propertyId: properties.due!.id, value: '2024-06-01' },
        { propertyId: properties.labels!.id, value: [optionId('labels', 'Red'), optionId('labels', 'Blue')] },
        { propertyId: properties.owner!.id, value: owner.userId },
        { propertyId: properties.paid!.id, value: true },
        { propertyId: properties.reference!.id, value: 'INV-001 Alpha' },
        { propertyId: properties.status!.id, value: optionId('status', 'Open') },
      ]);
      const d2 = documents.find((document) => document.id === ids.d2)!;
      expect(d2.notesCount).toBe(1);
      expect(d2.properties).toEqual([
        { propertyId: properties.amount!.id, value: { amount: 80.5, currency: 'EUR' } },
        { propertyId: properties.count!.id, value: -1 },
        { propertyId: properties.paid!.id, value: false },
        { propertyId: properties.status!.id, value: optionId('status', 'Paid') },
        { propertyId: properties.website!.id, value: 'https://example.com/bravo' },
      ]);
      const d6 = documents.find((document) => document.id === ids.d6)!;
      expect(d6).toMatchObject({
        documentDate: null,
        documentDateIsDetected: false,
        properties: [],
        notesCount: 0,
      });
    });

    it('answers the same fields for one document as the list does', async () => {
      const { documents } = await list('');
      const { content, attachments, fromEmail, preview, extractionNotice, ...document } = await getDocument(
        server,
        credentials,
        organizationId,
        ids.d1!,
      );
      expect(content).toBe('');
      // What only the document's own answer carries: its e-mail links, its preview, the extraction's notice.
      expect({ attachments, fromEmail, preview, extractionNotice }).toEqual({
        attachments: [],
        fromEmail: null,
        preview: null,
        extractionNotice: null,
      });
      expect(document).toEqual(documents.find((item) => item.id === ids.d1));
    });
  });

  describe('each filter alone', () => {
    it('keeps the documents carrying every tag of tags', async () => {
      expect(await list(`tags=${tagIds.a}`)).toMatchObject({ names: ['d3', 'd2', 'd1'], count: 3 });
      expect(await list(`tags=${tagIds.a},${tagIds.b}`)).toMatchObject({ names: ['d2'], count: 1 });
      expect(await list(`tags=${tagIds.a}&tags=${tagIds.b}`)).toMatchObject({ names: ['d2'], count: 1 });
    });

    it('keeps the documents carrying any tag of anyTags', async () => {
      expect(await list(`anyTags=${tagIds.a},${tagIds.b}`)).toMatchObject({
        names: ['d4', 'd3', 'd2', 'd1'],
        count: 4,
      });
    });

    it('keeps the documents carrying none of excludedTags', async () => {
      expect(await list(`excludedTags=${tagIds.a}`)).toMatchObject({
        names: ['d7', 'd6', 'd5', 'd4'],
        count: 4,
      });
      expect(await list(`excludedTags=${tagIds.a},${tagIds.b}`)).toMatchObject({ names: ['d7', 'd6', 'd5'] });
    });

    it("matches nothing with another organization's tag, and excludes nothing with it", async () => {
      expect(await list(`tags=${otherOrganizationTagId}`)).toMatchObject({ names: [], count: 0 });
      expect(await list(`anyTags=${otherOrganizationTagId}`)).toMatchObject({ names: [], count: 0 });
      expect((await list(`excludedTags=${otherOrganizationTagId}`)).count).toBe(7);
      expect(await list(`tags=${tagIds.a},${otherOrganizationTagId}`)).toMatchObject({ names: [], count: 0 });
    });

    it('keeps the documents dated within the document date range, both ends included', async () => {
      expect(await list('documentDateFrom=2024-05-10&documentDateTo=2025-01-01')).toMatchObject({
        names: ['d3', 'd2', 'd1'],
        count: 3,
      });
      expect((await list('documentDateFrom=2025-01-01')).names).toEqual(['d7', 'd2']);
      expect((await list('documentDateTo=2023-12-31')).names).toEqual(['d5']);
    });

    it('keeps the documents uploaded within the upload date range, in UTC days, both ends included', async () => {
      expect(await list('createdFrom=2026-03-03&createdTo=2026-03-04')).toMatchObject({
        names: ['d3', 'd2'],
        count: 2,
      });
      expect((await list('createdTo=2026-03-02')).names).toEqual(['d1']);
      expect((await list('createdFrom=2026-03-08')).names).toEqual(['d7']);
    });

    it('keeps the documents of the file type groups asked for, other being none of the groups', async () => {
      expect((await list('fileTypes=pdf')).names).toEqual(['d2']);
      expect((await list('fileTypes=image')).names).toEqual(['d3']);
      expect((await list('fileTypes=office')).names).toEqual(['d4']);
      expect((await list('fileTypes=email')).names).toEqual(['d5']);
      expect((await list('fileTypes=text')).names).toEqual(['d7', 'd1']);
      expect((await list('fileTypes=other')).names).toEqual(['d6']);
      expect(await list('fileTypes=pdf,other')).toMatchObject({ names: ['d6', 'd2'], count: 2 });
    });

    it('keeps the documents in the extraction states asked for', async () => {
      expect((await list('extractionStatuses=failed')).names).toEqual(['d2']);
      expect(await list('extractionStatuses=done,failed')).toMatchObject({
        names: ['d7', 'd5', 'd2', 'd1'],
        count: 4,
      });
      expect((await list('extractionStatuses=pending')).names).toEqual(['d6', 'd4', 'd3']);
    });

    it('compares monetary amounts and numbers with eq and between, either end left open', async () => {
      expect((await list(condition('amount', 'eq:120'))).names).toEqual(['d5', 'd1']);
      expect((await list(condition('amount', 'between:100..200'))).names).toEqual(['d5', 'd1']);
      expect((await list(condition('amount', 'between:..100'))).names).toEqual(['d2']);
      expect((await list(condition('amount', 'between:500..'))).names).toEqual(['d3']);
      expect((await list(condition('count', 'eq:3'))).names).toEqual(['d1']);
      expect((await list(condition('count', 'between:-5..5'))).names).toEqual(['d2', 'd1']);
    });

    it('compares dates with eq and between', async () => {
      expect((await list(condition('due', 'between:2024-01-01..2024-12-31'))).names).toEqual(['d3', 'd1']);
      expect((await list(condition('due', 'eq:2026-03-01'))).names).toEqual(['d7']);
    });

    it('finds select options, a multi select carrying an option, yes/no values and members', async () => {
      expect((await list(condition('status', `eq:${optionId('status', 'Open')}`))).names).toEqual(['d1']);
      expect((await list(condition('labels', `eq:${optionId('labels', 'Green')}`))).names).toEqual(['d3']);
      expect((await list(condition('labels', `eq:${optionId('labels', 'Red')}`))).names).toEqual(['d1']);
      expect((await list(condition('paid', 'eq:true'))).names).toEqual(['d1']);
      expect((await list(condition('paid', 'eq:false'))).names).toEqual(['d2']);
      expect((await list(condition('owner', `eq:${owner.userId}`))).names).toEqual(['d1']);
      // An option the select does not have: nothing carries it.
      expect((await list(condition('status', 'eq:opt_unknown'))).count).toBe(0);
    });

    it('compares text ignoring case, contains taking % and _ literally', async () => {
      expect((await list(condition('reference', 'eq:inv-001 alpha'))).names).toEqual(['d1']);
      expect((await list(condition('reference', 'contains:DELTA'))).names).toEqual(['d4']);
      expect((await list(condition('reference', 'contains:a_5'))).names).toEqual(['d4']);
      expect((await list(condition('reference', 'contains:0%'))).names).toEqual(['d4']);
      expect((await list(condition('reference', 'contains:1_A'))).names).toEqual([]);
      expect((await list(condition('website', 'contains:bravo'))).names).toEqual(['d2']);
    });

    it('keeps the documents with a value (set) or without one (empty)', async () => {
      expect(await list(condition('amount', 'set'))).toMatchObject({
        names: ['d5', 'd3', 'd2', 'd1'],
        count: 4,
      });
      expect(await list(condition('amount', 'empty'))).toMatchObject({ names: ['d7', 'd6', 'd4'], count: 3 });
      expect((await list(condition('labels', 'set'))).names).toEqual(['d3', 'd1']);
    });

    it("matches nothing with an unknown property or another organization's", async () => {
      for (const propertyId of [otherOrganizationProperty.id, 'prop_unknown']) {
        for (const rest of ['set', 'empty', 'eq:1', 'between:0..10']) {
          expect(await list(`property=${encodeURIComponent(`${propertyId}:${rest}`)}`)).toMatchObject({
            names: [],
            count: 0,
          });
        }
      }
    });
  });

  describe('filters combined', () => {
    it('keeps the documents passing every filter, sorted by document date', async () => {
      expect(
        await list(`tags=${tagIds.a}&${condition('amount', 'between:100..')}&sort=documentDate&order=desc`),
      ).toMatchObject({ names: ['d3', 'd1'], count: 2 });
      expect(await list('fileTypes=text&documentDateFrom=2024-01-01')).toMatchObject({
        names: ['d7', 'd1'],
        count: 2,
      });
      expect(
        await list(
          `anyTags=${tagIds.a},${tagIds.b}&excludedTags=${tagIds.b}&extractionStatuses=done&${condition('paid', 'eq:true')}&${condition('labels', 'set')}`,
        ),
      ).toMatchObject({ names: ['d1'], count: 1 });
    });

    it('pages a filtered list and counts all of it', async () => {
      const first = await list(`anyTags=${tagIds.a},${tagIds.b}&pageSize=3&pageIndex=0`);
      const second = await list(`anyTags=${tagIds.a},${tagIds.b}&pageSize=3&pageIndex=1`);
      expect([first.names, first.count, second.names, second.count]).toEqual([
        ['d4', 'd3', 'd2'],
        4,
        ['d1'],
        4,
      ]);
    });
  });

  describe('sorts', () => {
    it('sorts by upload date, newest first by default, and oldest first', async () => {
      expect((await list('')).names).toEqual(['d7', 'd6', 'd5', 'd4', 'd3', 'd2', 'd1']);
      expect((await list('sort=createdAt&order=asc')).names).toEqual([
        'd1',
        'd2',
        'd3',
        'd4',
        'd5',
        'd6',
        'd7',
      ]);
    });

    it('sorts by name ignoring case, A to Z by default', async () => {
      // alpha, bravo, Charlie, delta, echo, foxtrot, golf
      expect((await list('sort=name')).names).toEqual(['d2', 'd4', 'd6', 'd7', 'd3', 'd5', 'd1']);
      expect((await list('sort=name&order=desc')).names).toEqual(['d1', 'd5', 'd3', 'd7', 'd6', 'd4', 'd2']);
    });

    it('sorts by size, largest first by default', async () => {
      expect((await list('sort=size')).names).toEqual(['d3', 'd5', 'd1', 'd7', 'd2', 'd6', 'd4']);
      expect((await list('sort=size&order=asc')).names).toEqual(['d4', 'd6', 'd2', 'd7', 'd1', 'd5', 'd3']);
    });

    it('sorts by document date both ways, undated documents last, ties newest upload first', async () => {
      expect((await list('sort=documentDate')).names).toEqual(['d7', 'd2', 'd3', 'd1', 'd5', 'd6', 'd4']);
      expect((await list('sort=documentDate&order=asc')).names).toEqual([
        'd5',
        'd3',
        'd1',
        'd2',
        'd7',
        'd6',
        'd4',
      ]);
    });

    it('pages a document date sort across the undated documents', async () => {
      for (const [pageSize, pages] of [
        [3, [['d7', 'd2', 'd3'], ['d1', 'd5', 'd6'], ['d4'], []]],
        [2, [['d7', 'd2'], ['d3', 'd1'], ['d5', 'd6'], ['d4'], []]],
        [
          5,
          [
            ['d7', 'd2', 'd3', 'd1', 'd5'],
            ['d6', 'd4'],
          ],
        ],
      ] as const) {
        for (const [pageIndex, names] of pages.entries()) {
          expect((await list(`sort=documentDate&pageSize=${pageSize}&pageIndex=${pageIndex}`)).names).toEqual(
            names,
          );
        }
      }
    });

    it('sorts by a monetary amount both ways, documents without a value last', async () => {
      const amount = `property:${properties.amount!.id}`;
      expect((await list(`sort=${amount}`)).names).toEqual(['d3', 'd5', 'd1', 'd2', 'd7', 'd6', 'd4']);
      expect((await list(`sort=${amount}&order=asc`)).names).toEqual([
        'd2',
        'd5',
        'd1',
        'd3',
        'd7',
        'd6',
        'd4',
      ]);
      expect((await list(`sort=${amount}&order=asc&pageSize=3&pageIndex=1`)).names).toEqual([
        'd3',
        'd7',
        'd6',
      ]);
    });

    it('sorts by a number and by a date property both ways, documents without a value last', async () => {
      const count = `property:${properties.count!.id}`;
      expect((await list(`sort=${count}`)).names).toEqual(['d4', 'd1', 'd2', 'd7', 'd6', 'd5', 'd3']);
      expect((await list(`sort=${count}&order=asc`)).names).toEqual([
        'd2',
        'd1',
        'd4',
        'd7',
        'd6',
        'd5',
        'd3',
      ]);
      const due = `property:${properties.due!.id}`;
      expect((await list(`sort=${due}&order=asc`)).names).toEqual(['d3', 'd1', 'd7', 'd6', 'd5', 'd4', 'd2']);
      expect((await list(`sort=${due}`)).names).toEqual(['d7', 'd1', 'd3', 'd6', 'd5', 'd4', 'd2']);
    });

    it('pages through values shared by more documents than a page, ties newest upload first', async () => {
      const db = testDatabase.database.db;
      const rank = await insertPropertyDefinition(db, { organizationId, name: 'Rank', type: 'number' });
      try {
        for (const [document, value] of Object.entries({ d1: 5, d2: 5, d3: 5, d4: 5, d5: 1, d6: 1, d7: 9 }))
          await insertPropertyValue(db, {
            organizationId,
            documentId: ids[document]!,
            property: rank,
            value,
          });
        const expected = {
          desc: ['d7', 'd4', 'd3', 'd2', 'd1', 'd6', 'd5'],
          asc: ['d6', 'd5', 'd4', 'd3', 'd2', 'd1', 'd7'],
        };
        for (const order of ['desc', 'asc'] as const) {
          expect((await list(`sort=property:${rank.id}&order=${order}`)).names).toEqual(expected[order]);
          for (const pageSize of [1, 2, 3, 4]) {
            const pages: string[] = [];
            for (let pageIndex = 0; pageIndex * pageSize < 7; pageIndex++)
              pages.push(
                ...(
                  await list(
                    `sort=property:${rank.id}&order=${order}&pageSize=${pageSize}&pageIndex=${pageIndex}`,
                  )
                ).names,
              );
            expect(pages).toEqual(expected[order]);
          }
        }
      } finally {
        await db.deleteFrom('property_definitions').where('id', '=', rank.id).execute();
      }
    });

    it('pages through document dates and sizes one by one as they are listed whole', async () => {
      for (const query of [
        'sort=documentDate',
        'sort=documentDate&order=asc',
        'sort=size',
        'sort=name&order=desc',
      ]) {
        const whole = (await list(query)).names;
        const paged: string[] = [];
        for (let pageIndex = 0; pageIndex < 8; pageIndex++)
          paged.push(...(await list(`${query}&pageSize=1&pageIndex=${pageIndex}`)).names);
        expect(paged).toEqual(whole);
      }
    });

    it('pages a filtered list as it is listed whole, whether each page walks the sort or looks each match up', async () => {
      const { database } = testDatabase;
      // The repository chooses by cost (few matches among many documents: look up); here each way
      // is forced in turn, every page of one compared with the list answered whole.
      const lookingUp = createDocumentsRepository({
        db: database.db,
        lookupCost: { sqlite: 0, postgres: 0 },
      });
      const walking = createDocumentsRepository({
        db: database.db,
        lookupCost: { sqlite: Number.POSITIVE_INFINITY, postgres: Number.POSITIVE_INFINITY },
      });
      const filtersOf = [
        {
          tags: [tagIds.a!],
          property: [{ propertyId: properties.amount!.id, operator: 'between' as const, from: '100' }],
        },
        { tags: [tagIds.b!] },
        { property: [{ propertyId: properties.amount!.id, operator: 'set' as const }] },
      ];
      const sorts = [
        ['documentDate', 'desc'],
        ['documentDate', 'asc'],
        ['size', 'desc'],
        ['size', 'asc'],
        ['name', 'asc'],
        ['name', 'desc'],
        ['createdAt', 'desc'],
        ['createdAt', 'asc'],
      ] as const;
      for (const filters of filtersOf)
        for (const [sort, order] of sorts) {
          const query = await resolveDocumentQuery({
            db: database.db,
            dialect: database.dialect,
            organizationId,
            filters: { ...EMPTY_DOCUMENT_FILTERS, ...filters },
            sort,
            order,
          });
          const whole = await list(
            `${new URLSearchParams([
              ...(filters.tags ?? []).map((tag): [string, string] => ['tags', tag]),
              ...(filters.property ?? []).map((condition): [string, string] => [
                'property',
                `${condition.propertyId}:${condition.operator}${'from' in condition ? `:${condition.from}..` : ''}`,
              ]),
            ]).toString()}&sort=${sort}&order=${order}`,
          );
          expect(whole.count).toBeGreaterThan(0);
          for (const repository of [lookingUp, walking]) {
            const paged: string[] = [];
            for (let pageIndex = 0; pageIndex <= whole.count; pageIndex++) {
              const page = await repository.list({
                organizationId,
                isDeleted: false,
                query,
                pageIndex,
                pageSize: 1,
              });
              expect(page.count).toBe(whole.count);
              paged.push(...page.rows.map((row) => Object.keys(ids).find((key) => ids[key] === row.id)!));
            }
            expect([sort, order, paged]).toEqual([sort, order, whole.names]);
          }
        }
    });

    it('sorts a filtered list', async () => {
      expect(await list(`tags=${tagIds.a}&sort=name`)).toMatchObject({ names: ['d2', 'd3', 'd1'], count: 3 });
      expect((await list(`${condition('amount', 'set')}&sort=size&order=asc`)).names).toEqual([
        'd2',
        'd1',
        'd5',
        'd3',
      ]);
    });

    it("lists by upload date when sorted by an unknown property or another organization's", async () => {
      expect((await list('sort=property:prop_unknown')).names).toEqual([
        'd7',
        'd6',
        'd5',
        'd4',
        'd3',
        'd2',
        'd1',
      ]);
      expect((await list(`sort=property:${otherOrganizationProperty.id}&order=asc`)).names).toEqual([
        'd7',
        'd6',
        'd5',
        'd4',
        'd3',
        'd2',
        'd1',
      ]);
    });
  });

  describe('the filters as SQL for other modules', () => {
    it('filters a documents table of another alias, as the search module does', async () => {
      const { database } = testDatabase;
      const query = await resolveDocumentQuery({
        db: database.db,
        dialect: database.dialect,
        organizationId,
        filters: {
          ...EMPTY_DOCUMENT_FILTERS,
          anyTags: [tagIds.a!, tagIds.b!],
          fileTypes: ['pdf', 'office'],
          property: [{ propertyId: properties.count!.id, operator: 'between', from: '0' }],
        },
      });
      const condition = documentFiltersCondition(query, 'd');
      const { rows } = await sql<{ id: string }>`select d.id from documents d
        where d.organization_id = ${organizationId} and ${condition!} order by d.created_at`.execute(
        database.db,
      );
      expect(rows.map((row) => Object.keys(ids).find((key) => ids[key] === row.id))).toEqual(['d4']);
    });
  });

  describe('bad inputs', () => {
    const refused = async (query: string) => {
      const response = await listStatus(query);
      const body = await readError(response);
      return { status: response.status, code: body.error.code, keys: Object.keys(body) };
    };

    it('refuses dates that are not calendar dates', async () => {
      for (const query of [
        'documentDateFrom=2024-02-30',
        'documentDateTo=yesterday',
        'createdFrom=2024-1-1',
        'createdTo=2024-13-01',
      ])
        expect(await refused(query)).toEqual({ status: 400, code: 'api.validation_error', keys: ['error'] });
    });

    it('refuses control characters in tag ids, property conditions and the sort (a NUL would reach the database)', async () => {
      for (const query of [
        `tags=${encodeURIComponent('tag_\u0000x')}`,
        `excludedTags=${encodeURIComponent('tag_\u0001')}`,
        `property=${encodeURIComponent(`${properties.amount!.id}\u0000:set`)}`,
        `sort=${encodeURIComponent('property:prop_\u0000')}`,
      ])
        expect([query, await refused(query)]).toEqual([
          query,
          { status: 400, code: 'api.validation_error', keys: ['error'] },
        ]);
    });

    it('refuses an unknown sort or order, and a sort on a property that does not sort', async () => {
      for (const query of [
        'sort=updatedAt',
        'sort=property:',
        'order=up',
        `sort=property:${properties.status!.id}`,
        `sort=property:${properties.reference!.id}`,
        `sort=property:${properties.paid!.id}`,
      ])
        expect(await refused(query)).toEqual({ status: 400, code: 'api.validation_error', keys: ['error'] });
    });

    it("refuses a property condition that does not fit the property's type", async () => {
      for (const query of [
        condition('amount', 'eq:abc'),
        condition('count', 'eq:12abc'),
        condition('count', 'between:1..x'),
        condition('due', 'eq:2024-02-30'),
        condition('due', 'between:2024-13-01..'),
        condition('paid', 'eq:yes'),
        condition('status', 'contains:Open'),
        condition('amount', 'contains:1'),
        condition('reference', 'between:a..b'),
        condition('labels', 'between:1..2'),
        `property=${encodeURIComponent('nonsense')}`,
        condition('amount', 'eq'),
        condition('amount', 'set:1'),
        'fileTypes=video',
        'extractionStatuses=nope',
      ])
        expect(await refused(query)).toEqual({ status: 400, code: 'api.validation_error', keys: ['error'] });
    });

    it('names the condition that does not fit', async () => {
      const response = await listStatus(condition('amount', 'eq:abc'));
      expect((await readError(response)).error.details).toEqual([
        expect.objectContaining({
          path: 'property',
          message: expect.stringContaining(properties.amount!.id),
        }),
      ]);
    });
  });
});
