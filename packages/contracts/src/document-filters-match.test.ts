import { describe, expect, it } from 'vitest';
import type { DocumentFilters, DocumentSort, PropertyCondition, SortOrder } from './document-filters';
import { parsePropertyCondition } from './document-filters';
import {
  documentSortIssue,
  EMPTY_DOCUMENT_FILTERS,
  filterAndSortDocuments,
  hasDocumentFilters,
  type MatchableDocument,
  type MatchableProperty,
  matchesPropertyCondition,
  propertyConditionIssue,
  propertyConditionOperatorsFor,
} from './document-filters-match';

const PROPERTIES: MatchableProperty[] = [
  { id: 'prop_note', type: 'text', options: [] },
  { id: 'prop_site', type: 'url', options: [] },
  { id: 'prop_pages', type: 'number', options: [] },
  { id: 'prop_amount', type: 'monetary', options: [] },
  { id: 'prop_due', type: 'date', options: [] },
  { id: 'prop_paid', type: 'boolean', options: [] },
  {
    id: 'prop_kind',
    type: 'select',
    options: [
      { id: 'opt_bill', name: 'Bill', color: '#ffa24d' },
      { id: 'opt_letter', name: 'Letter', color: '#4d7cff' },
    ],
  },
  {
    id: 'prop_topics',
    type: 'multi_select',
    options: [
      { id: 'opt_home', name: 'Home', color: '#7cc7ff' },
      { id: 'opt_car', name: 'Car', color: '#ff5c5c' },
    ],
  },
  { id: 'prop_owner', type: 'member', options: [] },
];
const BY_ID = new Map(PROPERTIES.map((property) => [property.id, property]));

function doc(overrides: Partial<MatchableDocument> & { id: string }): MatchableDocument {
  return {
    name: `${overrides.id}.pdf`,
    mimeType: 'application/pdf',
    originalSize: 1000,
    createdAt: '2025-03-01T10:00:00.000Z',
    extractionStatus: 'done',
    documentDate: null,
    tagIds: [],
    properties: [],
    ...overrides,
  };
}

const invoice = doc({
  id: 'doc_invoice',
  name: 'Invoice March.pdf',
  originalSize: 5000,
  createdAt: '2025-03-10T23:30:00.000Z',
  documentDate: '2025-03-08',
  tagIds: ['tag_invoices', 'tag_home'],
  properties: [
    { propertyId: 'prop_note', value: 'Plumber, Northwind' },
    { propertyId: 'prop_site', value: 'https://northwind.example/bill' },
    { propertyId: 'prop_pages', value: 2 },
    { propertyId: 'prop_amount', value: { amount: 280, currency: 'EUR' } },
    { propertyId: 'prop_due', value: '2025-04-07' },
    { propertyId: 'prop_paid', value: false },
    { propertyId: 'prop_kind', value: 'opt_bill' },
    { propertyId: 'prop_topics', value: ['opt_home'] },
    { propertyId: 'prop_owner', value: 'usr_ada' },
  ],
});
const photo = doc({
  id: 'doc_photo',
  name: 'receipt scan.png',
  mimeType: 'image/png',
  originalSize: 90_000,
  createdAt: '2025-03-11T08:00:00.000Z',
  extractionStatus: 'failed',
  documentDate: '2024-12-24',
  tagIds: ['tag_receipts'],
  properties: [
    { propertyId: 'prop_amount', value: { amount: 42.5, currency: 'EUR' } },
    { propertyId: 'prop_paid', value: true },
    { propertyId: 'prop_topics', value: ['opt_home', 'opt_car'] },
  ],
});
const memo = doc({
  id: 'doc_memo',
  name: 'meeting notes.txt',
  mimeType: 'text/plain; charset=utf-8',
  originalSize: 300,
  createdAt: '2025-02-01T09:00:00.000Z',
  extractionStatus: 'pending',
  tagIds: ['tag_home'],
  properties: [{ propertyId: 'prop_pages', value: 12 }],
});
const DOCUMENTS = [invoice, photo, memo];

function ids(filters: Partial<DocumentFilters>, sort?: DocumentSort, order?: SortOrder) {
  return filterAndSortDocuments(DOCUMENTS, {
    filters: { ...EMPTY_DOCUMENT_FILTERS, ...filters },
    sort,
    order,
    properties: PROPERTIES,
  }).map((document) => document.id);
}

