import { defaultParseSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { stringifySearchWithLists } from '../../app/router';
import { validateDocumentSearch, validateDocumentsRouteSearch } from './route-search';
import {
  documentFiltersOf,
  documentsSearchOfFilters,
  parseDocumentsSearch,
  withFilters,
  withoutFilters,
} from './search-params';

/**
 * What the router and the list do with a search: written to the URL, read back from it, checked
 * by the route (which keeps the URL's other keys beside what it returns), then parsed by the list.
 */
function roundTrip(search: Record<string, unknown>) {
  const written = stringifySearchWithLists(search);
  const fromUrl = defaultParseSearch(written);
  const routeSearch = { ...fromUrl, ...validateDocumentsRouteSearch(fromUrl) };
  return { written: decodeURIComponent(written), read: parseDocumentsSearch(routeSearch) };
}

describe('parseDocumentsSearch', () => {
  it('reads tag ids from a comma-separated value', () => {
    expect(parseDocumentsSearch({ tags: 'tag_a,tag_b' })).toEqual({ tags: ['tag_a', 'tag_b'] });
  });

  it('reads tag ids from an array and drops blanks and repeats', () => {
    expect(parseDocumentsSearch({ tags: ['tag_a', ' ', 'tag_a', 'tag_b'] })).toEqual({
      tags: ['tag_a', 'tag_b'],
    });
  });

  it('leaves the filter out when there is none', () => {
    expect(parseDocumentsSearch({})).toEqual({});
    expect(parseDocumentsSearch({ tags: '' })).toEqual({});
    expect(parseDocumentsSearch({ tags: { nested: true } })).toEqual({});
  });

  it('reads every filter, the sort, the query and the page', () => {
    expect(
      parseDocumentsSearch({
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
      parseDocumentsSearch({
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
        parseDocumentsSearch({ tags: weird, property: weird, q: weird, sort: weird }),
      ).not.toThrow();
    }
  });

  it('leaves the first page and the default page size out of the URL', () => {
    expect(parseDocumentsSearch({ page: 1, pageSize: 100 })).toEqual({});
    expect(parseDocumentsSearch({ page: '2', pageSize: '15' })).toEqual({ page: 2, pageSize: 15 });
  });

  it('reads a query the router took for a number or a boolean as the text it was', () => {
    expect(parseDocumentsSearch({ q: 2024 })).toEqual({ q: '2024' });
    expect(parseDocumentsSearch({ q: true })).toEqual({ q: 'true' });
  });

  it('accepts relevance as a sort, for a search', () => {
    expect(parseDocumentsSearch({ q: 'bill', sort: 'relevance' })).toEqual({
      q: 'bill',
      sort: 'relevance',
    });
  });
});

describe('the list URL, written and read back', () => {
  it('keeps every filter, the sort, the query and the page through the URL', () => {
    const search = parseDocumentsSearch({
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

describe('validateDocumentsRouteSearch', () => {
  it('keeps its parameters as they are, parsing no filter', () => {
    expect(
      validateDocumentsRouteSearch({
        q: 2024,
        sort: 'popularity',
        tags: 'tag_a,tag_b',
        anyTags: ['tag_c', 'not an id!'],
        documentDateFrom: '2024-02-30',
        property: 'prop_a:maybe:1',
        page: 3,
      }),
    ).toEqual({
      q: 2024,
      sort: 'popularity',
      tags: 'tag_a,tag_b',
      anyTags: ['tag_c', 'not an id!'],
      documentDateFrom: '2024-02-30',
      property: 'prop_a:maybe:1',
      page: 3,
    });
  });

  it('leaves out what is neither a scalar nor a list of scalars, and what the list does not read', () => {
    expect(
      validateDocumentsRouteSearch({
        tags: [['tag_a']],
        createdTo: { a: 1 },
        q: null,
        fileTypes: [true],
        other: 'x',
      }),
    ).toEqual({ fileTypes: [true] });
  });

  it('leaves a parsed search as it is, so links write the URL the list reads', () => {
    const search = parseDocumentsSearch({
      q: 'bill',
      sort: 'property:prop_amount',
      order: 'asc',
      tags: 'tag_a,tag_b',
      createdFrom: '2025-03-01',
      fileTypes: 'pdf',
      property: ['prop_note:eq:a,b:c', 'prop_paid:set'],
      page: 2,
      pageSize: 50,
    });
    expect(validateDocumentsRouteSearch(search)).toEqual(search);
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
