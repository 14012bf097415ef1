import type { DocumentListItemDto } from '@sheaf/contracts/documents';
import { beforeEach, describe, expect, test } from 'vitest';
import { createDemoApi, type DemoApi } from './api';
import { readBytes } from './context';
import { callDemo } from './demo-test-helpers';
import { DEMO_ORGANIZATION_ID } from './seed';
import { createMemoryPersistence } from './state';

const ORG = `/api/organizations/${DEMO_ORGANIZATION_ID}`;
const AMOUNT = 'prop_demo00000000000000000001';
const STATUS = 'prop_demo00000000000000000003';
const DONE = 'opt_demo00000000000000000003';
const SEED_DOCUMENT = 'doc_demo00000000000000000001';

let api: DemoApi;

beforeEach(async () => {
  api = await createDemoApi({
    persistence: createMemoryPersistence(),
    now: () => new Date('2026-05-01T10:00:00.000Z'),
    sleep: async () => {},
    extractText: async (file, mimeType) =>
      mimeType.startsWith('text/') ? new TextDecoder().decode(await readBytes(file)) : '',
  });
});

const call = (method: string, path: string, body?: unknown) => callDemo(api, method, path, body);

async function list(query: string) {
  const answer = await call('GET', `${ORG}/documents?pageSize=100&${query}`);
  expect(answer.status).toBe(200);
  return answer.body.documents as DocumentListItemDto[];
}

