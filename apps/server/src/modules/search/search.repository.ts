import type { SearchDateRange } from '@sheaf/contracts/search-query';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DatabaseOrTransaction } from '../../db/database.types';
import type { DocumentListRow } from '../documents/documents.models';
import {
  dateTokensOfRange,
  foldSearchLetters,
  hasExcludedText,
  phraseWordsOf,
  requiredSubstringsOf,
  type SearchText,
  toContainsPattern,
  toFtsString,
} from './search.models';
import type { SearchOnlyPropertyCondition } from './search.properties';

/** Every document column but the content: search answers are list items. */
const LIST_COLUMNS = [
  'id',
  'organization_id',
  'name',
  'original_name',
  'original_size',
  'original_sha256',
  'mime_type',
  'storage_key',
  'created_by',
  'created_at',
  'updated_at',
  'is_deleted',
  'deleted_at',
  'deleted_by',
  'scheduled_purge_at',
  'extraction_status',
  'extraction_error_code',
  'extraction_error_message',
  'document_date',
  'document_date_source',
] as const satisfies ReadonlyArray<keyof DocumentListRow>;

const listColumns = sql.join(LIST_COLUMNS.map((column) => sql.ref(`d.${column}`)));

/**
 * PostgreSQL: how many of the organization's newest documents a page first looks through (a
 * backward walk of the date index, stopping at the page's last match), before asking the trigram
 * indexes for all matches. Common words fill a page within a few rows; rare words do not, and the
 * trigram indexes find their few matches at once.
 */
const WALK_ROWS = 2000;

/**
 * SQLite: a rank term is left out of the text rank when it is in a quarter of the newest documents
 * or more (this many of them sampled). `bm25()` counts each term's documents on every query by
 * reading its whole doclist (every position of a phrase's words): 20–35 ms for a word of 100,000
 * documents, 120 ms for a phrase of two common words. What it learns weighs little: a term of half
 * the documents weighs zero (FTS5 clamps its IDF to 10⁻⁶), one of a quarter ln 3 ≈ 1.1, against
 * about 7 for a word of a hundred documents in 100,000.
 */
const COMMON_TERM_SAMPLE = 256;

/** SQLite: at most about this many documents of a term are scored by bm25() for one window. */
const RANK_ROWS_LIMIT = 5000;

/** What a search keeps: the organization's active documents matching all of this. */
export type SearchFilters = {
  organizationId: string;
  text: SearchText;
  /** Only documents carrying every one of these tags (tags of the organization, checked first). */
  tagIds: string[];
  /** The document date in this range (ends included); documents without a date are left out by either end. */
  dateRange: SearchDateRange;
  /** Conditions on the document's id (the list's tag and property filters, the syntax's properties). */
  idConditions?: ((id: RawBuilder<unknown>) => RawBuilder<SqlBool>[]) | undefined;
  /** A condition on the documents row of the given alias (the list's file types, upload dates, extraction states). */
  rowCondition?: ((alias: string) => RawBuilder<SqlBool>) | undefined;
};

/** A sort other than relevance and upload date: the column (of a documents row `d`, or a value `v`) and direction. */
export type SearchSortKey =
  | { kind: 'name' | 'size' | 'documentDate' | 'createdAt'; order: 'asc' | 'desc' }
  | { kind: 'property'; propertyId: string; column: 'value_number' | 'value_date'; order: 'asc' | 'desc' };

/** A match in newest-first order: its document, and on SQLite its search rowid. */
/**
 * A match in newest-first order: its document, on SQLite its search rowid; on PostgreSQL, when the
 * walk is a window to rank, its name (normalized) and text rank too.
 */
export type WalkedMatch = { id: string; rowid?: number; name?: string; rank?: number };

/** The matching part of a search: FROM and WHERE over the organization's matching documents. */
type SearchPlan = {
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
  /** The document id, the newest-first order as `order by` terms, and (SQLite) the search rowid. */
  id: RawBuilder<unknown>;
  newestFirst: RawBuilder<unknown>;
  rowid: RawBuilder<unknown>;
  /** SQLite: the rowids the walk goes through: the organization's active documents its driving table finds. */
  candidates?: RawBuilder<unknown>;
  /** SQLite: the rest of the conditions, on the key table row `r`. */
  filters?: RawBuilder<unknown>;
};

/** The day halfway between two calendar dates (`from` < `to`), `YYYY-MM-DD`. */
const middleDay = (from: string, to: string) =>
  new Date((Date.parse(`${from}T00:00:00Z`) + Date.parse(`${to}T00:00:00Z`)) / 2).toISOString().slice(0, 10);

const andAll = (conditions: RawBuilder<unknown>[]) =>
  conditions.length === 0 ? sql`1 = 1` : sql.join(conditions, sql` and `);

/** A tag id as a token of SQLite's `documents_search_words` (migration 0015). */
const toTagToken = (tagId: string) => tagId.replace(/_/g, '');

/** A word that may be a date token of the ranking table (`y2024`, `m202403`, `d20240301`). */
const DATE_TOKEN = /^[ymd]\d+$/i;

/** A query word the words table holds as (the start of) one token: letters and digits only. */
const IS_ONE_TOKEN = /^[\p{L}\p{N}]+$/u;

/** Query words and phrases folded as SQLite's search tables hold text (migration 0010's letters). */
function foldSqlite(text: SearchText): SearchText {
  const fold = (words: string[]) => words.map(foldSearchLetters);
  return {
    substrings: fold(text.substrings),
    namePrefixes: fold(text.namePrefixes),
    phrases: fold(text.phrases),
    excluded: {
      substrings: fold(text.excluded.substrings),
      namePrefixes: fold(text.excluded.namePrefixes),
      phrases: fold(text.excluded.phrases),
    },
  };
}