const condition = (text: string): PropertyCondition => {
  const parsed = parsePropertyCondition(text);
  if (!parsed) throw new Error(`Not a condition: ${text}`);
  return parsed;
};

const byCondition = (text: string) => ids({ property: [condition(text)] });

describe('document filters', () => {
  it('keeps every document, newest upload first, without filters', () => {
    expect(ids({})).toEqual(['doc_photo', 'doc_invoice', 'doc_memo']);
    expect(hasDocumentFilters(EMPTY_DOCUMENT_FILTERS)).toBe(false);
    expect(hasDocumentFilters({ ...EMPTY_DOCUMENT_FILTERS, createdTo: '2025-01-01' })).toBe(true);
  });

  it('keeps the documents carrying every tag of tags, any tag of anyTags and no tag of excludedTags', () => {
    expect(ids({ tags: ['tag_home'] })).toEqual(['doc_invoice', 'doc_memo']);
    expect(ids({ tags: ['tag_home', 'tag_invoices'] })).toEqual(['doc_invoice']);
    expect(ids({ tags: ['tag_of_another_organization'] })).toEqual([]);
    expect(ids({ anyTags: ['tag_receipts', 'tag_invoices'] })).toEqual(['doc_photo', 'doc_invoice']);
    expect(ids({ excludedTags: ['tag_invoices'] })).toEqual(['doc_photo', 'doc_memo']);
    expect(ids({ tags: ['tag_home'], excludedTags: ['tag_invoices'] })).toEqual(['doc_memo']);
  });

  it('keeps the documents dated within an inclusive range, leaving out those without a date', () => {
    expect(ids({ documentDateFrom: '2025-03-08' })).toEqual(['doc_invoice']);
    expect(ids({ documentDateTo: '2025-03-08' })).toEqual(['doc_photo', 'doc_invoice']);
    expect(ids({ documentDateFrom: '2024-01-01', documentDateTo: '2024-12-31' })).toEqual(['doc_photo']);
    expect(ids({ documentDateTo: '2030-01-01' })).not.toContain('doc_memo');
  });

  it('compares upload dates as UTC days, both ends included', () => {
    expect(ids({ createdFrom: '2025-03-10', createdTo: '2025-03-10' })).toEqual(['doc_invoice']);
    expect(ids({ createdFrom: '2025-03-11' })).toEqual(['doc_photo']);
    expect(ids({ createdTo: '2025-02-28' })).toEqual(['doc_memo']);
  });

  it('keeps the documents of the chosen file type groups, reading the type without its parameters', () => {
    expect(ids({ fileTypes: ['pdf'] })).toEqual(['doc_invoice']);
    expect(ids({ fileTypes: ['image', 'text'] })).toEqual(['doc_photo', 'doc_memo']);
    expect(ids({ fileTypes: ['office', 'email', 'other'] })).toEqual([]);
  });

  it('keeps the documents in the chosen extraction states', () => {
    expect(ids({ extractionStatuses: ['failed'] })).toEqual(['doc_photo']);
    expect(ids({ extractionStatuses: ['pending', 'done'] })).toEqual(['doc_invoice', 'doc_memo']);
  });

  it('combines every filter with AND', () => {
    expect(
      ids({ tags: ['tag_home'], fileTypes: ['pdf'], property: [condition('prop_amount:between:100..')] }),
    ).toEqual(['doc_invoice']);
    expect(ids({ tags: ['tag_home'], fileTypes: ['image'] })).toEqual([]);
  });
});

