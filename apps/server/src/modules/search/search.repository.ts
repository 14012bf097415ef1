import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DatabaseOrTransaction } from '../../db/database.types';
import type { DocumentListRow } from '../documents/documents.models';
import { foldSearchLetters, type SearchTerms, toContainsPattern, toFtsString } from './search.models';

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
] as const satisfies ReadonlyArray<keyof DocumentListRow>;

const listColumns = sql.join(LIST_COLUMNS.map((column) => sql.ref(`d.${column}`)));

/**
 * PostgreSQL: how many of the organization's newest documents a page first looks through (a
 * backward walk of the date index, stopping at the page's last match), before asking the trigram
 * indexes for all matches. Common words fill a page within a few rows; rare words do not, and the
 * trigram indexes find their few matches at once.
 */
const WALK_ROWS = 2000;

export type SearchFilters = {
  organizationId: string;
  terms: SearchTerms;
  /** Only documents carrying every one of these tags (tags of the organization, checked first). */
  tagIds: string[];
};

/** The matching part of a search: FROM and WHERE over the organization's matching documents. */
type SearchPlan = {
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
  /** The document id, and the newest-first order as `order by` terms. */
  id: RawBuilder<unknown>;
  newestFirst: RawBuilder<unknown>;
};

/** A tag id as a token of SQLite's `documents_search_words` (migration 0015). */
const toTagToken = (tagId: string) => tagId.replace(/_/g, '');

/** A query word the words table holds as (the start of) one token: letters and digits only. */
const IS_ONE_TOKEN = /^[\p{L}\p{N}]+$/u;

/**
 * SQLite: the FTS5 tables of migration 0007 (trigram for substrings, word prefixes for short
 * words) joined to their key table, which holds the organization and trash flag. FTS5 hands out
 * its matches by rowid, newest rowid first on request, so a page stops at its last row and a count
 * at the cap: no query reads every match. The rowid is the order documents were added in.
 */
function planSqlite(filters: SearchFilters): SearchPlan {
  const { organizationId, terms: queryTerms } = filters;
  const terms = {
    substrings: queryTerms.substrings.map(foldSearchLetters),
    namePrefixes: queryTerms.namePrefixes.map(foldSearchLetters),
  };
  const prefixes = terms.namePrefixes.map((word) => `${toFtsString(word)}*`).join(' AND ');
  const scope = [
    sql`r.organization_id = ${organizationId}`,
    sql`r.is_deleted = 0`,
    // One lookup per document walked: cheap while the page is found among the first few hundred.
    ...filters.tagIds.map(
      (tagId) =>
        sql`exists (select 1 from documents_tags dt where dt.document_id = r.document_id and dt.tag_id = ${tagId})`,
    ),
  ];
  if (terms.substrings.length === 0) {
    return {
      id: sql`r.document_id`,
      newestFirst: sql`n.rowid desc`,
      from: sql`documents_search_names n join documents_search_rowids r on r.search_rowid = n.rowid`,
      where: sql.join([sql`documents_search_names match ${prefixes}`, ...scope], sql` and `),
    };
  }
  const substrings = terms.substrings.map(toFtsString).join(' AND ');
  const conditions = [sql`documents_search match ${substrings}`, ...scope];
  if (prefixes !== '') conditions.push(namePrefixesSqlite(prefixes));
  return {
    id: sql`r.document_id`,
    newestFirst: sql`s.rowid desc`,
    from: sql`documents_search s join documents_search_rowids r on r.search_rowid = s.rowid`,
    where: sql.join(conditions, sql` and `),
  };
}

const namePrefixesSqlite = (prefixes: string) => sql`r.search_rowid in (
  select rowid from documents_search_names where documents_search_names match ${prefixes})`;

/**
 * PostgreSQL: the `documents_search` row of each document (migration 0007): `LIKE '%word%'` on
 * the normalized name and content words, which their GIN trigram indexes serve, short words among
 * the name's word prefixes (GIN index too), tags in `tag_ids` (GIN, migration 0015). Newest first:
 * date, then id.
 */
