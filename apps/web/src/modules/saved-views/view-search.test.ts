import { EMPTY_SAVED_VIEW_FILTERS } from '@sheaf/contracts/saved-views';
import { describe, expect, test } from 'vitest';
import { isPlainList, isViewShown, searchOfView, viewPartsOfSearch } from './view-search';

describe('a saved view and the list URL', () => {
  const view = {
    filters: {
      ...EMPTY_SAVED_VIEW_FILTERS,
      tags: ['tag_b', 'tag_a'],
      createdFrom: '2026-01-01',
      property: ['prop_1:between:10..20'],
    },
    sort: 'name',
    order: 'asc' as const,
  };

  test('is applied as the list search, defaults left out', () => {
    expect(searchOfView(view)).toEqual({
      tags: ['tag_b', 'tag_a'],
      createdFrom: '2026-01-01',
      property: ['prop_1:between:10..20'],
      sort: 'name',
    });
    expect(searchOfView({ filters: EMPTY_SAVED_VIEW_FILTERS, sort: 'createdAt', order: 'desc' })).toEqual({});
    expect(searchOfView({ filters: EMPTY_SAVED_VIEW_FILTERS, sort: 'size', order: 'asc' })).toEqual({
      sort: 'size',
      order: 'asc',
    });
  });

  test('is read back from the list search it was saved from', () => {
    const search = searchOfView(view);
    expect(viewPartsOfSearch({ ...search, q: 'invoice', page: 3 })).toEqual({
      filters: view.filters,
      sort: 'name',
      order: null,
    });
  });

  test('is shown whatever the order of its lists, the query and the page', () => {
    expect(
      isViewShown(view, {
        sort: 'name',
        tags: ['tag_a', 'tag_b'],
        createdFrom: '2026-01-01',
        property: ['prop_1:between:10..20'],
        page: 2,
      }),
    ).toBe(true);
    expect(isViewShown(view, { sort: 'name', tags: ['tag_a'] })).toBe(false);
    expect(isPlainList({})).toBe(true);
    expect(isPlainList({ tags: ['tag_a'] })).toBe(false);
  });
});