describe('property conditions', () => {
  it('compares text and URLs ignoring case, equal or containing', () => {
    expect(byCondition('prop_note:eq:plumber, northwind')).toEqual(['doc_invoice']);
    expect(byCondition('prop_note:eq:plumber')).toEqual([]);
    expect(byCondition('prop_note:contains:NORTH')).toEqual(['doc_invoice']);
    expect(byCondition('prop_site:contains:example/BILL')).toEqual(['doc_invoice']);
    expect(byCondition('prop_site:eq:HTTPS://northwind.example/bill')).toEqual(['doc_invoice']);
  });

  it('compares numbers and monetary amounts, equal or between inclusive ends', () => {
    expect(byCondition('prop_pages:eq:12')).toEqual(['doc_memo']);
    expect(byCondition('prop_pages:eq:12.0')).toEqual(['doc_memo']);
    expect(byCondition('prop_amount:eq:42.5')).toEqual(['doc_photo']);
    expect(byCondition('prop_amount:between:100..')).toEqual(['doc_invoice']);
    expect(byCondition('prop_amount:between:..42.5')).toEqual(['doc_photo']);
    expect(byCondition('prop_amount:between:42.5..280')).toEqual(['doc_photo', 'doc_invoice']);
    expect(byCondition('prop_pages:between:-1..2')).toEqual(['doc_invoice']);
  });

  it('compares dates, equal or between', () => {
    expect(byCondition('prop_due:eq:2025-04-07')).toEqual(['doc_invoice']);
    expect(byCondition('prop_due:between:2025-04-08..')).toEqual([]);
    expect(byCondition('prop_due:between:..2025-04-07')).toEqual(['doc_invoice']);
  });

  it('compares yes/no values with true and false', () => {
    expect(byCondition('prop_paid:eq:true')).toEqual(['doc_photo']);
    expect(byCondition('prop_paid:eq:false')).toEqual(['doc_invoice']);
  });

  it('matches a select by its option, a multi select carrying the option, and a member by user id', () => {
    expect(byCondition('prop_kind:eq:opt_bill')).toEqual(['doc_invoice']);
    expect(byCondition('prop_kind:eq:opt_letter')).toEqual([]);
    expect(byCondition('prop_topics:eq:opt_home')).toEqual(['doc_photo', 'doc_invoice']);
    expect(byCondition('prop_topics:eq:opt_car')).toEqual(['doc_photo']);
    expect(byCondition('prop_owner:eq:usr_ada')).toEqual(['doc_invoice']);
    expect(byCondition('prop_owner:eq:usr_nobody')).toEqual([]);
  });

  it('keeps the documents with a value (set) or without one (empty)', () => {
    expect(byCondition('prop_pages:set')).toEqual(['doc_invoice', 'doc_memo']);
    expect(byCondition('prop_pages:empty')).toEqual(['doc_photo']);
    expect(byCondition('prop_topics:empty')).toEqual(['doc_memo']);
  });

  it('matches nothing on a property the organization does not have, empty included', () => {
    expect(byCondition('prop_elsewhere:set')).toEqual([]);
    expect(byCondition('prop_elsewhere:empty')).toEqual([]);
    expect(byCondition('prop_elsewhere:eq:1')).toEqual([]);
  });

  it('offers contains to text and URLs, between to numbers, amounts and dates, eq, set and empty to all', () => {
    expect(propertyConditionOperatorsFor('text')).toEqual(['eq', 'contains', 'set', 'empty']);
    expect(propertyConditionOperatorsFor('monetary')).toEqual(['eq', 'between', 'set', 'empty']);
    expect(propertyConditionOperatorsFor('multi_select')).toEqual(['eq', 'set', 'empty']);
  });

  it('names conditions that do not fit their property, and matches nothing with them', () => {
    const issue = (propertyId: string, text: string) =>
      propertyConditionIssue(BY_ID.get(propertyId) ?? { type: 'text' }, condition(text));
    expect(issue('prop_pages', 'prop_pages:eq:abc')).toMatch(/does not fit a number/);
    expect(issue('prop_pages', 'prop_pages:eq:0x10')).toMatch(/does not fit/);
    expect(issue('prop_pages', 'prop_pages:eq:1e3')).toBeNull();
    expect(issue('prop_pages', 'prop_pages:contains:1')).toMatch(/operator contains/);
    expect(issue('prop_due', 'prop_due:between:2025-02-30..')).toMatch(/range does not fit a date/);
    expect(issue('prop_paid', 'prop_paid:eq:yes')).toMatch(/does not fit a boolean/);
    expect(issue('prop_kind', 'prop_kind:between:1..2')).toMatch(/operator between/);
    expect(issue('prop_amount', 'prop_amount:between:-1.5..')).toBeNull();
    expect(issue('prop_note', 'prop_note:contains:abc')).toBeNull();
    expect(
      matchesPropertyCondition(memo, condition('prop_pages:contains:1'), BY_ID),
      'contains on a number',
    ).toBe(false);
  });
});

