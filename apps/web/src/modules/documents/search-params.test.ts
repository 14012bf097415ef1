import { defaultParseSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { stringifySearchWithLists } from '../../app/router';
import {
  documentFiltersOf,
  documentsSearchOfFilters,
  validateDocumentSearch,
  validateDocumentsSearch,
  withFilters,
  withoutFilters,
} from './search-params';

/** What the router does with a search: written to the URL, then read back from it. */
function roundTrip(search: Record<string, unknown>) {
  const written = stringifySearchWithLists(search);
  return { written: decodeURIComponent(written), read: validateDocumentsSearch(defaultParseSearch(written)) };
}

describe('validateDocumentsSearch', () => {
  it('reads tag ids from a comma-separated value', () => {
    expect(validateDocumentsSearch({ tags: 'tag_a,tag_b' })).toEqual({ tags: ['tag_a', 'tag_b'] });
  });

  it('reads tag ids from an array and drops blanks and repeats', () => {
    expect(validateDocumentsSearch({ tags: ['tag_a', ' ', 'tag_a', 'tag_b'] })).toEqual({
      tags: ['tag_a', 'tag_b'],
    });
  });

  it('leaves the filter out when there is none', () => {
    expect(validateDocumentsSearch({})).toEqual({});
    expect(validateDocumentsSearch({ tags: '' })).toEqual({});
    expect(validateDocumentsSearch({ tags: { nested: true } })).toEqual({});
  });

  it('reads every filter, the sort, the query and the page', () => {
    expect(
      validateDocumentsSearch({
        q: 'electricity bill',
        sort: 'property:prop_amount',
        order: 'asc',
        tags: 'tag_a',
        anyTags: ['tag_b', 'tag_c'],
        excludedTags: 'tag_d',
        documentDateFrom: '2024-01-01',
        documentDateTo: '2024-12-31',
        createdFrom: '2025-03-01',
        createdTo: '2025-03-31',
        fileTypes: 'pdf,image',
        extractionStatuses: 'failed',
        property: ['prop_amount:between:100..', 'prop_paid:eq:true'],
        page: 3,
        pageSize: 50,
      }),
    ).toEqual({
      q: 'electricity bill',
      sort: 'property:prop_amount',
      order: 'asc',
      tags: ['tag_a'],
      anyTags: ['tag_b', 'tag_c'],
      excludedTags: ['tag_d'],
      documentDateFrom: '2024-01-01',
      documentDateTo: '2024-12-31',
      createdFrom: '2025-03-01',
      createdTo: '2025-03-31',
      fileTypes: ['pdf', 'image'],
      extractionStatuses: ['failed'],
      property: ['prop_amount:between:100..', 'prop_paid:eq:true'],
      page: 3,
      pageSize: 50,
    });
  });

  it('drops each malformed parameter alone and keeps the rest, never throwing', () => {
    expect(
      validateDocumentsSearch({
        q: '   ',
        sort: 'popularity',
        order: 'sideways',
        tags: ['tag_a', 'not an id!'],
        documentDateFrom: '2024-02-30',
        documentDateTo: 'yesterday',
        createdFrom: 20240101,
        fileTypes: 'pdf,docx',
        extractionStatuses: 'lost',
        property: ['prop_a:eq:', 'prop_b:maybe:1', 'prop_c:between:..', 'prop_d:set:x', 'prop_e:set'],
        page: 'two',
        pageSize: 7,
      }),
    ).toEqual({ tags: ['tag_a'], fileTypes: ['pdf'], property: ['prop_e:set'] });
    for (const weird of [null, undefined, 42, [{}], { a: 1 }, [[['tag_a']]]]) {
      expect(() =>
        validateDocumentsSearch({ tags: weird, property: weird, q: weird, sort: weird }),
      ).not.toThrow();
    }
  });

  it('leaves the first page and the default page size out of the URL', () => {
    expect(validateDocumentsSearch({ page: 1, pageSize: 100 })).toEqual({});
    expect(validateDocumentsSearch({ page: '2', pageSize: '15' })).toEqual({ page: 2, pageSize: 15 });
  });

  it('reads a query the router took for a number or a boolean as the text it was', () => {
    expect(validateDocumentsSearch({ q: 2024 })).toEqual({ q: '2024' });
    expect(validateDocumentsSearch({ q: true })).toEqual({ q: 'true' });
  });

  it('accepts relevance as a sort, for a search', () => {
    expect(validateDocumentsSearch({ q: 'bill', sort: 'relevance' })).toEqual({
      q: 'bill',
      sort: 'relevance',
    });
  });
});

describe('the list URL, written and read back', () => {
  it('keeps every filter, the sort, the query and the page through the URL', () => {
    const search = validateDocumentsSearch({
      q: 'northwind 2024',
      sort: 'documentDate',
      order: 'asc',
      tags: ['tag_a', 'tag_b'],
      excludedTags: ['tag_c'],
      documentDateFrom: '2024-01-01',
      documentDateTo: '2024-12-31',
      fileTypes: ['pdf'],
      property: ['prop_vendor:contains:Smith, John', 'prop_amount:between:100..250.5', 'prop_paid:set'],
      page: 2,
    });
    const { written, read } = roundTrip(search);
    expect(read).toEqual(search);
    // Readable and shareable: lists written a,b, not JSON.
    expect(written).toContain('tags=tag_a,tag_b');
    expect(written).toContain('fileTypes=pdf');
  });

  it('keeps a text value holding commas and colons apart from the next condition', () => {
    const search = { property: ['prop_note:eq:a,b:c', 'prop_x:empty', 'prop_note:contains:x,'] };
    expect(roundTrip(search).read).toEqual(search);
  });

  it('keeps a query that reads as a number', () => {
    expect(roundTrip({ q: '2024' }).read).toEqual({ q: '2024' });
  });
});

describe('filters and the URL', () => {
  it('parses the conditions and writes them back, leaving empty filters out', () => {
    const search = { tags: ['tag_a'], property: ['prop_amount:between:100..'], createdTo: '2025-01-01' };
    const filters = documentFiltersOf(search);
    expect(filters.property).toEqual([{ propertyId: 'prop_amount', operator: 'between', from: '100' }]);
    expect(filters.anyTags).toEqual([]);
    expect(documentsSearchOfFilters(filters)).toEqual(search);
  });

  it('replaces the filters, keeping the query, the sort and the page size, back on the first page', () => {
    const search = {
      q: 'bill',
      sort: 'name' as const,
      page: 4,
      pageSize: 50,
      tags: ['tag_a'],
      fileTypes: ['pdf' as const],
    };
    expect(withoutFilters(search)).toEqual({ q: 'bill', sort: 'name', pageSize: 50 });
    expect(withFilters(search, { ...documentFiltersOf(search), tags: [] })).toEqual({
      q: 'bill',
      sort: 'name',
      pageSize: 50,
      fileTypes: ['pdf'],
    });
  });
});

describe('validateDocumentSearch', () => {
  it('keeps the content and activity tabs', () => {
    expect(validateDocumentSearch({ tab: 'content' })).toEqual({ tab: 'content' });
    expect(validateDocumentSearch({ tab: 'activity' })).toEqual({ tab: 'activity' });
  });

  it('falls back to the info tab for anything else', () => {
    expect(validateDocumentSearch({ tab: 'info' })).toEqual({});
    expect(validateDocumentSearch({ tab: 'secrets' })).toEqual({});
  });
});
