import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/database.types';
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
] as const satisfies ReadonlyArray<keyof DocumentListRow>;

const listColumns = sql.join(LIST_COLUMNS.map((column) => sql.ref(`d.${column}`)));

/**
 * The matching part of a search query: FROM and WHERE over the matching documents of the
 * organization, exposing `id`, `created_at` and how many words match the name.
 */
type SearchPlan = {
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
  id: RawBuilder<unknown>;
  createdAt: RawBuilder<unknown>;
  nameScore: RawBuilder<unknown>;
};

/**
 * SQLite: the FTS5 tables of migration 0007 (trigram for substrings, word prefixes for short
 * words) and their key table, which holds what is filtered and sorted on: the documents rows
 * (their content first) are read for the answered page only.
 */
function planSqlite({ organizationId, terms: queryTerms }: { organizationId: string; terms: SearchTerms }) {
  const terms = {
    substrings: queryTerms.substrings.map(foldSearchLetters),
    namePrefixes: queryTerms.namePrefixes.map(foldSearchLetters),
  };
  const prefixes = terms.namePrefixes.map((word) => `${toFtsString(word)}*`).join(' AND ');
  const scope = sql`r.organization_id = ${organizationId} and r.is_deleted = 0`;
  const keys = { id: sql`r.document_id`, createdAt: sql`r.created_at` };
  if (terms.substrings.length === 0) {
    return {
      ...keys,
      from: sql`documents_search_names join documents_search_rowids r on r.search_rowid = documents_search_names.rowid`,
      where: sql`documents_search_names match ${prefixes} and ${scope}`,
      nameScore: sql`0`,
    } satisfies SearchPlan;
  }
  const substrings = terms.substrings.map(toFtsString).join(' AND ');
  const prefixFilter =
    prefixes === ''
      ? sql``
      : sql`and r.search_rowid in (
          select rowid from documents_search_names where documents_search_names match ${prefixes})`;
  return {
    ...keys,
    from: sql`documents_search join documents_search_rowids r on r.search_rowid = documents_search.rowid`,
    where: sql`documents_search match ${substrings} ${prefixFilter} and ${scope}`,
    nameScore: sql.join(
      terms.substrings.map(
        (word) => sql`(r.search_rowid in (
          select rowid from documents_search where documents_search match ${`name : ${toFtsString(word)}`}))`,
      ),
      sql` + `,
    ),
  } satisfies SearchPlan;
}

/**
 * PostgreSQL: the `documents_search` row of each document (migration 0007): `LIKE '%word%'` on
 * the normalized name and content words, which their GIN trigram indexes serve, and short words
 * among the name's word prefixes (GIN index too).
 */
function planPostgres({ organizationId, terms }: { organizationId: string; terms: SearchTerms }): SearchPlan {
  const patterns = terms.substrings.map((word) => sql`sheaf_search_normalize(${toContainsPattern(word)})`);
  const conditions = [
    sql`s.organization_id = ${organizationId}`,
    sql`s.is_deleted = 0`,
    ...patterns.map((pattern) => sql`(s.name like ${pattern} or s.words like ${pattern})`),
  ];
  if (terms.namePrefixes.length > 0) {
    const prefixes = terms.namePrefixes.map((word) => sql`sheaf_search_normalize(${word})`);
    conditions.push(sql`s.name_prefixes @> array[${sql.join(prefixes)}]::text[]`);
  }
  return {
    id: sql`s.document_id`,
    createdAt: sql`s.created_at`,
    from: sql`documents_search s`,
    where: sql.join(conditions, sql` and `),
    nameScore:
      patterns.length === 0
        ? sql`0`
        : sql.join(
            patterns.map((pattern) => sql`(case when s.name like ${pattern} then 1 else 0 end)`),
            sql` + `,
          ),
  };
}

export function createSearchRepository({ db, dialect }: { db: Kysely<Database>; dialect: Dialect }) {
  const plan = (options: { organizationId: string; terms: SearchTerms }): SearchPlan =>
    dialect === 'sqlite' ? planSqlite(options) : planPostgres(options);

  return {
    /**
     * One page of the organization's active documents matching every word, those matching in
     * their name first (the more words the better), then newest first; and the total.
     */
    async search({
      organizationId,
      terms,
      pageIndex,
      pageSize,
    }: {
      organizationId: string;
      terms: SearchTerms;
      pageIndex: number;
      pageSize: number;
    }): Promise<{ rows: DocumentListRow[]; count: number }> {
      const { from, where, id, createdAt, nameScore } = plan({ organizationId, terms });
      // The matches are found once: their page is read from them, and so is their count.
      const { rows } = await sql<DocumentListRow & { name_score: number; total: number | string }>`
        with matches as materialized (
          select ${id} as id, ${createdAt} as created_at, ${nameScore} as name_score
          from ${from} where ${where}
        )
        select ${listColumns}, m.name_score, (select count(*) from matches) as total
        from (
          select id, created_at, name_score from matches
          order by name_score desc, created_at desc, id desc
          limit ${pageSize} offset ${pageIndex * pageSize}
        ) m
        join documents d on d.id = m.id
        order by m.name_score desc, m.created_at desc, m.id desc`.execute(db);
      if (rows.length > 0) {
        return {
          rows: rows.map(({ name_score: _, total: __, ...row }) => row),
          count: Number(rows[0]!.total),
        };
      }
      if (pageIndex === 0) return { rows: [], count: 0 };
      // A page past the last one: only the count is left to tell.
      const { rows: counts } = await sql<{ count: number | string }>`
        select count(*) as count from ${from} where ${where}`.execute(db);
      return { rows: [], count: Number(counts[0]?.count ?? 0) };
    },

    /** The database's plan for a search page (EXPLAIN QUERY PLAN / EXPLAIN), one line per step. */
    async explainSearch({ organizationId, terms }: { organizationId: string; terms: SearchTerms }) {
      const { from, where, id, createdAt, nameScore } = plan({ organizationId, terms });
      const query = sql`select ${id}, ${createdAt}, ${nameScore} as name_score from ${from} where ${where}`;
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