describe('document sorts', () => {
  it('sorts by upload date, newest first by default, and oldest first when asked, ties by id alike', () => {
    expect(ids({}, 'createdAt')).toEqual(['doc_photo', 'doc_invoice', 'doc_memo']);
    expect(ids({}, 'createdAt', 'asc')).toEqual(['doc_memo', 'doc_invoice', 'doc_photo']);
    const twins = ['doc_a', 'doc_b'].map((id) => doc({ id, createdAt: '2025-01-01T00:00:00.000Z' }));
    const sorted = (order: SortOrder) =>
      filterAndSortDocuments(twins, {
        filters: EMPTY_DOCUMENT_FILTERS,
        sort: 'createdAt',
        order,
        properties: [],
      }).map((document) => document.id);
    expect(sorted('asc')).toEqual(['doc_a', 'doc_b']);
    expect(sorted('desc')).toEqual(['doc_b', 'doc_a']);
  });

  it('sorts by name ignoring case, A to Z by default', () => {
    expect(ids({}, 'name')).toEqual(['doc_invoice', 'doc_memo', 'doc_photo']);
    expect(ids({}, 'name', 'desc')).toEqual(['doc_photo', 'doc_memo', 'doc_invoice']);
  });

  it('sorts by size, largest first by default', () => {
    expect(ids({}, 'size')).toEqual(['doc_photo', 'doc_invoice', 'doc_memo']);
    expect(ids({}, 'size', 'asc')).toEqual(['doc_memo', 'doc_invoice', 'doc_photo']);
  });

  it('sorts by document date with the undated documents last in both orders', () => {
    expect(ids({}, 'documentDate')).toEqual(['doc_invoice', 'doc_photo', 'doc_memo']);
    expect(ids({}, 'documentDate', 'asc')).toEqual(['doc_photo', 'doc_invoice', 'doc_memo']);
  });

  it('sorts by a number, monetary or date property with the documents without a value last', () => {
    expect(ids({}, 'property:prop_pages')).toEqual(['doc_memo', 'doc_invoice', 'doc_photo']);
    expect(ids({}, 'property:prop_pages', 'asc')).toEqual(['doc_invoice', 'doc_memo', 'doc_photo']);
    expect(ids({}, 'property:prop_amount', 'asc')).toEqual(['doc_photo', 'doc_invoice', 'doc_memo']);
    expect(ids({}, 'property:prop_amount')).toEqual(['doc_invoice', 'doc_photo', 'doc_memo']);
    expect(ids({}, 'property:prop_due', 'asc')).toEqual(['doc_invoice', 'doc_photo', 'doc_memo']);
  });

  it('breaks ties and orders the documents without a value by upload date, newest first, then id', () => {
    const twins = [
      doc({ id: 'doc_a', createdAt: '2025-01-01T00:00:00.000Z' }),
      doc({ id: 'doc_b', createdAt: '2025-01-01T00:00:00.000Z' }),
      doc({ id: 'doc_c', createdAt: '2025-01-02T00:00:00.000Z' }),
    ];
    const sorted = (order: SortOrder) =>
      filterAndSortDocuments(twins, {
        filters: EMPTY_DOCUMENT_FILTERS,
        sort: 'documentDate',
        order,
        properties: [],
      }).map((document) => document.id);
    expect(sorted('asc')).toEqual(['doc_c', 'doc_b', 'doc_a']);
    expect(sorted('desc')).toEqual(['doc_c', 'doc_b', 'doc_a']);
  });

  it('sorts nothing on a property of another organization, and refuses a property that has no order', () => {
    expect(ids({}, 'property:prop_elsewhere')).toEqual(['doc_photo', 'doc_invoice', 'doc_memo']);
    expect(documentSortIssue('property:prop_elsewhere', BY_ID)).toBeNull();
    expect(documentSortIssue('property:prop_note', BY_ID)).toMatch(/number, monetary and date/);
    expect(documentSortIssue('name', BY_ID)).toBeNull();
  });
});
