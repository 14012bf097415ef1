import {
  type DocumentFilters,
  type DocumentSort,
  FILE_TYPE_GROUPS,
  type FileTypeGroup,
  type SortOrder,
} from '@sheaf/contracts/document-filters';
import type { DocumentSearchHitDto, SearchDocumentsResponse } from '@sheaf/contracts/documents';
import { SEARCH_COUNT_CAP } from '@sheaf/contracts/limits';
import type { PropertyType } from '@sheaf/contracts/properties';
import { SEARCH_RANK_WINDOW } from '@sheaf/contracts/search';
import { type ParsedSearchQuery, parseSearchQuery } from '@sheaf/contracts/search-query';
import { foldSearchText } from '@sheaf/contracts/search-text';
import { tagNameKey } from '@sheaf/contracts/tag-names';
import { type SqlBool, sql } from 'kysely';
import type { AppDatabase } from '../../db/database';
import {
  documentColumnConditions,
  documentIdConditions,
  EMPTY_DOCUMENT_FILTERS,
  type ResolvedDocumentQuery,
  type ResolvedDocumentSort,
  type ResolvedPropertyCondition,
  resolveDocumentQuery,
} from '../documents/documents.filters';
import type { DocumentListRow } from '../documents/documents.models';
import { createDocumentsReadPort, type DocumentsReadPort } from '../documents/documents.port';
import {
  countNameMatches,
  hasExcludedText,
  hasPositiveText,
  intersectDateRanges,
  phraseWordsOf,
  rankTermsOf,
  type SearchText,
  SUBSTRING_MIN_LENGTH,
  toSearchText,
} from './search.models';
import { resolveSearchPropertyCondition, type SearchOnlyPropertyCondition } from './search.properties';
import {
  createSearchRepository,
  type SearchFilters,
  type SearchSortKey,
  searchPropertyConditionSql,
  type WalkedMatch,
} from './search.repository';
import { buildSnippet, buildSnippetFromStart, type Snippet } from './search.snippets';

/**
 * How much of each hit's content is read for its snippet at first: the first match is almost
 * always in it; the whole content (up to megabytes) is read only when it is not.
 */
const CONTENT_START_LENGTH = 32_768;

/**
 * SQLite: the window is looked for among the newest this many documents holding the words (a
 * date range or a tag keeping few of them would otherwise make the walk long). See the README.
 */
export const SEARCH_RANK_CANDIDATES = 2000;

const NO_MATCH: SearchDocumentsResponse = { documents: [], documentsCount: 0, documentsCountIsCapped: false };

/** The sort of a search: by relevance (the default) or one of the list's. */
export type SearchSort = 'relevance' | DocumentSort;

