import { isValidCalendarDate } from '@sheaf/contracts/calendar-dates';
import {
  type DocumentFilters,
  type DocumentSort,
  FILE_TYPE_GROUPS,
  type FileTypeGroup,
  formatPropertyCondition,
  isDocumentSort,
  type PropertyCondition,
  parsePropertyCondition,
  SORT_ORDERS,
  type SortOrder,
} from '@sheaf/contracts/document-filter-rules';
import { EXTRACTION_STATUSES, type ExtractionStatus } from '@sheaf/contracts/extraction-statuses';
import { DOCUMENTS_PAGE_SIZE, PAGE_SIZE_OPTIONS, SEARCH_MAX_QUERY_LENGTH } from '@sheaf/contracts/limits';
import type { DOCUMENTS_SEARCH_KEYS } from './route-search';

// The parsing of the list's URL, in the list's chunk: the route only checks it loosely (route-search.ts).
export type { DocumentTab } from './route-search';

/** A sort of the list: one of the documents' sorts, or relevance while searching. */
export type DocumentListSort = DocumentSort | 'relevance';

/**
 * The documents list's state, all of it in the URL (shareable; back and forward step through it):
 * the search query, the sort, the filters (as the API names them) and the page. Defaults are left
 * out, so a plain list is a plain URL.
 */
export type DocumentsSearch = {
  q?: string;
  sort?: DocumentListSort;
  order?: SortOrder;
  tags?: string[];
  anyTags?: string[];
  excludedTags?: string[];
  documentDateFrom?: string;
  documentDateTo?: string;
  createdFrom?: string;
  createdTo?: string;
  fileTypes?: FileTypeGroup[];
  extractionStatuses?: ExtractionStatus[];
  /** Property conditions, each written `<propertyId>:<op>[:<value>]`. */
  property?: string[];
  /** From 1; the first page is left out. */
  page?: number;
  /** Left out when it is the default. */
  pageSize?: number;
};

/**
 * The route keeps exactly the parameters parsed here (route-search.ts): a key on one side only
 * fails to compile.
 */
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<Check extends true> = Check;
export type RouteKeepsEveryParameter = Expect<
  SameKeys<keyof DocumentsSearch, (typeof DOCUMENTS_SEARCH_KEYS)[number]>
>;

/** The filter keys of the list's URL (everything but the query, the sort and the page). */
export const DOCUMENTS_FILTER_KEYS = [
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
] as const satisfies readonly (keyof DocumentsSearch)[];

const MAX_LIST_ITEMS = 50;
const MAX_PROPERTY_CONDITIONS = 20;