/** An FTS5 query of any of `phrases` in the name or the searched text of the ranking table (0023). */
const rankingPhrasesQuery = (phrases: string[]) =>
  `{name content} : (${phrases.map(toFtsString).join(' OR ')})`;

const datesSql = (column: RawBuilder<unknown>, { from, to }: SearchDateRange) => [
  ...(from !== undefined ? [sql`${column} >= ${from}`] : []),
  ...(to !== undefined ? [sql`${column} <= ${to}`] : []),
];

/** The id and row conditions of the filters, for the search table's document id `id`. */
const documentConditionsSql = (filters: SearchFilters, id: RawBuilder<unknown>) => [
  ...(filters.idConditions?.(id) ?? []),
  ...(filters.rowCondition
    ? [sql`exists (select 1 from documents fd where fd.id = ${id} and ${filters.rowCondition('fd')})`]
    : []),
];

/**
 * SQLite: the FTS5 tables of migration 0007 (trigram for substrings, word prefixes for short
 * words) joined to their key table, which holds the organization, trash flag and (0023) document
 * date. FTS5 hands out its matches by rowid, newest rowid first on request, so a page stops at its
 * last row and a count at the cap: no query reads every match. The rowid is the order documents
 * were added in. Phrases and excluded phrases are sets of the ranking table (0023); a search with
 * neither words nor phrases walks the key table.
 */
function planSqlite(filters: SearchFilters): SearchPlan {
  const { organizationId } = filters;
  const text = foldSqlite(filters.text);
  const substrings = requiredSubstringsOf(text);
  const prefixes = text.namePrefixes.map((word) => `${toFtsString(word)}*`).join(' AND ');
  const excludedSubstrings = text.excluded.substrings.map(toFtsString).join(' OR ');
  const organizationScope = [sql`r.organization_id = ${organizationId}`, sql`r.is_deleted = 0`];
  // Conditions on the key table row `r` beyond the organization and the trash.
  const scope = [
    // One lookup per document walked: cheap while the page is found among the first few hundred.
    ...filters.tagIds.map(
      (tagId) =>
        sql`exists (select 1 from documents_tags dt where dt.document_id = r.document_id and dt.tag_id = ${tagId})`,
    ),
    ...datesSql(sql`r.document_date`, filters.dateRange),
    ...documentConditionsSql(filters, sql`r.document_id`),
  ];
  // Phrases alone: the ranking table drives, its phrase matches read newest first.
  const byPhrases = text.substrings.length === 0 && text.phrases.length > 0;
  if (!byPhrases) {
    for (const phrase of text.phrases) {
      scope.push(sql`r.search_rowid in (
        select rowid from documents_search_ranking where documents_search_ranking match ${rankingPhrasesQuery([phrase])})`);
    }
  }
  if (text.excluded.phrases.length > 0 && !byPhrases) {
    scope.push(sql`r.search_rowid not in (
      select rowid from documents_search_ranking where documents_search_ranking match ${rankingPhrasesQuery(text.excluded.phrases)})`);
  }
  if (text.excluded.namePrefixes.length > 0) {
    const excludedPrefixes = text.excluded.namePrefixes.map((word) => `${toFtsString(word)}*`).join(' OR ');
    scope.push(sql`r.search_rowid not in (
      select rowid from documents_search_names where documents_search_names match ${excludedPrefixes})`);
  }
  if (byPhrases) {
    const excludedPhrases = text.excluded.phrases.map(toFtsString).join(' OR ');
    const match = `{name content} : (${text.phrases.map(toFtsString).join(' AND ')}${excludedPhrases ? ` NOT (${excludedPhrases})` : ''})`;
    if (excludedSubstrings !== '') {
      scope.push(sql`r.search_rowid not in (
        select rowid from documents_search where documents_search match ${excludedSubstrings})`);
    }
    if (prefixes !== '') scope.push(namePrefixesSqlite(prefixes));
    return {
      id: sql`r.document_id`,
      rowid: sql`k.rowid`,
      newestFirst: sql`k.rowid desc`,
      from: sql`documents_search_ranking k cross join documents_search_rowids r on r.search_rowid = k.rowid`,
      where: sql.join(
        [sql`documents_search_ranking match ${match}`, ...organizationScope, ...scope],
        sql` and `,
      ),
      candidates: sql`select k.rowid from documents_search_ranking k cross join documents_search_rowids r on r.search_rowid = k.rowid
        where documents_search_ranking match ${match} and r.organization_id = ${organizationId} and r.is_deleted = 0`,
      filters: andAll(scope),
    };
  }
  if (substrings.length > 0) {
    // Excluded words go in the same FTS5 query (`a NOT (x OR y)`): one merge of doclists.
    const match = `${substrings.map(toFtsString).join(' AND ')}${excludedSubstrings ? ` NOT (${excludedSubstrings})` : ''}`;
    if (prefixes !== '') scope.push(namePrefixesSqlite(prefixes));
    return {
      id: sql`r.document_id`,
      rowid: sql`s.rowid`,
      newestFirst: sql`s.rowid desc`,
      // CROSS JOIN: FTS5 drives (the key table's indexes would have the planner look up every
      // document of the organization in the FTS5 table, 300 µs each).
      from: sql`documents_search s cross join documents_search_rowids r on r.search_rowid = s.rowid`,
      where: sql.join([sql`documents_search match ${match}`, ...organizationScope, ...scope], sql` and `),
      candidates: sql`select s.rowid from documents_search s cross join documents_search_rowids r on r.search_rowid = s.rowid
        where documents_search match ${match} and r.organization_id = ${organizationId} and r.is_deleted = 0`,
      filters: andAll(scope),
    };
  }
  if (excludedSubstrings !== '') {
    scope.push(sql`r.search_rowid not in (
      select rowid from documents_search where documents_search match ${excludedSubstrings})`);
  }
  if (prefixes !== '') {
    return {
      id: sql`r.document_id`,
      rowid: sql`n.rowid`,
      newestFirst: sql`n.rowid desc`,
      from: sql`documents_search_names n cross join documents_search_rowids r on r.search_rowid = n.rowid`,
      where: sql.join(
        [sql`documents_search_names match ${prefixes}`, ...organizationScope, ...scope],
        sql` and `,
      ),
      candidates: sql`select n.rowid from documents_search_names n cross join documents_search_rowids r on r.search_rowid = n.rowid
        where documents_search_names match ${prefixes} and r.organization_id = ${organizationId} and r.is_deleted = 0`,
      filters: andAll(scope),
    };
  }
  return {
    id: sql`r.document_id`,
    rowid: sql`r.search_rowid`,
    newestFirst: sql`r.search_rowid desc`,
    from: sql`documents_search_rowids r`,
    where: sql.join([...organizationScope, ...scope], sql` and `),
    candidates: sql`select search_rowid as rowid from documents_search_rowids
      where organization_id = ${organizationId} and is_deleted = 0`,
    filters: andAll(scope),
  };
}

