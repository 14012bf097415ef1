/**
 * What the documents routes' `validateSearch` read. The router's route tree is in the app's entry
 * chunk, so this stays small and free of dependencies: the documents list's search is only checked
 * loosely here, and its sort, filters and page are parsed in the list's own chunk
 * (`parseDocumentsSearch` in search-params.ts).
 */

export const DOCUMENT_TABS = ['info', 'content', 'activity'] as const;
export type DocumentTab = (typeof DOCUMENT_TABS)[number];
export type DocumentSearch = { tab?: DocumentTab };

/** The documents list's URL parameters (search-params.ts checks them against the parsed search's). */
export const DOCUMENTS_SEARCH_KEYS = [
  'q',
  'sort',
  'order',
  'tags',
  'anyTags',
  'excludedTags',
  'documentDateFrom',
  'documentDateTo',
  'createdFrom',
  'createdTo',
  'fileTypes',
  'extractionStatuses',
  'property',
  'page',
  'pageSize',
] as const;

/** What the router reads from a URL parameter: a text, or a number or boolean it took for JSON. */
type Scalar = string | number | boolean;

/**
 * The documents list's URL as the route keeps it, before parsing. Any parsed search
 * (`DocumentsSearch`) is one: links and navigations write the parsed form.
 */
export type DocumentsRouteSearch = { [Key in (typeof DOCUMENTS_SEARCH_KEYS)[number]]?: Scalar | Scalar[] };

const isScalar = (value: unknown): value is Scalar =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * The list's search, loosely: each of its parameters kept as it is when it is a scalar or a list of
 * scalars, anything else left out. Lists may still be joined with commas: the list splits them.
 */
export function validateDocumentsRouteSearch(search: Record<string, unknown>): DocumentsRouteSearch {
  const result: DocumentsRouteSearch = {};
  for (const key of DOCUMENTS_SEARCH_KEYS) {
    const value = search[key];
    if (isScalar(value) || (Array.isArray(value) && value.every(isScalar))) result[key] = value;
  }
  return result;
}

/** `?tab=` selects the document page's tab; the default, info, is left out of the URL. */
export function validateDocumentSearch(search: Record<string, unknown>): DocumentSearch {
  const tab = DOCUMENT_TABS.find((candidate) => candidate === search.tab);
  return tab && tab !== 'info' ? { tab } : {};
}