async function search(query: string, extra = '') {
  const answer = await call(
    'GET',
    `${ORG}/documents/search?pageSize=100&searchQuery=${encodeURIComponent(query)}${extra}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.documents as DocumentListItemDto[];
}

const names = (documents: DocumentListItemDto[]) => documents.map((document) => document.name);

describe('demo documents list', () => {
  test('seeded documents carry dates, some read from their text, some set by hand, some none', async () => {
    const documents = await list('');
    const byName = new Map(documents.map((document) => [document.name, document]));
    expect(byName.get('Dentist receipt - Dr Lefèvre.pdf')).toMatchObject({
      documentDate: '2025-04-03',
      documentDateIsDetected: true,
    });
    expect(byName.get('Pharmacy receipt (scan).png')).toMatchObject({
      documentDate: '2026-04-18',
      documentDateIsDetected: false,
    });
    expect(byName.get('Moving checklist.txt')).toMatchObject({
      documentDate: null,
      documentDateIsDetected: false,
    });
    expect(byName.get('Invoice 2025-0117 - Northwind Plumbing.pdf')).toMatchObject({
      notesCount: 2,
      properties: expect.arrayContaining([{ propertyId: AMOUNT, value: { amount: 280, currency: 'EUR' } }]),
    });
  });

  test('sorts by document date with the undated documents last, both ways', async () => {
    const newest = await list('sort=documentDate');
    const oldest = await list('sort=documentDate&order=asc');
    const dated = (documents: DocumentListItemDto[]) =>
      documents.filter((document) => document.documentDate !== null).map((document) => document.documentDate);
    expect(dated(newest)).toEqual([...dated(newest)].sort().reverse());
    expect(dated(oldest)).toEqual([...dated(oldest)].sort());
    for (const documents of [newest, oldest]) {
      const firstUndated = documents.findIndex((document) => document.documentDate === null);
      expect(documents.slice(firstUndated).every((document) => document.documentDate === null)).toBe(true);
    }
  });

  test('filters by document date range, file type, tags and property conditions, combined', async () => {
    expect(
      names(await list('documentDateFrom=2025-01-01&documentDateTo=2025-12-31&sort=documentDate')),
    ).toEqual(['Dentist receipt - Dr Lefèvre.pdf', 'Electricity bill - March 2025.pdf']);
    expect(names(await list('fileTypes=image'))).toEqual(['Pharmacy receipt (scan).png']);
    expect(names(await list(`property=${AMOUNT}:between:100..&sort=property:${AMOUNT}&order=asc`))).toEqual([
      'Invoice 2025-0117 - Northwind Plumbing.pdf',
      'Café Müller - catering quote.pdf',
      'Car insurance policy 2025.pdf',
    ]);
    expect(names(await list(`property=${AMOUNT}:between:100..&property=${STATUS}:eq:${DONE}`))).toEqual([
      'Invoice 2025-0117 - Northwind Plumbing.pdf',
    ]);
    expect(names(await list(`property=${AMOUNT}:empty&fileTypes=text`))).toEqual(['Moving checklist.txt']);
  });

  test('refuses a condition that does not fit its property, and a sort on a property without order', async () => {
    const wrongValue = await call('GET', `${ORG}/documents?property=${AMOUNT}:eq:lots`);
    expect(wrongValue.status).toBe(400);
    expect(wrongValue.body).toMatchObject({ error: { code: 'api.validation_error' } });
    const wrongSort = await call('GET', `${ORG}/documents?sort=property:${STATUS}`);
    expect(wrongSort.status).toBe(400);
    // Another organization's property matches nothing rather than failing.
    expect(await list('property=prop_elsewhere:set')).toEqual([]);
  });

  test('PATCH sets and clears the document date, by hand, and extraction then leaves it', async () => {
    const set = await call('PATCH', `${ORG}/documents/${SEED_DOCUMENT}`, { documentDate: '2025-01-17' });
    expect(set.body.document).toMatchObject({ documentDate: '2025-01-17', documentDateIsDetected: false });
    const activity = await call('GET', `${ORG}/documents/${SEED_DOCUMENT}/activity`);
    expect((activity.body.activities as { eventData: unknown }[])[0]?.eventData).toEqual({
      updatedFields: ['documentDate'],
    });

    await call('POST', `${ORG}/documents/${SEED_DOCUMENT}/extraction`);
    const after = await call('GET', `${ORG}/documents/${SEED_DOCUMENT}`);
    expect(after.body.document).toMatchObject({ documentDate: '2025-01-17', documentDateIsDetected: false });

    const cleared = await call('PATCH', `${ORG}/documents/${SEED_DOCUMENT}`, { documentDate: null });
    expect(cleared.body.document).toMatchObject({ documentDate: null, documentDateIsDetected: false });
    const invalid = await call('PATCH', `${ORG}/documents/${SEED_DOCUMENT}`, { documentDate: '2025-02-30' });
    expect(invalid.status).toBe(400);
  });

  test('an upload reads its date from its text, else from its file name', async () => {
    const upload = async (text: string, name: string) => {
      const form = new FormData();
      form.append('file', new File([text], name, { type: 'text/plain' }));
      return (await call('POST', `${ORG}/documents`, form)).body.document as DocumentListItemDto;
    };
    expect(await upload('Facture du 24 novembre 2025', 'facture.txt')).toMatchObject({
      documentDate: '2025-11-24',
      documentDateIsDetected: true,
    });
    expect(await upload('No date in here', 'scan_2024_03_15.txt')).toMatchObject({
      documentDate: '2024-03-15',
      documentDateIsDetected: true,
    });
    expect(await upload('Nothing at all', 'notes.txt')).toMatchObject({ documentDate: null });
  });
});

describe('demo search', () => {
  test('ranks a match in the name first, then the text, the newest breaking ties', async () => {
    const hits = names(await search('northwind'));
    expect(hits[0]).toBe('Invoice 2025-0117 - Northwind Plumbing.pdf');
    expect(hits).toContain('Bank statement - April 2025.pdf');
  });

  test('applies the list filters and sorts, relevance otherwise', async () => {
    expect(names(await search('EUR', '&fileTypes=image'))).toEqual([]);
    const byAmount = names(await search('EUR', `&property=${AMOUNT}:set&sort=property:${AMOUNT}`));
    expect(byAmount.slice(0, 2)).toEqual([
      'Car insurance policy 2025.pdf',
      'Café Müller - catering quote.pdf',
    ]);
  });

  test('reads the query syntax: tags, types, dates, properties, phrases and exclusions (no words: newest first)', async () => {
    expect(names(await search('tag:health type:image'))).toEqual(['Pharmacy receipt (scan).png']);
    expect(names(await search('tag:receipts -tag:health'))).toEqual([]);
    expect(names(await search('date:2024'))).toEqual(['Washing machine warranty.pdf']);
    expect(names(await search('date:>=2025-04-01 date:<2026'))).toEqual(['Dentist receipt - Dr Lefèvre.pdf']);
    expect(names(await search('amount>300'))).toEqual([
      'Café Müller - catering quote.pdf',
      'Car insurance policy 2025.pdf',
    ]);
    expect(names(await search('status:done amount<100'))).toEqual(['Electricity bill - March 2025.pdf']);
    expect(names(await search('"green electricity"'))).toEqual(['Electricity bill - March 2025.pdf']);
    expect(names(await search('electricity -helios'))).toEqual([]);
    expect(names(await search('tag:nonexistent'))).toEqual([]);
  });

  test('finds a document by a word of one of its notes', async () => {
    expect(names(await search('deposit returned'))).toEqual(['Apartment lease agreement.pdf']);
  });
});