const namePrefixesSqlite = (prefixes: string) => sql`r.search_rowid in (
  select rowid from documents_search_names where documents_search_names match ${prefixes})`;

/**
 * PostgreSQL: the `documents_search` row of each document (migration 0007): `LIKE '%word%'` on
 * the normalized name and content words, which their GIN trigram indexes serve, short words among
 * the name's word prefixes (GIN index too), tags in `tag_ids` (GIN, migration 0015), phrases on
 * `vector` (GIN, migration 0023). Newest first: date, then id.
 */
function planPostgres(filters: SearchFilters): SearchPlan {
  return {
    id: sql`s.document_id`,
    rowid: sql`null`,
    newestFirst: sql`s.created_at desc, s.document_id desc`,
    from: sql`documents_search s`,
    where: sql.join(
      [
        sql`s.organization_id = ${filters.organizationId}`,
        sql`s.is_deleted = 0`,
        ...datesSql(sql`s.document_date`, filters.dateRange),
        ...matchPostgres(filters),
      ],
      sql` and `,
    ),
  };
}

const phraseQueryPostgres = (phrase: string) =>
  sql`phraseto_tsquery('simple', sheaf_search_tokens(${phrase}))`;

/**
 * The text, tag and document conditions of a PostgreSQL search, on a `documents_search` row named
 * `s` (the date range aside: walks put it in their own scan). With `unindexed`, words as `strpos`
 * (which the trigram indexes cannot serve, and which is cheaper than `LIKE` on a row at hand): for
 * walks, and for a count driven by the tag's bitmap, where the trigram indexes would hand over
 * every match of a common word first.
 */
function matchPostgres(filters: SearchFilters, { unindexed = false, withTags = true } = {}) {
  const { text, tagIds } = filters;
  const containsWord = (word: string) => {
    // The content's words first: a common word is there, and the name is then not read.
    if (unindexed) {
      const normalized = sql`sheaf_search_normalize(${word})`;
      return sql`(strpos(s.words, ${normalized}) > 0 or strpos(s.name, ${normalized}) > 0)`;
    }
    const pattern = sql`sheaf_search_normalize(${toContainsPattern(word)})`;
    return sql`(s.words like ${pattern} or s.name like ${pattern})`;
  };
  const conditions = requiredSubstringsOf(text).map(containsWord);
  const prefixesOf = (words: string[]) =>
    sql`array[${sql.join(words.map((word) => sql`sheaf_search_normalize(${word})`))}]::text[]`;
  if (text.namePrefixes.length > 0) conditions.push(sql`s.name_prefixes @> ${prefixesOf(text.namePrefixes)}`);
  for (const phrase of text.phrases) conditions.push(sql`s.vector @@ ${phraseQueryPostgres(phrase)}`);
  for (const word of text.excluded.substrings) conditions.push(sql`not ${containsWord(word)}`);
  for (const word of text.excluded.namePrefixes)
    conditions.push(sql`not (s.name_prefixes @> ${prefixesOf([word])})`);
  for (const phrase of text.excluded.phrases)
    conditions.push(sql`not (s.vector @@ ${phraseQueryPostgres(phrase)})`);
  if (withTags && tagIds.length > 0) conditions.push(tagsPostgres(tagIds));
  conditions.push(...documentConditionsSql(filters, sql`s.document_id`));
  return conditions.length === 0 ? [sql`true`] : conditions;
}

const tagsPostgres = (tagIds: string[]) =>
  tagIds.length === 0 ? sql`true` : sql`s.tag_ids @> array[${sql.join(tagIds)}]::text[]`;

/** Whether the search is words (and tags) only: what the counts' bounds know about. */
const isWordsAndTagsOnly = (filters: SearchFilters) =>
  filters.text.phrases.length === 0 &&
  !hasExcludedText(filters.text) &&
  filters.dateRange.from === undefined &&
  filters.dateRange.to === undefined &&
  !filters.idConditions &&
  !filters.rowCondition;