export function createSearchUsecases({
  database,
  countCap = SEARCH_COUNT_CAP,
  rankWindow = SEARCH_RANK_WINDOW,
  rankCandidates = SEARCH_RANK_CANDIDATES,
  documents = createDocumentsReadPort({ database }),
}: {
  database: AppDatabase;
  /** Matches counted at most (tests set a small one). */
  countCap?: number;
  /** Matches ordered by relevance at most (tests set a small one). */
  rankWindow?: number;
  /** SQLite: documents holding the words the window is looked for among (tests set a small one). */
  rankCandidates?: number;
  /** The documents module's read port (the hits as list items); one on `database` when absent. */
  documents?: Pick<DocumentsReadPort, 'toListItems'>;
}) {
  const search = createSearchRepository({ db: database.db, dialect: database.dialect });

  /** The snippet of each hit, from the start of its content or, failing that, all of it. */
  async function findSnippets(ids: string[], words: string[]) {
    const snippets = new Map<string, Snippet>();
    if (words.length === 0 || ids.length === 0) return snippets;
    const starts = await search.findContentStarts(ids, CONTENT_START_LENGTH);
    for (const id of ids) {
      const start = starts.get(id) ?? { start: '', isWhole: true };
      snippets.set(
        id,
        (start.isWhole ? buildSnippet(start.start, words) : buildSnippetFromStart(start.start, words)) ??
          buildSnippet(await search.findContent(id), words),
      );
    }
    return snippets;
  }

  /** List items (tags, property values, notes count) with their snippets (for `words`, folded query words). */
  async function toHits(rows: DocumentListRow[], words: string[]): Promise<DocumentSearchHitDto[]> {
    const ids = rows.map((row) => row.id);
    const [items, snippets] = await Promise.all([
      documents.toListItems(rows),
      // Short words match names only: the content shows the longer ones.
      findSnippets(ids, words),
    ]);
    return items.map((item) => ({ ...item, ...(snippets.get(item.id) ?? { snippet: '', matches: [] }) }));
  }

  /**
   * The query's syntax and the query string's filters as one search (undefined: nothing can match,
   * such as a tag name the organization has not). Throws 400 for a structured filter whose value
   * does not fit its property, as the list does.
   */
  async function resolveSearch({
    organizationId,
    parsed,
    filters,
    sort,
    order,
  }: {
    organizationId: string;
    parsed: ParsedSearchQuery;
    filters: DocumentFilters;
    sort: SearchSort;
    order: SortOrder | undefined;
  }): Promise<{ filters: SearchFilters; sort: ResolvedDocumentSort | undefined } | undefined> {
    const resolved = await resolveDocumentQuery({
      db: database.db,
      dialect: database.dialect,
      organizationId,
      filters,
      sort: sort === 'relevance' ? undefined : sort,
      order,
    });
    const tagKeys = [...parsed.tagNames, ...parsed.excludedTagNames].map(tagNameKey);
    const propertyKeys = parsed.properties.map((condition) => tagNameKey(condition.propertyName));
    const [tagIds, properties] = await Promise.all([
      search.findTagIdsByNameKeys({ organizationId, nameKeys: [...new Set(tagKeys)] }),
      search.findPropertiesByNameKeys({ organizationId, nameKeys: [...new Set(propertyKeys)] }),
    ]);
    if (resolved.matchesNothing) return undefined;
    const requiredTagIds: string[] = [];
    for (const name of parsed.tagNames) {
      const id = tagIds.get(tagNameKey(name));
      // A tag the organization has not is on none of its documents.
      if (id === undefined) return undefined;
      requiredTagIds.push(id);
    }
    const excludedTagIds = parsed.excludedTagNames.flatMap((name) => tagIds.get(tagNameKey(name)) ?? []);

    const dateRange = intersectDateRanges([
      ...parsed.dateRanges,
      {
        ...(filters.documentDateFrom ? { from: filters.documentDateFrom } : {}),
        ...(filters.documentDateTo ? { to: filters.documentDateTo } : {}),
      },
    ]);
    if (dateRange.from !== undefined && dateRange.to !== undefined && dateRange.from > dateRange.to)
      return undefined;

    const fileTypes = combineFileTypes(filters.fileTypes, parsed.fileTypes, parsed.excludedFileTypes);
    if (fileTypes?.length === 0) return undefined;

    const conditions: ResolvedPropertyCondition[] = [...resolved.conditions];
    const searchOnly: SearchOnlyPropertyCondition[] = [];
    for (const condition of parsed.properties) {
      const row = properties.get(tagNameKey(condition.propertyName));
      const filter = resolveSearchPropertyCondition(
        condition,
        row && {
          id: row.id,
          type: row.type as PropertyType,
          options: JSON.parse(row.options) as { id: string; name: string }[],
        },
      );
      if (filter.source === 'documents') {
        if (filter.condition.kind === 'never') return undefined;
        conditions.push(filter.condition);
      } else searchOnly.push(filter.condition);
    }

    // Required tags and the date range are the search's own (its indexes know them); the rest is the list's.
    const { documentDateFrom: _from, documentDateTo: _to, ...rest } = resolved.filters;
    const listQuery: ResolvedDocumentQuery = {
      ...resolved,
      filters: { ...EMPTY_DOCUMENT_FILTERS, ...rest, tags: [], fileTypes: fileTypes ?? [] },
      tags: {
        ...resolved.tags,
        all: [],
        excluded: [...new Set([...resolved.tags.excluded, ...excludedTagIds])],
      },
      conditions,
    };
    const hasIdConditions =
      listQuery.tags.any.length + listQuery.tags.excluded.length + conditions.length + searchOnly.length > 0;
    const rowConditions = documentColumnConditions(listQuery, 'd');
    return {
      filters: {
        organizationId,
        text: toSearchText(parsed),
        tagIds: [...new Set([...resolved.tags.all, ...requiredTagIds])],
        dateRange,
        idConditions: hasIdConditions
          ? (id) => [
              ...documentIdConditions(listQuery, id),
              ...searchOnly.map((condition) => searchPropertyConditionSql(database.dialect, id, condition)),
            ]
          : undefined,
        rowCondition:
          rowConditions.length > 0
            ? (alias) => sql<SqlBool>`${sql.join(documentColumnConditions(listQuery, alias), sql` and `)}`
            : undefined,
      },
      sort: sort === 'relevance' ? undefined : resolved.sort,
    };
  }

  /**
   * The newest `rankWindow` matches in relevance order: the more of the query's words and phrases
   * a name holds, the higher; then the text rank (bm25 / ts_rank); then newest first.
   */
  async function rankWindowOf(organizationId: string, window: WalkedMatch[], text: SearchText) {
    // PostgreSQL's walk read them; SQLite reads them now.
    const inputs = window.every((match) => match.name !== undefined)
      ? new Map(window.map((match) => [match.id, { name: match.name ?? '', rank: match.rank ?? 0 }]))
      : await search.findRankInputs({ organizationId, window, terms: rankTermsOf(text) });
    return window
      .map((match, position) => ({
        id: match.id,
        nameMatches: countNameMatches(inputs.get(match.id)?.name ?? '', text),
        rank: inputs.get(match.id)?.rank ?? 0,
        position,
      }))
      .sort((a, b) => b.nameMatches - a.nameMatches || b.rank - a.rank || a.position - b.position)
      .map((match) => match.id);
  }

  /**
   * A page of matches by relevance: the ranked window, then the older matches newest first. The
   * count starts (`startCount`) as soon as the walk tells how dense the matches are, and runs
   * while the window is ranked and the hits are read (PostgreSQL: on another connection).
   */
  async function findRelevantPage(
    filters: SearchFilters,
    { limit, offset }: { limit: number; offset: number },
    startCount: (isDense: boolean) => void,
  ) {
    // Relevance needs words or phrases to weigh (short words are all in every name found).
    const canRank = filters.text.substrings.length > 0 || filters.text.phrases.length > 0;
    // Past the window, the page is among the older matches alone.
    if (!canRank || offset >= rankWindow) {
      const found = await search.findNewest(filters, { limit, offset });
      startCount(found.isDense);
      return found.matches.map((match) => match.id);
    }
    const window = await search.findWindow(filters, {
      size: rankWindow,
      candidateLimit: rankCandidates,
      rankTerms: rankTermsOf(filters.text),
    });
    startCount(window.isDense);
    const ranked = await rankWindowOf(filters.organizationId, window.matches, filters.text);
    const ids = ranked.slice(offset, offset + limit);
    // The window is the newest matches: the older ones follow it, newest first.
    if (ids.length < limit) {
      const older = await search.findNewest(filters, {
        limit: limit - ids.length,
        offset: Math.max(offset, window.matches.length),
      });
      ids.push(...older.matches.map((match) => match.id));
    }
    return ids;
  }

  return {
    /**
     * A page of the organization's active documents matching the query (its syntax, see
     * contracts' search-query) and the list's filters, as list items with a snippet, by relevance
     * or one of the list's sorts; the count stops at the cap.
     */
    async searchDocuments({
      organizationId,
      searchQuery,
      filters = EMPTY_DOCUMENT_FILTERS,
      sort = 'relevance',
      order,
      pageIndex,
      pageSize,
    }: {
      organizationId: string;
      searchQuery: string;
      filters?: DocumentFilters;
      sort?: SearchSort | undefined;
      order?: SortOrder | undefined;
      pageIndex: number;
      pageSize: number;
    }): Promise<SearchDocumentsResponse> {
      const parsed = parseSearchQuery(searchQuery);
      const text = toSearchText(parsed);
      const hasConditions =
        parsed.tagNames.length + parsed.excludedTagNames.length + parsed.dateRanges.length > 0 ||
        parsed.fileTypes.length + parsed.excludedFileTypes.length + parsed.properties.length > 0;
      // `-- ?` asks for nothing: it finds nothing.
      if (!hasPositiveText(text) && !hasExcludedText(text) && !hasConditions) return NO_MATCH;
      const resolved = await resolveSearch({ organizationId, parsed, filters, sort, order });
      if (!resolved) return NO_MATCH;
      const page = { limit: pageSize, offset: pageIndex * pageSize };
      let counting: Promise<{ count: number; countIsCapped: boolean }> | undefined;
      const startCount = (isDense: boolean) => {
        counting = search.count({ ...resolved.filters, cap: countCap, isDense });
        // (Awaited below; a failure meanwhile must not be an unhandled rejection.)
        counting.catch(() => undefined);
      };
      let ids: string[];
      const sortKey = toSortKey(resolved.sort);
      if (sortKey) {
        startCount(false);
        ids = await search.findSorted(resolved.filters, sortKey, page);
      } else if (sort === 'relevance') ids = await findRelevantPage(resolved.filters, page, startCount);
      else {
        const found = await search.findNewest(resolved.filters, page);
        startCount(found.isDense);
        ids = found.matches.map((match) => match.id);
      }
      const rows = await search.findListRows(ids);
      const snippetWords = [
        ...text.substrings,
        ...text.phrases.flatMap(phraseWordsOf).filter((word) => [...word].length >= SUBSTRING_MIN_LENGTH),
      ].map(foldSearchText);
      const hits = await toHits(rows, [...new Set(snippetWords)]);
      const { count, countIsCapped } = await (counting ??
        search.count({ ...resolved.filters, cap: countCap, isDense: false }));
      return { documents: hits, documentsCount: count, documentsCountIsCapped: countIsCapped };
    },
  };
}

/** The list's sort as the search reads it; undefined for upload dates newest first (the index's own order). */
function toSortKey(sort: ResolvedDocumentSort | undefined): SearchSortKey | undefined {
  if (!sort) return undefined;
  if (sort.kind === 'noValue') return undefined;
  if (sort.kind === 'createdAt' && sort.order === 'desc') return undefined;
  if (sort.kind === 'property') return sort;
  return { kind: sort.kind, order: sort.order };
}

/**
 * The file type groups a search keeps: those of the query string and of `type:` (each any of its
 * groups: both, their common ones), less those of `-type:`; undefined for every type.
 */
function combineFileTypes(
  listed: readonly FileTypeGroup[],
  typed: readonly FileTypeGroup[],
  excluded: readonly FileTypeGroup[],
): FileTypeGroup[] | undefined {
  if (listed.length === 0 && typed.length === 0 && excluded.length === 0) return undefined;
  return FILE_TYPE_GROUPS.filter(
    (group) =>
      (listed.length === 0 || listed.includes(group)) &&
      (typed.length === 0 || typed.includes(group)) &&
      !excluded.includes(group),
  );
}

export type SearchUsecases = ReturnType<typeof createSearchUsecases>;