function planPostgres(filters: SearchFilters): SearchPlan {
  return {
    id: sql`s.document_id`,
    newestFirst: sql`s.created_at desc, s.document_id desc`,
    from: sql`documents_search s`,
    where: sql.join(
      [sql`s.organization_id = ${filters.organizationId}`, sql`s.is_deleted = 0`, ...matchPostgres(filters)],
      sql` and `,
    ),
  };
}

/**
 * The text and tag conditions of a PostgreSQL search, on a `documents_search` row named `s`. With
 * `unindexed`, as `strpos` (which the trigram indexes cannot serve, and which is cheaper than
 * `LIKE` on a row at hand): for walks, and for a count driven by the tag's bitmap, where the
 * trigram indexes would hand over every match of a common word first.
 */
function matchPostgres({ terms, tagIds }: SearchFilters, { unindexed = false } = {}) {
  const conditions = terms.substrings.map((word) => {
    // The content's words first: a common word is there, and the name is then not read.
    if (unindexed) {
      const normalized = sql`sheaf_search_normalize(${word})`;
      return sql`(strpos(s.words, ${normalized}) > 0 or strpos(s.name, ${normalized}) > 0)`;
    }
    const pattern = sql`sheaf_search_normalize(${toContainsPattern(word)})`;
    return sql`(s.words like ${pattern} or s.name like ${pattern})`;
  });
  if (terms.namePrefixes.length > 0) {
    const prefixes = terms.namePrefixes.map((word) => sql`sheaf_search_normalize(${word})`);
    conditions.push(sql`s.name_prefixes @> array[${sql.join(prefixes)}]::text[]`);
  }
  if (tagIds.length > 0) conditions.push(tagsPostgres(tagIds));
  return conditions;
}