export function createSearchRepository({ db, dialect }: { db: DatabaseOrTransaction; dialect: Dialect }) {
  const plan = (filters: SearchFilters): SearchPlan =>
    dialect === 'sqlite' ? planSqlite(filters) : planPostgres(filters);

  const countRows = async (query: RawBuilder<unknown>) => {
    const { rows } = await sql<{
      count: number | string;
    }>`select count(*) as count from (${query}) matches`.execute(db);
    return Number(rows[0]?.count ?? 0);
  };

  /**
   * One stretch of matches, newest first; and whether half the documents walked (those carrying
   * the tags, if any) or more matched the words (PostgreSQL, which then counts by walking too).
   */
  async function findNewestMatches(
    filters: SearchFilters,
    { limit, offset }: { limit: number; offset: number },
    /** PostgreSQL: the rank terms, to read each match's name and rank with it (undefined: neither). */
    rankTerms?: string[],
  ): Promise<{ matches: WalkedMatch[]; isDense: boolean }> {
    const { from, where, id, newestFirst, rowid } = plan(filters);
    if (dialect === 'postgres') {
      // A window to rank reads names and ranks on the rows walked anyway (one query, not two).
      const rankable = rankTerms && (await rankableTermsPostgres(filters.organizationId, rankTerms));
      const ranking = rankable
        ? sql`, s.name as name, ${rankable.length === 0 ? sql`0` : sql`ts_rank(s.vector, ${sql.join(rankable.map(phraseQueryPostgres), sql` || `)})`} as rank`
        : sql``;
      const toMatch = (row: { id: string; name?: string; rank?: number }): WalkedMatch =>
        rankable ? { id: row.id, name: row.name ?? '', rank: Number(row.rank ?? 0) } : { id: row.id };
      // The walk first: the newest documents (in the date range) in upload order, the other
      // conditions as a filter. The inner LIMIT keeps the planner from trading it for the trigram
      // indexes (it cannot tell how common a word is), and bounds it for words it will not find there.
      // The walk reads keys only (the date index, or the date range's and the tags' indexes then a
      // sort of keys), then each walked document's row until the page is full.
      const { rows: walked } = await sql<{
        id: string;
        position: number | string;
        name?: string;
        rank?: number;
      }>`
        select s.document_id as id, k.position ${ranking} from (
          select document_id, created_at, row_number() over (order by created_at desc, document_id desc) as position from (
            select document_id, created_at from documents_search
            where ${sql.join(
              [
                sql`organization_id = ${filters.organizationId}`,
                sql`is_deleted = 0`,
                ...datesSql(sql`document_date`, filters.dateRange),
                ...(filters.tagIds.length > 0
                  ? [sql`tag_ids @> array[${sql.join(filters.tagIds)}]::text[]`]
                  : []),
              ],
              sql` and `,
            )}
            order by created_at desc, document_id desc limit ${offset + limit + WALK_ROWS}
          ) walked
        ) k join documents_search s on s.document_id = k.document_id
        where ${sql.join(matchPostgres(filters, { unindexed: true, withTags: false }), sql` and `)}
        order by k.created_at desc, k.document_id desc limit ${limit} offset ${offset}`.execute(db);
      if (walked.length === limit) {
        const isDense = Number(walked.at(-1)?.position) <= 2 * (offset + limit);
        return { matches: walked.map(toMatch), isDense };
      }
      // Sparse matches: all of them from the indexes, then sorted (materialized, so the planner
      // plans the matching on its own, without the ORDER BY … LIMIT that would make it walk again).
      const { rows } = await sql<{ id: string; name?: string; rank?: number }>`
        with matches as materialized (select ${id} as id, s.created_at from ${from} where ${where})
        select m.id ${ranking} from (
          select id, created_at from matches order by created_at desc, id desc limit ${limit} offset ${offset}
        ) m join documents_search s on s.document_id = m.id
        order by m.created_at desc, m.id desc`.execute(db);
      return { matches: rows.map(toMatch), isDense: false };
    }
    const { rows } = await sql<{ id: string; rowid: number }>`
      select ${id} as id, ${rowid} as rowid from ${from} where ${where}
      order by ${newestFirst} limit ${limit} offset ${offset}`.execute(db);
    return { matches: rows.map((row) => ({ id: row.id, rowid: Number(row.rowid) })), isDense: false };
  }

  /**
   * How many documents match, counting no further than `cap` (one more, to tell it was passed).
   * The exact count of a common word checks every match up to the cap against the trigram index:
   * each database first tries a cheaper way to tell the cap is reached.
   */
  async function count(filters: SearchFilters & { cap: number; isDense: boolean }) {
    const limit = filters.cap + 1;
    let found: number;
    if (dialect === 'postgres') found = await countPostgres(filters, limit);
    else found = await countSqlite(filters, limit);
    return found > filters.cap
      ? { count: filters.cap, countIsCapped: true }
      : { count: found, countIsCapped: false };
  }

  async function countSqlite(filters: SearchFilters, limit: number) {
    if (isWordsAndTagsOnly(filters)) {
      const lowerBound = await countSqliteWords(filters, limit);
      if (lowerBound === limit) return limit;
      // Every document that may match holds the words: the lower bound is the count.
      if (lowerBound !== undefined && lowerBound === (await countSqliteCandidates(filters, limit))) {
        return lowerBound;
      }
    } else {
      const bounds = await countSqliteDateBounds(filters, limit);
      if (bounds && (bounds.lower === limit || bounds.lower === bounds.upper)) return bounds.lower;
    }
    const { from, where } = plan(filters);
    return countRows(sql`select 1 from ${from} where ${where} limit ${limit}`);
  }

  /**
   * SQLite: a lower bound of the count from the words table (migration 0015): documents holding a
   * word that starts with each query word (and every tag), by merging doclists without reading
   * positions. Such a document holds each query word, so reaching `limit` here means the cap is
   * passed. Undefined when a query word is not one token (`invoice-2024`), which only the trigram
   * index can tell.
   */
  async function countSqliteWords(filters: SearchFilters, limit: number) {
    const words = filters.text.substrings.map(foldSearchLetters);
    if (words.length === 0 || !words.every((word) => IS_ONE_TOKEN.test(word))) return undefined;
    const query = [
      ...words.map((word) => `words : ${toFtsString(word)}*`),
      ...filters.tagIds.map((tagId) => `tags : ${toFtsString(toTagToken(tagId))}`),
    ].join(' AND ');
    const prefixes = filters.text.namePrefixes.map((word) => `${toFtsString(foldSearchLetters(word))}*`);
    return countRows(sql`
      select 1 from documents_search_words w cross join documents_search_rowids r on r.search_rowid = w.rowid
      where documents_search_words match ${query}
        and r.organization_id = ${filters.organizationId} and r.is_deleted = 0
        ${prefixes.length > 0 ? sql`and ${namePrefixesSqlite(prefixes.join(' AND '))}` : sql``}
      limit ${limit}`);
  }

  /**
   * SQLite: an upper bound of the count, up to `limit`: the organization's active documents
   * carrying every tag (from the words table's tag tokens), or all of them without tags (the
   * totals of migration 0014).
   */
  async function countSqliteCandidates(filters: SearchFilters, limit: number) {
    if (filters.tagIds.length === 0) {
      const { rows } = await sql<{ active_count: number }>`
        select active_count from organization_documents_counts
        where organization_id = ${filters.organizationId}`.execute(db);
      return Math.min(limit, Number(rows[0]?.active_count ?? 0));
    }
    const query = filters.tagIds.map((tagId) => `tags : ${toFtsString(toTagToken(tagId))}`).join(' AND ');
    return countRows(sql`
      select 1 from documents_search_words w cross join documents_search_rowids r on r.search_rowid = w.rowid
      where documents_search_words match ${query}
        and r.organization_id = ${filters.organizationId} and r.is_deleted = 0
      limit ${limit}`);
  }

  /**
   * SQLite, words and a date range: a lower bound from the ranking table (0023), documents holding
   * each query word as a whole word and a date token of the range, doclists merged; an upper bound
   * from the key table's date index, the documents dated in the range. Undefined when the search
   * is anything else, or the range is too many tokens.
   */
  async function countSqliteDateBounds(filters: SearchFilters, limit: number) {
    const { from, to } = filters.dateRange;
    const words = filters.text.substrings.map(foldSearchLetters);
    if (
      (from === undefined && to === undefined) ||
      words.length === 0 ||
      !words.every((word) => IS_ONE_TOKEN.test(word)) ||
      filters.text.phrases.length > 0 ||
      hasExcludedText(filters.text) ||
      filters.text.namePrefixes.length > 0 ||
      filters.tagIds.length > 0 ||
      filters.idConditions ||
      filters.rowCondition
    ) {
      return undefined;
    }
    // Open ends: the organization's first or last date.
    const { rows: extremes } = await sql<{ first: string | null; last: string | null }>`
      select
        (select min(document_date) from documents_search_rowids
          where organization_id = ${filters.organizationId} and is_deleted = 0 and document_date is not null) as first,
        (select max(document_date) from documents_search_rowids
          where organization_id = ${filters.organizationId} and is_deleted = 0) as last`.execute(db);
    const first = from ?? extremes[0]?.first;
    const last = to ?? extremes[0]?.last;
    if (!first || !last || first > last) return { lower: 0, upper: 0 };
    const tokens = dateTokensOfRange(first, last);
    if (!tokens) return undefined;
    // Without a column filter when no word looks like a date token: FTS5 then skips reading positions.
    const wordsQuery = words.map(toFtsString).join(' AND ');
    const query = `${words.some((word) => DATE_TOKEN.test(word)) ? `{name content} : (${wordsQuery})` : wordsQuery} AND dates : (${tokens.join(' OR ')})`;
    const [lower, upper] = await Promise.all([
      countRows(sql`
        select 1 from documents_search_ranking k cross join documents_search_rowids r on r.search_rowid = k.rowid
        where documents_search_ranking match ${query}
          and r.organization_id = ${filters.organizationId} and r.is_deleted = 0
        limit ${limit}`),
      countRows(sql`
        select 1 from documents_search_rowids r
        where r.organization_id = ${filters.organizationId} and r.is_deleted = 0
          and ${sql.join(datesSql(sql`r.document_date`, { from: first, to: last }), sql` and `)}
        limit ${limit}`),
    ]);
    return { lower, upper };
  }

  /**
   * PostgreSQL's planner cannot tell a common word from a rare one (it takes `LIKE '%word%'` for
   * rare), so the way to count is chosen here, from what the page saw (`isDense`: half the
   * documents it walked, of those carrying the tags, matched the words):
   * - with a date range holding fewer documents than the cap, or dense: the range's documents off
   *   the date index (migration 0023), each checked;
   * - dense, with tags: the tags' bitmap, each document of it checked in table order (the trigram
   *   indexes would hand over every match of a common word first);
   * - dense, without tags: walking the date index through `limit` rows (all matching, for a common
   *   word), then `limit` more, each half in two queries at once; short of `limit` matches, the
   *   matches are sparser than they looked and the indexes count them;
   * - otherwise (rare words) the trigram indexes, with the tags' bitmap if any.
   */
  async function countPostgres(filters: SearchFilters & { isDense: boolean }, limit: number) {
    const scope = sql.join(
      [
        sql`s.organization_id = ${filters.organizationId}`,
        sql`s.is_deleted = 0`,
        ...datesSql(sql`s.document_date`, filters.dateRange),
      ],
      sql` and `,
    );
    const countChecking = () =>
      countRows(sql`
        select 1 from documents_search s
        where ${scope} and ${sql.join(matchPostgres(filters, { unindexed: true }), sql` and `)}
        limit ${limit}`);
    const { from: rangeFrom, to: rangeTo } = filters.dateRange;
    if (rangeFrom !== undefined || rangeTo !== undefined) {
      // Dense, or fewer documents in the range than the cap (an index-only count tells): each
      // document of the range is checked, in two halves of it at once on two connections.
      const isBounded =
        filters.isDense ||
        (await countRows(sql`select 1 from documents_search s where ${scope} limit ${limit}`)) < limit;
      if (isBounded && rangeFrom !== undefined && rangeTo !== undefined && rangeFrom < rangeTo) {
        const middle = middleDay(rangeFrom, rangeTo);
        const countHalf = (half: RawBuilder<unknown>) =>
          countRows(sql`
            select 1 from documents_search s
            where ${scope} and ${half} and ${sql.join(matchPostgres(filters, { unindexed: true }), sql` and `)}
            limit ${limit}`);
        const halves = await Promise.all([
          countHalf(sql`s.document_date <= ${middle}`),
          countHalf(sql`s.document_date > ${middle}`),
        ]);
        return Math.min(limit, halves[0] + halves[1]);
      }
      if (isBounded) return countChecking();
    } else if (filters.isDense && filters.tagIds.length > 0) return countChecking();
    if (filters.isDense) {
      // The newest `2 × limit` documents in four slices, two at a time on two connections: the
      // checks are CPU work, and a common word is done with the first two.
      const slice = Math.ceil(limit / 2);
      const countSlice = (index: number) =>
        countRows(sql`
          select 1 from (
            select * from documents_search
            where organization_id = ${filters.organizationId} and is_deleted = 0
            order by created_at desc, document_id desc offset ${index * slice} limit ${slice}
          ) s
          where ${sql.join(matchPostgres(filters, { unindexed: true }), sql` and `)}`);
      let walked = 0;
      for (const slices of [
        [0, 1],
        [2, 3],
      ]) {
        walked += (await Promise.all(slices.map(countSlice))).reduce((sum, found) => sum + found, 0);
        if (walked >= limit) return limit;
      }
    }
    const { from, where } = plan(filters);
    return countRows(sql`select 1 from ${from} where ${where} limit ${limit}`);
  }

  /** The list rows of `ids`, in that order. */
  async function findListRows(ids: string[]): Promise<DocumentListRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<DocumentListRow>`
      select ${listColumns} from documents d where d.id in (${sql.join(ids)})`.execute(db);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Whether every one of `tagIds` is a tag of the organization (another's match nothing). */
  async function areOwnTags({ organizationId, tagIds }: { organizationId: string; tagIds: string[] }) {
    if (tagIds.length === 0) return true;
    const { rows } = await sql<{ count: number | string }>`
      select count(*) as count from tags where organization_id = ${organizationId} and id in (${sql.join(tagIds)})`.execute(
      db,
    );
    return Number(rows[0]?.count) === tagIds.length;
  }

  /**
   * SQLite: how many documents of the newest (COMMON_TERM_SAMPLE of them sampled) hold a rank term,
   * as the ranking table tokenizes it; `isRare` when the whole table has fewer than the sample.
   */
  async function termDensitySqlite(term: string) {
    const { rows } = await sql<{ found: number; oldest: number | null; newest: number | null }>`
      select count(*) as found, min(rowid) as oldest,
        (select max(search_rowid) from documents_search_rowids) as newest
      from (select rowid from documents_search_ranking where documents_search_ranking match ${`{name content} : ${toFtsString(term)}`}
        order by rowid desc limit ${COMMON_TERM_SAMPLE})`.execute(db);
    const { found, oldest, newest } = rows[0] ?? { found: 0, oldest: null, newest: null };
    if (found < COMMON_TERM_SAMPLE || oldest === null || newest === null) return { isRare: true, density: 0 };
    return { isRare: false, density: found / (newest - oldest + 1) };
  }

  /**
   * PostgreSQL: the rank terms but the words in a quarter or more of the organization's newest
   * COMMON_TERM_SAMPLE documents (as SQLite leaves them out: ts_rank would read every vector of
   * the window for a term that weighs little). Phrases are kept.
   */
  async function rankableTermsPostgres(organizationId: string, terms: string[]) {
    const words = terms.filter((term) => !/\s/u.test(term));
    if (words.length === 0) return terms;
    const { rows } = await sql<Record<string, number | string>>`
      select ${sql.join(
        words.map(
          (word, index) =>
            sql`count(*) filter (where strpos(s.words, sheaf_search_normalize(${word})) > 0
              or strpos(s.name, sheaf_search_normalize(${word})) > 0) as ${sql.ref(`term_${index}`)}`,
        ),
      )}, count(*) as sampled
      from (select words, name from documents_search where organization_id = ${organizationId} and is_deleted = 0
        order by created_at desc, document_id desc limit ${COMMON_TERM_SAMPLE}) s`.execute(db);
    const counts = rows[0] ?? {};
    const sampled = Number(counts.sampled ?? 0);
    const isCommon = (word: string) =>
      sampled === COMMON_TERM_SAMPLE && Number(counts[`term_${words.indexOf(word)}`] ?? 0) >= sampled / 4;
    return terms.filter((term) => /\s/u.test(term) || !isCommon(term));
  }

  /** SQLite: the bm25() rank of the window's matches (higher better), see findRankInputs. */
  async function findBm25(window: WalkedMatch[], terms: string[]) {
    const ranks = new Map<string, number>();
    const rowids = window.flatMap((match) => (match.rowid === undefined ? [] : [match.rowid]));
    if (rowids.length === 0 || terms.length === 0) return ranks;
    const span = Math.max(...rowids) - Math.min(...rowids) + 1;
    const folded = terms.map(foldSearchLetters).filter((term) => phraseWordsOf(term).length > 0);
    const densities = await Promise.all(folded.map(termDensitySqlite));
    // Left out: terms of a quarter of the documents or more (see COMMON_TERM_SAMPLE), and terms
    // whose documents in the window's rowid range would be too many to score (a window spread
    // thin by a filter): bm25() scores every one of them.
    const rankable = folded.filter((_, index) => {
      const { isRare, density } = densities[index]!;
      return isRare || (density < 1 / 4 && density * span <= RANK_ROWS_LIMIT);
    });
    if (rankable.length === 0) return ranks;
    const idByRowid = new Map(window.map((match) => [match.rowid, match.id]));
    // The window's rowid range in one FTS5 query: bm25() counts each term's documents once per
    // query (a `rowid in (…)` list would run the query, and that count, once per rowid).
    const { rows } = await sql<{ rowid: number; score: number }>`
      select rowid, bm25(documents_search_ranking, 2.0, 1.0, 0.0) as score from documents_search_ranking
      where documents_search_ranking match ${rankingPhrasesQuery(rankable)}
        and rowid >= ${Math.min(...rowids)} and rowid <= ${Math.max(...rowids)}`.execute(db);
    for (const row of rows) {
      const id = idByRowid.get(Number(row.rowid));
      // bm25() is negative, better lower.
      if (id !== undefined) ranks.set(id, -Number(row.score));
    }
    return ranks;
  }

  return {
    /**
     * The newest `size` matches, to rank: on SQLite only among the newest `candidateLimit`
     * documents the driving index finds (those holding the words), so that filters that keep few
     * of them (a date range, a tag) do not make the walk long; on PostgreSQL the newest `size`.
     */
    async findWindow(
      filters: SearchFilters,
      { size, candidateLimit, rankTerms }: { size: number; candidateLimit: number; rankTerms: string[] },
    ) {
      if (!(await areOwnTags(filters))) return { matches: [], isDense: false };
      if (dialect === 'postgres') return findNewestMatches(filters, { limit: size, offset: 0 }, rankTerms);
      const { candidates, filters: rest } = plan(filters);
      // The candidates (a co-routine, stopped at its limit) filtered one by one, newest first.
      const { rows } = await sql<{ id: string; rowid: number }>`
        select r.document_id as id, c.rowid as rowid
        from (${candidates} order by 1 desc limit ${candidateLimit}) c
        cross join documents_search_rowids r on r.search_rowid = c.rowid
        where ${rest} order by c.rowid desc limit ${size}`.execute(db);
      return { matches: rows.map((row) => ({ id: row.id, rowid: Number(row.rowid) })), isDense: false };
    },

    /**
     * A stretch of the organization's active documents matching the search, newest first (none
     * when a tag is not the organization's); and `isDense`, for `count`.
     */
    async findNewest(filters: SearchFilters, page: { limit: number; offset: number }) {
      if (!(await areOwnTags(filters))) return { matches: [], isDense: false };
      return findNewestMatches(filters, page);
    },

    /**
     * A page of the matches in another order (name, size, document date, a property, upload date
     * oldest first): every match is read and sorted (see the README); documents without a value
     * last either way, then newest first.
     */
    async findSorted(
      filters: SearchFilters,
      sortKey: SearchSortKey,
      { limit, offset }: { limit: number; offset: number },
    ) {
      if (!(await areOwnTags(filters))) return [];
      const { from, where, id } = plan(filters);
      const direction = sql.raw(sortKey.order);
      let value: RawBuilder<unknown>;
      let join = sql``;
      if (sortKey.kind === 'property') {
        join = sql`left join document_property_values v on v.document_id = d.id and v.property_id = ${sortKey.propertyId} and v.value_key = ''`;
        value = sql.ref(`v.${sortKey.column}`);
      } else {
        value = {
          name: sql`lower(d.name)`,
          size: sql`d.original_size`,
          documentDate: sql`d.document_date`,
          createdAt: sql`d.created_at`,
        }[sortKey.kind];
      }
      const { rows } = await sql<{ id: string }>`
        select d.id from (select ${id} as id from ${from} where ${where}) m
        join documents d on d.id = m.id ${join}
        order by case when ${value} is null then 1 else 0 end, ${value} ${direction}, d.created_at desc, d.id desc
        limit ${limit} offset ${offset}`.execute(db);
      return rows.map((row) => row.id);
    },

    /**
     * How many documents match, up to `cap`: past it, `count` is `cap` and `countIsCapped` is
     * true. Never reads all matches of a common word. `isDense` comes from `findNewest`.
     */
    async count(filters: SearchFilters & { cap: number; isDense: boolean }) {
      if (!(await areOwnTags(filters))) return { count: 0, countIsCapped: false };
      return count(filters);
    },

    /**
     * What relevance orders the window's matches by: each one's name (as named on SQLite; on
     * PostgreSQL the search table's normalized copy) and text rank for the terms (words and
     * phrases), higher better. SQLite: `bm25()` on the ranking table (0023) over the window's rowid
     * range, some terms left out (see COMMON_TERM_SAMPLE and RANK_ROWS_LIMIT); PostgreSQL:
     * `ts_rank` on `vector`. A match holding no term as a whole word (one found inside a longer
     * word) ranks 0.
     */
    async findRankInputs({
      organizationId,
      window,
      terms,
    }: {
      organizationId: string;
      window: WalkedMatch[];
      terms: string[];
    }) {
      const inputs = new Map<string, { name: string; rank: number }>();
      if (window.length === 0) return inputs;
      const ids = window.map((match) => match.id);
      if (dialect === 'postgres') {
        const rankable = await rankableTermsPostgres(organizationId, terms);
        const rank =
          rankable.length === 0
            ? sql`0`
            : sql`ts_rank(vector, ${sql.join(rankable.map(phraseQueryPostgres), sql` || `)})`;
        const { rows } = await sql<{ id: string; name: string; rank: number }>`
          select document_id as id, name, ${rank} as rank
          from documents_search where document_id in (${sql.join(ids)})`.execute(db);
        for (const row of rows) inputs.set(row.id, { name: row.name, rank: Number(row.rank) });
        return inputs;
      }
      const { rows: names } = await sql<{ id: string; name: string }>`
        select id, name from documents where id in (${sql.join(ids)})`.execute(db);
      for (const row of names) inputs.set(row.id, { name: row.name, rank: 0 });
      for (const [id, rank] of await findBm25(window, terms)) {
        const input = inputs.get(id);
        if (input) input.rank = rank;
      }
      return inputs;
    },

    findListRows,

    /** The organization's tags of these name keys (tagNameKey), by key. */
    async findTagIdsByNameKeys({ organizationId, nameKeys }: { organizationId: string; nameKeys: string[] }) {
      if (nameKeys.length === 0) return new Map<string, string>();
      const { rows } = await sql<{ id: string; name_key: string }>`
        select id, name_key from tags where organization_id = ${organizationId} and name_key in (${sql.join(nameKeys)})`.execute(
        db,
      );
      return new Map(rows.map((row) => [row.name_key, row.id]));
    },

    /** The organization's property definitions of these name keys (tagNameKey), by key. */
    async findPropertiesByNameKeys({
      organizationId,
      nameKeys,
    }: {
      organizationId: string;
      nameKeys: string[];
    }) {
      if (nameKeys.length === 0) return new Map<string, { id: string; type: string; options: string }>();
      const { rows } = await sql<{ id: string; name_key: string; type: string; options: string }>`
        select id, name_key, type, options from property_definitions
        where organization_id = ${organizationId} and name_key in (${sql.join(nameKeys)})`.execute(db);
      return new Map(rows.map((row) => [row.name_key, row]));
    },

    /**
     * The start of each document's content (`prefixLength` characters) and whether there is more:
     * most snippets are found there, so whole contents (up to megabytes) are read only when not.
     */
    async findContentStarts(ids: string[], prefixLength: number) {
      if (ids.length === 0) return new Map<string, { start: string; isWhole: boolean }>();
      const { rows } = await sql<{ id: string; start: string; length: number | string }>`
        select id, substr(content, 1, ${prefixLength}) as start, length(content) as length
        from documents where id in (${sql.join(ids)})`.execute(db);
      return new Map(
        rows.map((row) => [row.id, { start: row.start, isWhole: Number(row.length) <= prefixLength }]),
      );
    },

    async findContent(id: string) {
      const { rows } = await sql<{ content: string }>`select content from documents where id = ${id}`.execute(
        db,
      );
      return rows[0]?.content ?? '';
    },

    /** The database's plan for a page of matches (EXPLAIN QUERY PLAN / EXPLAIN), one line per step. */
    async explainSearch(filters: SearchFilters) {
      const { from, where, id, newestFirst } = plan(filters);
      const query = sql`select ${id} from ${from} where ${where} order by ${newestFirst} limit 5`;
      if (dialect === 'sqlite') {
        const { rows } = await sql<{ detail: string }>`explain query plan ${query}`.execute(db);
        return rows.map((row) => row.detail);
      }
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(db);
      return rows.map((row) => row['QUERY PLAN']);
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;

/**
 * A property condition of the query syntax that the list's filters have no kind for, on the
 * document id `id`, written as the list writes its own (documents.filters): on SQLite a probe of
 * the document's value row for each document walked (`+` keeps the planner off the value indexes),
 * on PostgreSQL a semi-join its planner drives from either side.
 */
export function searchPropertyConditionSql(
  dialect: Dialect,
  id: RawBuilder<unknown>,
  condition: SearchOnlyPropertyCondition,
): RawBuilder<SqlBool> {
  const sqlite = dialect === 'sqlite';
  const column = (name: string) => (sqlite ? sql`+${sql.ref(`v.${name}`)}` : sql.ref(`v.${name}`));
  let test: RawBuilder<unknown>;
  switch (condition.kind) {
    case 'greater':
      test = sql`${column('value_number')} > ${condition.value}`;
      break;
    case 'less':
      test = sql`${column('value_number')} < ${condition.value}`;
      break;
    case 'member': {
      // Members are named by e-mail or name; the value's user is the organization's (checked when set).
      const value = condition.value.toLowerCase();
      test = sql`${column('value_user_id')} in (select u.id from users u where lower(u.email) = ${value} or lower(u.name) = ${value})`;
      break;
    }
  }
  return sqlite
    ? sql<SqlBool>`exists (select 1 from document_property_values v where v.document_id = ${id} and ${column('property_id')} = ${condition.propertyId} and ${test})`
    : sql<SqlBool>`${id} in (select v.document_id from document_property_values v where v.property_id = ${condition.propertyId} and ${test})`;
}
