import { defaultSortOrderOf, isDocumentSort, type SortOrder } from '@sheaf/contracts/document-filters';
import type { SavedViewDto, SavedViewFilters } from '@sheaf/contracts/saved-views';
import {
  type DocumentsSearch,
  documentFiltersOf,
  documentsSearchOfFilters,
  parseDocumentsSearch,
  withoutEmpty,
} from '../documents/search-params';

/**
 * A view is the documents list's URL without the query and the page: applying one is navigating
 * to its search. The list leaves defaults out of its URL, and so does this.
 */
export function searchOfView(view: Pick<SavedViewDto, 'filters' | 'sort' | 'order'>): DocumentsSearch {
  const sort = view.sort && isDocumentSort(view.sort) && view.sort !== 'createdAt' ? view.sort : undefined;
  const effectiveSort = sort ?? 'createdAt';
  const order: SortOrder | undefined =
    view.order && view.order !== defaultSortOrderOf(effectiveSort) ? view.order : undefined;
  // Read as the list reads its URL, so a view matches the list it was saved from.
  return parseDocumentsSearch(withoutEmpty({ ...view.filters, sort, order }));
}

/** The view's parts of the list's search: its filters, sort and order (the query and page are not). */
export function viewPartsOfSearch(search: DocumentsSearch): {
  filters: SavedViewFilters;
  sort: string | null;
  order: SortOrder | null;
} {
  const filters = documentsSearchOfFilters(documentFiltersOf(search));
  const sort = search.sort && search.sort !== 'relevance' ? search.sort : null;
  return {
    filters: {
      tags: filters.tags ?? [],
      anyTags: filters.anyTags ?? [],
      excludedTags: filters.excludedTags ?? [],
      ...(filters.documentDateFrom ? { documentDateFrom: filters.documentDateFrom } : {}),
      ...(filters.documentDateTo ? { documentDateTo: filters.documentDateTo } : {}),
      ...(filters.createdFrom ? { createdFrom: filters.createdFrom } : {}),
      ...(filters.createdTo ? { createdTo: filters.createdTo } : {}),
      fileTypes: filters.fileTypes ?? [],
      extractionStatuses: filters.extractionStatuses ?? [],
      property: filters.property ?? [],
    },
    sort,
    order: sort ? (search.order ?? null) : null,
  };
}

/** A stable text of a search's filters and sort (lists sorted: their order does not change the list). */
function keyOf(search: DocumentsSearch): string {
  const { q: _q, page: _page, pageSize: _pageSize, ...rest } = search;
  return JSON.stringify(
    Object.entries(rest)
      .map(([key, value]) => [key, Array.isArray(value) ? [...value].sort() : value] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** Whether the list shows this view's filters and sort (its query and page aside). */
export function isViewShown(view: Pick<SavedViewDto, 'filters' | 'sort' | 'order'>, search: DocumentsSearch) {
  return keyOf(searchOfView(view)) === keyOf(search);
}

/** Whether the list shows no filter and the default sort (where the default view applies). */
export function isPlainList(search: DocumentsSearch): boolean {
  return Object.keys(withoutEmpty(search)).length === 0;
}