const tagsPostgres = (tagIds: string[]) =>
  tagIds.length === 0 ? sql`true` : sql`s.tag_ids @> array[${sql.join(tagIds)}]::text[]`;

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
   * The ids of one page of matches, newest first; and whether half the documents walked (those
   * carrying the tags, if any) or more matched the words (PostgreSQL, which then counts by walking
   * too).
   */
  async function findPageIds(filters: SearchFilters, { limit, offset }: { limit: number; offset: number }) {
    const { from, where, id, newestFirst } = plan(filters);
    if (dialect === 'postgres') {
      // The walk first: the newest documents in date order, the text conditions as a filter. The
      // inner LIMIT keeps the planner from trading it for the trigram indexes (it cannot tell how
      // common a word is), and bounds it for words it will not find there.
      const { rows: walked } = await sql<{ id: string; position: number | string }>`
        select s.document_id as id, s.position from (
          select *, row_number() over (order by created_at desc, document_id desc) as position from (
            select * from documents_search
            where organization_id = ${filters.organizationId} and is_deleted = 0
            order by created_at desc, document_id desc limit ${offset + limit + WALK_ROWS}
          ) s
          where ${tagsPostgres(filters.tagIds)}
        ) s
        where ${sql.join(matchPostgres({ ...filters, tagIds: [] }, { unindexed: true }), sql` and `)}
        order by s.created_at desc, s.document_id desc limit ${limit} offset ${offset}`.execute(db);
      if (walked.length === limit) {
        const isDense = Number(walked.at(-1)?.position) <= 2 * (offset + limit);
        return { ids: walked.map((row) => row.id), isDense };
      }
      // Sparse matches: all of them from the indexes, then sorted (materialized, so the planner
      // plans the matching on its own, without the ORDER BY … LIMIT that would make it walk again).
      const { rows } = await sql<{ id: string }>`
        with matches as materialized (select ${id} as id, s.created_at from ${from} where ${where})
        select id from matches order by created_at desc, id desc limit ${limit} offset ${offset}`.execute(db);
      return { ids: rows.map((row) => row.id), isDense: false };
    }
    const { rows } = await sql<{ id: string }>`
      select ${id} as id from ${from} where ${where}
      order by ${newestFirst} limit ${limit} offset ${offset}`.execute(db);
    return { ids: rows.map((row) => row.id), isDense: false };
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
    else {
      const lowerBound = await countSqliteWords(filters, limit);
      if (lowerBound === limit) found = limit;
      // Every document that may match holds the words: the lower bound is the count.
      else if (lowerBound !== undefined && lowerBound === (await countSqliteCandidates(filters, limit))) {
        found = lowerBound;
      } else {
        const { from, where } = plan(filters);
        found = await countRows(sql`select 1 from ${from} where ${where} limit ${limit}`);
      }
    }
    return found > filters.cap
      ? { count: filters.cap, countIsCapped: true }
      : { count: found, countIsCapped: false };
  }

  /**
   * SQLite: a lower bound of the count from the words table (migration 0015): documents holding a
   * word that starts with each query word (and every tag), by merging doclists without reading
   * positions. Such a document holds each query word, so reaching `limit` here means the cap is
   * passed. Undefined when a query word is not one token (`invoice-2024`), which only the trigram
   * index can tell.
   */
  async function countSqliteWords(filters: SearchFilters, limit: number) {
    const words = filters.terms.substrings.map(foldSearchLetters);
    if (words.length === 0 || !words.every((word) => IS_ONE_TOKEN.test(word))) return undefined;
    const query = [
      ...words.map((word) => `words : ${toFtsString(word)}*`),
      ...filters.tagIds.map((tagId) => `tags : ${toFtsString(toTagToken(tagId))}`),
    ].join(' AND ');
    const prefixes = filters.terms.namePrefixes.map((word) => `${toFtsString(foldSearchLetters(word))}*`);
    return countRows(sql`
      select 1 from documents_search_words w join documents_search_rowids r on r.search_rowid = w.rowid
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
      select 1 from documents_search_words w join documents_search_rowids r on r.search_rowid = w.rowid
      where documents_search_words match ${query}
        and r.organization_id = ${filters.organizationId} and r.is_deleted = 0
      limit ${limit}`);
  }

  /**
   * PostgreSQL's planner cannot tell a common word from a rare one (it takes `LIKE '%word%'` for
   * rare), so the way to count is chosen here, from what the page saw (`isDense`: half the
   * documents it walked, of those carrying the tags, matched the words):
   * - dense, with tags: the tags' bitmap, each document of it checked in table order (the trigram
   *   indexes would hand over every match of a common word first);
   * - dense, without tags: walking the date index through `limit` rows (all matching, for a common
   *   word), then `limit` more, each half in two queries at once; short of `limit` matches, the
   *   matches are sparser than they looked and the indexes count them;
   * - otherwise (rare words) the trigram indexes, with the tags' bitmap if any.
   */
  async function countPostgres(filters: SearchFilters & { isDense: boolean }, limit: number) {
    const scope = sql`s.organization_id = ${filters.organizationId} and s.is_deleted = 0`;
    if (filters.isDense && filters.tagIds.length > 0) {
      return countRows(sql`
        select 1 from documents_search s
        where ${scope} and ${sql.join(matchPostgres(filters, { unindexed: true }), sql` and `)}
        limit ${limit}`);
    }
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

  return {
    /**
     * One page of the organization's active documents matching every word and carrying every tag,
     * newest first (none when a tag is not the organization's); and `isDense`, for `count`.
     */
    async findPage({
      pageIndex,
      pageSize,
      ...filters
    }: SearchFilters & { pageIndex: number; pageSize: number }): Promise<{
      rows: DocumentListRow[];
      isDense: boolean;
    }> {
      if (!(await areOwnTags(filters))) return { rows: [], isDense: false };
      const { ids, isDense } = await findPageIds(filters, { limit: pageSize, offset: pageIndex * pageSize });
      return { rows: await findListRows(ids), isDense };
    },

    /**
     * How many documents match, up to `cap`: past it, `count` is `cap` and `countIsCapped` is
     * true. Never reads all matches of a common word. `isDense` comes from `findPage`.
     */
    async count(filters: SearchFilters & { cap: number; isDense: boolean }) {
      if (!(await areOwnTags(filters))) return { count: 0, countIsCapped: false };
      return count(filters);
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