/** A scalar the router may hand over: a string, or a number or boolean it read as JSON (`?q=2024`). */
function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Every text item of a value given once, repeated, as an array, or joined with commas. */
function textItems(value: unknown, splitItem: (text: string) => string[]): string[] {
  return [value ?? []]
    .flat()
    .map(scalarText)
    .filter((text): text is string => text !== undefined)
    .flatMap(splitItem)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Items of a comma-separated list, kept when `isItem` accepts them; repeats and blanks dropped. */
function listOf<Item extends string>(
  value: unknown,
  isItem: (item: string) => item is Item,
  max = MAX_LIST_ITEMS,
): Item[] | undefined {
  const items = [...new Set(textItems(value, (text) => text.split(',')).filter(isItem))].slice(0, max);
  return items.length > 0 ? items : undefined;
}

const isId = (item: string): item is string => /^[A-Za-z0-9_]{1,64}$/.test(item);
const isFileTypeGroup = (item: string): item is FileTypeGroup =>
  (FILE_TYPE_GROUPS as readonly string[]).includes(item);
const isExtractionStatus = (item: string): item is ExtractionStatus =>
  (EXTRACTION_STATUSES as readonly string[]).includes(item);

function calendarDateOf(value: unknown): string | undefined {
  const text = scalarText(value)?.trim();
  return text !== undefined && isValidCalendarDate(text) ? text : undefined;
}

/**
 * Several conditions may reach the URL joined by commas (the router writes lists `a,b`), and a
 * text value may hold commas itself: a comma starts a new condition only where one follows it.
 */
const CONDITION_START = /,(?=[A-Za-z0-9_]{1,64}:(?:eq|contains|between|set|empty)(?::|,|$))/;

function propertyConditionsOf(value: unknown): string[] | undefined {
  const conditions = textItems(value, (text) => text.split(CONDITION_START))
    .map(parsePropertyCondition)
    .filter((condition): condition is PropertyCondition => condition !== null)
    .map(formatPropertyCondition);
  const unique = [...new Set(conditions)].slice(0, MAX_PROPERTY_CONDITIONS);
  return unique.length > 0 ? unique : undefined;
}

function sortOf(value: unknown): DocumentListSort | undefined {
  const text = scalarText(value);
  if (text === 'relevance') return text;
  return text !== undefined && isDocumentSort(text) ? text : undefined;
}

function positiveIntegerOf(value: unknown): number | undefined {
  const text = scalarText(value)?.trim();
  if (text === undefined || !/^\d{1,6}$/.test(text)) return undefined;
  return Number(text);
}

/** The query as typed, on one line, at most SEARCH_MAX_QUERY_LENGTH characters; blank is none. */
function queryOf(value: unknown): string | undefined {
  const text = scalarText(value)
    ?.replace(/[\r\n\t]+/g, ' ')
    .slice(0, SEARCH_MAX_QUERY_LENGTH);
  return text === undefined || text.trim() === '' ? undefined : text;
}

/**
 * Reads the list's URL (as the route kept it, or as the router read it): each parameter on its own,
 * so a malformed one (an unknown sort, a date that does not exist, a broken property condition) is
 * dropped and the rest kept. Lists come repeated, comma-separated, or as arrays.
 */
export function parseDocumentsSearch(search: Record<string, unknown>): DocumentsSearch {
  const page = positiveIntegerOf(search.page);
  const pageSize = positiveIntegerOf(search.pageSize);
  const order = scalarText(search.order);
  const result: DocumentsSearch = {
    q: queryOf(search.q),
    sort: sortOf(search.sort),
    order: SORT_ORDERS.find((candidate) => candidate === order),
    tags: listOf(search.tags, isId),
    anyTags: listOf(search.anyTags, isId),
    excludedTags: listOf(search.excludedTags, isId),
    documentDateFrom: calendarDateOf(search.documentDateFrom),
    documentDateTo: calendarDateOf(search.documentDateTo),
    createdFrom: calendarDateOf(search.createdFrom),
    createdTo: calendarDateOf(search.createdTo),
    fileTypes: listOf(search.fileTypes, isFileTypeGroup),
    extractionStatuses: listOf(search.extractionStatuses, isExtractionStatus),
    property: propertyConditionsOf(search.property),
    page: page !== undefined && page > 1 ? page : undefined,
    pageSize:
      pageSize !== undefined &&
      pageSize !== DOCUMENTS_PAGE_SIZE &&
      (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize)
        ? pageSize
        : undefined,
  };
  return withoutEmpty(result);
}

/** The same search without its undefined keys (what the router then writes to the URL). */
export function withoutEmpty(search: DocumentsSearch): DocumentsSearch {
  return Object.fromEntries(
    Object.entries(search).filter(
      ([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0),
    ),
  ) as DocumentsSearch;
}

/** The filters of the list's URL, parsed (what the API and the chips read). */
export function documentFiltersOf(search: DocumentsSearch): DocumentFilters {
  return {
    tags: search.tags ?? [],
    anyTags: search.anyTags ?? [],
    excludedTags: search.excludedTags ?? [],
    documentDateFrom: search.documentDateFrom,
    documentDateTo: search.documentDateTo,
    createdFrom: search.createdFrom,
    createdTo: search.createdTo,
    fileTypes: search.fileTypes ?? [],
    extractionStatuses: search.extractionStatuses ?? [],
    property: (search.property ?? [])
      .map(parsePropertyCondition)
      .filter((condition): condition is PropertyCondition => condition !== null),
  };
}

/** The URL's filter keys for these filters (empty ones left out). */
export function documentsSearchOfFilters(filters: DocumentFilters): DocumentsSearch {
  return withoutEmpty({
    tags: filters.tags,
    anyTags: filters.anyTags,
    excludedTags: filters.excludedTags,
    documentDateFrom: filters.documentDateFrom,
    documentDateTo: filters.documentDateTo,
    createdFrom: filters.createdFrom,
    createdTo: filters.createdTo,
    fileTypes: filters.fileTypes,
    extractionStatuses: filters.extractionStatuses,
    property: filters.property.map(formatPropertyCondition),
  });
}

/** The search without its filters (the query, the sort and the page size stay). */
export function withoutFilters(search: DocumentsSearch): DocumentsSearch {
  const { page: _page, ...rest } = search;
  return withoutEmpty(
    Object.fromEntries(
      Object.entries(rest).filter(([key]) => !(DOCUMENTS_FILTER_KEYS as readonly string[]).includes(key)),
    ) as DocumentsSearch,
  );
}

/** The search with other filters, back on the first page. */
export function withFilters(search: DocumentsSearch, filters: DocumentFilters): DocumentsSearch {
  return { ...withoutFilters(search), ...documentsSearchOfFilters(filters) };
}
