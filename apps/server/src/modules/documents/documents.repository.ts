import type { DocumentTagDto, ExtractionErrorDto, ExtractionStatus } from '@sheaf/contracts/documents';
import type { DocumentPropertyValueDto, PropertyType } from '@sheaf/contracts/properties';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DatabaseOrTransaction, Timestamp } from '../../db/database.types';
import {
  documentColumnConditions,
  documentIdConditions,
  hasNoDocumentFilters,
  propertyValueCondition,
  type ResolvedDocumentQuery,
} from './documents.filters';
import type { DocumentListRow, DocumentRow, NewDocumentRow } from './documents.models';
import { propertyValueFromRows } from './documents.property-values';

/** Every column but the content: list answers never carry it (it can be megabytes). */
const LIST_COLUMNS = [
  'documents.id',
  'documents.organization_id',
  'documents.name',
  'documents.original_name',
  'documents.original_size',
  'documents.original_sha256',
  'documents.mime_type',
  'documents.storage_key',
  'documents.created_by',
  'documents.created_at',
  'documents.updated_at',
  'documents.is_deleted',
  'documents.deleted_at',
  'documents.deleted_by',
  'documents.scheduled_purge_at',
  'documents.extraction_status',
  'documents.extraction_error_code',
  'documents.extraction_error_message',
  'documents.thumbnail_etag',
  'documents.preview_kind',
  'documents.preview_etag',
  'documents.document_date',
  'documents.document_date_source',
] as const;

type SortOrder = 'asc' | 'desc';

/** PostgreSQL: ids as a text[] sent as one comma-separated text (the client escapes an array's items one by one). */
const idArray = (ids: string[]) => sql`string_to_array(${ids.join(',')}, ',')`;

/**
 * What looking up one document of a filtered list costs, in documents walked on the sort's index
 * (see lookupIsCheaperThanWalk). Measured at 100,000 documents: SQLite 1.6 µs a lookup and 0.5 µs
 * a document walked; PostgreSQL 4 µs and 0.47 µs.
 */
const LOOKUP_COST = { sqlite: 3, postgres: 8 } as const;
type Key = string | number;

/**
 * One part of a sorted list: the documents with a value of the sort key (`from`/`where`, the key
 * as `key`, the document's id as `id`), walked on an index of (key, id).
 */
type KeyedPart = {
  from: RawBuilder<unknown>;
  where: RawBuilder<SqlBool>;
  key: RawBuilder<unknown>;
  id: RawBuilder<unknown>;
  order: SortOrder;
  /**
   * With the filtered list's ids known: `where` without their test, and the test, for the few
   * documents of one key (sending the whole list again for them cost more than the rest).
   */
  matching?: { where: RawBuilder<SqlBool>; has: (id: string) => boolean };
};

/** Half of a list whose sort key may be missing: its page from an offset, and its size. */
type SortedPart = {
  page: (limit: number, offset: number) => Promise<string[]>;
  count: () => Promise<number>;
};

const and = (conditions: RawBuilder<SqlBool>[]) =>
  conditions.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.join(conditions, sql` and `)}`;

type Driver = {
  from: RawBuilder<unknown>;
  where: RawBuilder<SqlBool>;
  id: RawBuilder<unknown>;
  /** The query without the driver's own condition (each driver row passes it). */
  rest: ResolvedDocumentQuery;
};

/**
 * The sets a filtered list can be read from, each of this organization's documents at most once:
 * an all-of tag's links, and a property condition's value rows (equals, between, contains, set on
 * a single-value property: a range of its (property, value, document) index). Both are this
 * organization's: resolveDocumentQuery keeps its tags and properties only.
 */
function driversOf(query: ResolvedDocumentQuery): { tag: Driver | null; property: Driver | null } {
  const [tagId, ...otherTags] = query.tags.all;
  const tag = tagId
    ? {
        from: sql`documents_tags drv`,
        where: sql<SqlBool>`drv.tag_id = ${tagId}`,
        id: sql.ref('drv.document_id'),
        rest: { ...query, tags: { ...query.tags, all: otherTags } },
      }
    : null;
  let property: Driver | null = null;
  for (const [index, condition] of query.conditions.entries()) {
    if (condition.kind === 'never' || condition.kind === 'empty') continue;
    if (condition.kind === 'set' && !condition.singleRow) continue;
    const onValue = propertyValueCondition(condition, (column) => sql.ref(`drv.${column}`));
    property = {
      from: sql`document_property_values drv`,
      where: and([sql<SqlBool>`drv.property_id = ${condition.propertyId}`, ...(onValue ? [onValue] : [])]),
      id: sql.ref('drv.document_id'),
      rest: { ...query, conditions: query.conditions.filter((_, other) => other !== index) },
    };
    break;
  }
  return { tag, property };
}

/**
 * A page of documents sorted on a key some have not, those last in either order: the documents
 * with a value, then those without. The count of the first part is needed only on the page where
 * it ends: any other page is read off one part. `total` (the whole list's count, made meanwhile)
 * says whether there are documents without a value left: where all have one, the second part is
 * not walked for none.
 */
async function nullsLastPage(
  withValue: SortedPart,
  withoutValue: SortedPart,
  { limit, offset }: { limit: number; offset: number },
  total: Promise<number>,
): Promise<string[]> {
  const first = await withValue.page(limit, offset);
  if (first.length === limit) return first;
  const withValueCount = first.length > 0 ? offset + first.length : await withValue.count();
  const withoutValueOffset = Math.max(0, offset - withValueCount);
  if (withoutValueOffset >= (await total) - withValueCount) return first;
  const rest = await withoutValue.page(limit - first.length, withoutValueOffset);
  return [...first, ...rest];
}

export function createDocumentsRepository({
  db,
  lookupCost = LOOKUP_COST,
}: {
  db: DatabaseOrTransaction;
  /** LOOKUP_COST, unless a test forces one way (0: look up; Infinity: walk). */
  lookupCost?: Record<ResolvedDocumentQuery['dialect'], number>;
}) {
  const count = (query: RawBuilder<{ count: number | string }>) =>
    query.execute(db).then((result) => Number(result.rows[0]?.count ?? 0));
  const ids = (query: RawBuilder<{ id: string }>) =>
    query.execute(db).then((result) => result.rows.map((row) => row.id));

  /**
   * A page of a keyed part, in (key, upload date desc, id desc) order, off the (key, id) index
   * alone: ties by upload date need each row (SQLite keeps the upload date after the content, a
   * read of its overflow pages per row), so only the page's rows and those of its first and last
   * keys are read. 1. the page's keys and ids (in key order, which is the page's whatever the ties
   * within its first and last keys); 2. every document of those two keys (a tie may reach past the
   * page on either side); 3. their upload dates, to order the ties and cut the page out.
   */
  async function keyedPage(part: KeyedPart, limit: number, offset: number): Promise<string[]> {
    const direction = sql.raw(part.order);
    const walked = (
      await sql<{ k: Key; id: string }>`select ${part.key} as k, ${part.id} as id from ${part.from}
        where ${part.where} order by ${part.key} ${direction} limit ${limit} offset ${offset}`.execute(db)
    ).rows;
    if (walked.length === 0) return [];
    const first = walked[0]!.k;
    const last = walked[walked.length - 1]!.k;
    const groupOf = (key: Key) =>
      ids(
        sql<{
          id: string;
        }>`select ${part.id} as id from ${part.from} where ${part.matching?.where ?? part.where} and ${part.key} = ${key}`,
      ).then((group) => (part.matching ? group.filter(part.matching.has) : group));
    const [firstGroup, lastGroup] = await Promise.all([groupOf(first), first === last ? [] : groupOf(last)]);
    // How many of the first key's documents come before the page: those of its group not on the
    // page when the page goes past the group; else (one key for the whole page) the page's
    // position less the documents of the keys before it.
    const before =
      first !== last
        ? firstGroup.length - walked.filter((row) => row.k === first).length
        : offset -
          (await count(
            sql<{ count: number | string }>`select count(*) as count from ${part.from}
              where ${part.where} and ${part.key} ${sql.raw(part.order === 'desc' ? '>' : '<')} ${first}`,
          ));
    // Each candidate's place: its key's rank in the walk (the database's order of keys, its first
    // place there), then the tie-break.
    const keyRank = new Map<Key, number>();
    walked.forEach((row, index) => {
      if (!keyRank.has(row.k)) keyRank.set(row.k, index);
    });
    const rankOf = new Map<string, number>();
    for (const row of walked) if (row.k !== first && row.k !== last) rankOf.set(row.id, keyRank.get(row.k)!);
    for (const id of firstGroup) rankOf.set(id, 0);
    for (const id of lastGroup) rankOf.set(id, walked.length);
    const candidates = [...rankOf.keys()];
    const createdAt = new Map(
      (
        await db.selectFrom('documents').select(['id', 'created_at']).where('id', 'in', candidates).execute()
      ).map((row) => [row.id, row.created_at]),
    );
    const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
    return candidates
      .sort(
        (a, b) =>
          rankOf.get(a)! - rankOf.get(b)! ||
          newestFirst(createdAt.get(a) ?? '', createdAt.get(b) ?? '') ||
          newestFirst(a, b),
      )
      .slice(before, before + walked.length);
  }

  const keyedPart = (part: KeyedPart): SortedPart => ({
    page: (limit, offset) => keyedPage(part, limit, offset),
    count: () =>
      count(sql<{ count: number | string }>`select count(*) as count from ${part.from} where ${part.where}`),
  });

  /** The documents (table `documents`) without the sort's value, newest upload first. */
  const newestPart = (where: RawBuilder<SqlBool>): SortedPart => ({
    page: (limit, offset) =>
      ids(
        sql<{ id: string }>`select documents.id from documents where ${where}
          order by documents.created_at desc, documents.id desc limit ${limit} offset ${offset}`,
      ),
    count: () =>
      count(sql<{ count: number | string }>`select count(*) as count from documents where ${where}`),
  });

  /**
   * The filtered list as `select <id> from … where …`, driven by the filters' most selective set
   * where there is one (an all-of tag's links, a property value range: each of this organization's
   * documents at most once), so that it never walks every document of a large organization; null
   * without such a set. The trash, or the documents the own-column filters keep, is a short list
   * of ids off the documents' indexes.
   */
  async function drivenMatches(organizationId: string, query: ResolvedDocumentQuery) {
    const { tag, property } = driversOf(query);
    let driver = tag ?? property;
    if (query.dialect === 'sqlite' && tag && property) {
      // SQLite, without statistics, is told which set to walk (PostgreSQL's planner orders the
      // joins within). A value range is a walk of an index alone, a tag's links a row each; the
      // other set is then probed per document: a tag in its small (document, tag) index, a value
      // in the large value table (several times dearer). So the values drive unless they are many
      // times more (both counted off indexes).
      const sizeOf = (candidate: Driver) =>
        count(
          sql<{
            count: number | string;
          }>`select count(*) as count from ${candidate.from} where ${candidate.where}`,
        );
      const [tagSize, propertySize] = await Promise.all([sizeOf(tag), sizeOf(property)]);
      if (propertySize <= tagSize * 8) driver = property;
    }
    if (!driver) return null;
    const columns = documentColumnConditions(query, 'documents');
    const active =
      columns.length === 0
        ? sql<SqlBool>`${driver.id} not in (select documents.id from documents
            where documents.organization_id = ${organizationId} and documents.is_deleted = 1)`
        : sql<SqlBool>`${driver.id} in (select documents.id from documents
            where documents.organization_id = ${organizationId} and documents.is_deleted = 0 and ${and(columns)})`;
    return {
      id: driver.id,
      from: driver.from,
      where: and([driver.where, active, ...documentIdConditions(driver.rest, driver.id)]),
    };
  }

  /**
   * A page of a filtered list whose ids are known, by looking each one up rather than walking the
   * sort's index for them: every match is read once (its keys off the `(id, …keys)` index of
   * migration 0028) and sorted, where a walk reads every document down to the page (see
   * `list`, which chooses). Same order as the walks: the key (documents without one last), then
   * upload date newest first, then id.
   */
  function sortedMatchesPage(
    matchingIds: string[],
    sort: Extract<ResolvedDocumentQuery['sort'], { kind: 'createdAt' | 'name' | 'size' | 'documentDate' }>,
    { limit, offset }: { limit: number; offset: number },
    dialect: ResolvedDocumentQuery['dialect'],
  ) {
    const direction = sql.raw(sort.order);
    const tieBreak = sql`d.created_at desc, d.id desc`;
    const orderBy =
      sort.kind === 'createdAt'
        ? sql`d.created_at ${direction}, d.id ${direction}`
        : sort.kind === 'documentDate'
          ? sql`(d.document_date is null), d.document_date ${direction}, ${tieBreak}`
          : sort.kind === 'size'
            ? sql`d.original_size ${direction}, ${tieBreak}`
            : sql`d.name_key ${direction}, ${tieBreak}`;
    // The planners left alone read every row (SQLite: the primary key's index, then each row past
    // its content; PostgreSQL: the whole table, thinking a probe per id dearer): SQLite is told the
    // index, PostgreSQL given a probe per id (a lateral subquery, `offset 0` keeping it one).
    const matches =
      dialect === 'sqlite'
        ? sql`(select documents.id, documents.document_date, documents.created_at, documents.original_size,
              ${sort.kind === 'name' ? sql`lower(documents.name)` : sql`null`} as name_key
            from documents indexed by documents_id_document_date_created_at_original_size_index
            where documents.id in (select value from json_each(${JSON.stringify(matchingIds)}))) d`
        : sql`(select m.id, found.* from unnest(${idArray(matchingIds)}) as m(id) cross join lateral (
              select documents.document_date, documents.created_at, documents.original_size,
                ${sort.kind === 'name' ? sql`lower(documents.name)` : sql`null`} as name_key
              from documents where documents.id = m.id offset 0) found) d`;
    return ids(
      sql<{ id: string }>`select d.id from ${matches} order by ${orderBy} limit ${limit} offset ${offset}`,
    );
  }

  /**
   * Whether looking up each of `matches` documents (sortedMatchesPage) costs less than walking the
   * sort's index down to the page: a walk passes, on average, (offset + limit) × active / matches
   * documents at about a membership test each; a lookup costs about LOOKUP_COST of those (an index
   * probe, then its share of the sort). Measured at 100,000 documents (the module's README).
   */
  async function lookupIsCheaperThanWalk(
    organizationId: string,
    matches: number,
    { limit, offset }: { limit: number; offset: number },
    dialect: ResolvedDocumentQuery['dialect'],
  ) {
    const counts = await db
      .selectFrom('organization_documents_counts')
      .select('active_count')
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    const active = Number(counts?.active_count ?? 0);
    const walked = Math.min(active, ((offset + limit) * active) / Math.max(1, matches));
    return matches * lookupCost[dialect] < walked;
  }

  /** The count of a filtered list without a driven set: over the documents. */
  async function filteredCount(organizationId: string, query: ResolvedDocumentQuery) {
    if (query.matchesNothing) return 0;
    return count(
      sql<{ count: number | string }>`select count(*) as count from documents where ${and([
        sql<SqlBool>`documents.organization_id = ${organizationId}`,
        sql<SqlBool>`documents.is_deleted = 0`,
        ...documentColumnConditions(query, 'documents'),
        ...documentIdConditions(query, sql.ref('documents.id')),
      ])}`,
    );
  }

  /** The ids of one page of the organization's active documents that pass `query`, in its sort's order. */
  function sortedPageIds(
    organizationId: string,
    query: ResolvedDocumentQuery,
    page: { limit: number; offset: number },
    /** The list's count (see nullsLastPage). */
    total: Promise<number>,
    /**
     * The ids of the whole filtered list, read off its driven set (the count is their number): the
     * sort's index is then walked with one membership test per document rather than a probe per
     * filter, and the documents passing are known before any is read.
     */
    matchingIds: string[] | null,
  ) {
    const { limit, offset } = page;
    const scope = [
      sql<SqlBool>`documents.organization_id = ${organizationId}`,
      sql<SqlBool>`documents.is_deleted = 0`,
    ];
    // One test per document walked: membership of the list. SQLite: an in-memory index it makes
    // of the list, `+` keeping it from looking each id up instead (a row read each, for its date);
    // PostgreSQL: `= any(array)`, hashed.
    const matching = (id: RawBuilder<unknown>) =>
      query.dialect === 'sqlite'
        ? sql<SqlBool>`+${id} in (select value from json_each(${JSON.stringify(matchingIds)}))`
        : sql<SqlBool>`${id} = any(${idArray(matchingIds ?? [])})`;
    const filters = matchingIds
      ? [matching(sql.ref('documents.id'))]
      : [
          ...documentColumnConditions(query, 'documents'),
          ...documentIdConditions(query, sql.ref('documents.id')),
        ];
    const where = and([...scope, ...filters]);
    const sort = query.sort;
    const matchingSet = matchingIds ? new Set(matchingIds) : null;
    const has = (id: string) => matchingSet?.has(id) ?? true;
    const documentsPart = (
      key: RawBuilder<unknown>,
      order: SortOrder,
      extra: RawBuilder<SqlBool>[] = [],
    ): KeyedPart => ({
      from: sql`documents`,
      where: and([...scope, ...extra, ...filters]),
      key,
      id: sql.ref('documents.id'),
      order,
      ...(matchingSet ? { matching: { where: and([...scope, ...extra]), has } } : {}),
    });
    switch (sort.kind) {
      case 'createdAt': {
        const direction = sql.raw(sort.order);
        return ids(
          sql<{ id: string }>`select documents.id from documents where ${where}
            order by documents.created_at ${direction}, documents.id ${direction} limit ${limit} offset ${offset}`,
        );
      }
      case 'noValue':
        return newestPart(where).page(limit, offset);
      case 'name':
        return keyedPage(documentsPart(sql`lower(documents.name)`, sort.order), limit, offset);
      case 'size':
        return keyedPage(documentsPart(sql.ref('documents.original_size'), sort.order), limit, offset);
      case 'documentDate':
        return nullsLastPage(
          keyedPart(
            documentsPart(sql.ref('documents.document_date'), sort.order, [
              sql<SqlBool>`documents.document_date is not null`,
            ]),
          ),
          newestPart(
            and([
              ...scope,
              // SQLite: the undated documents' ids off the date index (a short list), probed while the
              // upload date index is walked; testing the date itself would read each row. `+` keeps
              // the planner from looking each one up by id instead.
              query.dialect === 'sqlite'
                ? sql<SqlBool>`+documents.id in (select undated.id from documents undated
                    where undated.organization_id = ${organizationId} and undated.is_deleted = 0
                    and undated.document_date is null)`
                : sql<SqlBool>`documents.document_date is null`,
              ...filters,
            ]),
          ),
          page,
          total,
        );
      case 'property': {
        // Walked on the (property, value, document) index: the value rows are the organization's
        // (its property's), the trash is left out by its short list, and the filters test the id.
        const columns = documentColumnConditions(query, 'documents');
        const value = sql.ref(`sort_value.${sort.column}`);
        const documentId = sql.ref('sort_value.document_id');
        const active =
          columns.length === 0
            ? sql<SqlBool>`${documentId} not in (select documents.id from documents
                where documents.organization_id = ${organizationId} and documents.is_deleted = 1)`
            : sql<SqlBool>`${documentId} in (select documents.id from documents
                where documents.organization_id = ${organizationId} and documents.is_deleted = 0 and ${and(columns)})`;
        // SQLite: the valued documents as one list off the (property, value, document) index, probed
        // while the upload date index is walked (a probe per document walked cost more where most
        // have a value: every one is walked to find none).
        const unvalued =
          query.dialect === 'sqlite'
            ? sql<SqlBool>`+documents.id not in (select valued.document_id from document_property_values valued
                where valued.property_id = ${sort.propertyId})`
            : sql<SqlBool>`not exists (select 1 from document_property_values v
                where v.document_id = documents.id and v.property_id = ${sort.propertyId})`;
        return nullsLastPage(
          keyedPart({
            from: sql`document_property_values sort_value`,
            where: and([
              // Sorted types have one value row per document (value_key ''): no need to test it,
              // which would read each row rather than the index.
              sql<SqlBool>`sort_value.property_id = ${sort.propertyId}`,
              ...(matchingIds
                ? [matching(documentId)]
                : [active, ...documentIdConditions(query, documentId)]),
            ]),
            key: value,
            id: documentId,
            order: sort.order,
            ...(matchingSet
              ? { matching: { where: sql<SqlBool>`sort_value.property_id = ${sort.propertyId}`, has } }
              : {}),
          }),
          newestPart(and([where, unvalued])),
          page,
          total,
        );
      }
    }
  }

  return {
    async findById({ organizationId, documentId }: { organizationId: string; documentId: string }) {
      return db
        .selectFrom('documents')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .executeTakeFirst() as Promise<DocumentRow | undefined>;
    },

    async findListRowById({ organizationId, documentId }: { organizationId: string; documentId: string }) {
      return db
        .selectFrom('documents')
        .select(LIST_COLUMNS)
        .where('documents.organization_id', '=', organizationId)
        .where('documents.id', '=', documentId)
        .executeTakeFirst() as Promise<DocumentListRow | undefined>;
    },

    /** The organization's active documents among `documentIds` (any order), without their content. */
    async findActiveListRowsByIds({
      organizationId,
      documentIds,
    }: {
      organizationId: string;
      documentIds: string[];
    }) {
      if (documentIds.length === 0) return [];
      return db
        .selectFrom('documents')
        .select(LIST_COLUMNS)
        .where('documents.organization_id', '=', organizationId)
        .where('documents.id', 'in', documentIds)
        .where('documents.is_deleted', '=', 0)
        .execute() as Promise<DocumentListRow[]>;
    },

    async findBySha256({ organizationId, sha256 }: { organizationId: string; sha256: string }) {
      return db
        .selectFrom('documents')
        .select(LIST_COLUMNS)
        .where('documents.organization_id', '=', organizationId)
        .where('documents.original_sha256', '=', sha256)
        .executeTakeFirst() as Promise<DocumentListRow | undefined>;
    },

    async insert(row: NewDocumentRow) {
      await db.insertInto('documents').values(row).execute();
    },

    /**
     * One page of the organization's documents and the total. Active ones filtered and sorted as
     * `query` says (newest first without one); the trash, latest deleted first.
     */
    async list({
      organizationId,
      isDeleted,
      query,
      pageIndex,
      pageSize,
    }: {
      organizationId: string;
      isDeleted: boolean;
      query?: ResolvedDocumentQuery;
      pageIndex: number;
      pageSize: number;
    }) {
      const page = { limit: pageSize, offset: pageIndex * pageSize };
      // The page's ids first, off the (organization, trash flag, sort key, id) index: skipping whole
      // pages never reads a row (PostgreSQL otherwise fetches every skipped row), then only the
      // page's rows. The count does not depend on the page: on PostgreSQL it runs meanwhile, on a
      // connection of its own.
      const isFiltered = !isDeleted && query !== undefined && !hasNoDocumentFilters(query.filters);
      // The filtered list's ids at once (see sortedPageIds), where a driven set reads them.
      const driven =
        query && isFiltered && !query.matchesNothing ? await drivenMatches(organizationId, query) : null;
      // As one comma-separated text (ids hold no comma): reading thousands of one-column rows cost
      // the PostgreSQL client more than the query (5 ms for 5,000).
      const matchingIds = driven
        ? await sql<{ ids: string | null }>`select ${
            query?.dialect === 'sqlite'
              ? sql`group_concat(${driven.id}, ',')`
              : sql`string_agg(${driven.id}, ',')`
          } as ids from ${driven.from} where ${driven.where}`
            .execute(db)
            .then((result) => result.rows[0]?.ids?.split(',') ?? [])
        : null;
      const total: Promise<number> = matchingIds
        ? Promise.resolve(matchingIds.length)
        : query && isFiltered
          ? filteredCount(organizationId, query)
          : // Kept by triggers (migration 0014): counting the index took most of a page's time.
            db
              .selectFrom('organization_documents_counts')
              .select(['active_count', 'deleted_count'])
              .where('organization_id', '=', organizationId)
              .executeTakeFirst()
              .then((counts) => Number((isDeleted ? counts?.deleted_count : counts?.active_count) ?? 0));
      const pageIds =
        isDeleted || !query
          ? db
              .selectFrom('documents')
              .select('documents.id')
              .where('documents.organization_id', '=', organizationId)
              .where('documents.is_deleted', '=', isDeleted ? 1 : 0)
              .orderBy(isDeleted ? 'documents.deleted_at' : 'documents.created_at', 'desc')
              .orderBy('documents.id', 'desc')
              .limit(page.limit)
              .offset(page.offset)
              .execute()
              .then((rows) => rows.map((row) => row.id))
          : matchingIds &&
              query.sort.kind !== 'property' &&
              query.sort.kind !== 'noValue' &&
              (await lookupIsCheaperThanWalk(organizationId, matchingIds.length, page, query.dialect))
            ? sortedMatchesPage(matchingIds, query.sort, page, query.dialect)
            : sortedPageIds(organizationId, query, page, total, matchingIds);
      const [pageIdList, totalCount] = await Promise.all([pageIds, total]);
      const pageRows =
        pageIdList.length === 0
          ? []
          : ((await db
              .selectFrom('documents')
              .select(LIST_COLUMNS)
              .where('documents.id', 'in', pageIdList)
              .execute()) as DocumentListRow[]);
      const byId = new Map(pageRows.map((row) => [row.id, row]));
      return { rows: pageIdList.flatMap((id) => byId.get(id) ?? []), count: totalCount };
    },

    /** The tags of each document, by document id (name order). */
    async getTagsByDocumentIds({ documentIds }: { documentIds: string[] }) {
      const byDocument = new Map<string, DocumentTagDto[]>();
      if (documentIds.length === 0) return byDocument;
      const rows = await db
        .selectFrom('documents_tags')
        .innerJoin('tags', 'tags.id', 'documents_tags.tag_id')
        .select(['documents_tags.document_id', 'tags.id', 'tags.name', 'tags.color', 'tags.description'])
        .where('documents_tags.document_id', 'in', documentIds)
        .orderBy('tags.name')
        .execute();
      for (const { document_id, ...tag } of rows) {
        const list = byDocument.get(document_id) ?? [];
        list.push(tag);
        byDocument.set(document_id, list);
      }
      return byDocument;
    },

    /**
     * The property values of each document, by document id, in one query: by property name,
     * documents without values absent. A multi select's options in the definition's order.
     */
    async getPropertiesByDocumentIds({ documentIds }: { documentIds: string[] }) {
      const byDocument = new Map<string, DocumentPropertyValueDto[]>();
      if (documentIds.length === 0) return byDocument;
      const rows = await db
        .selectFrom('document_property_values as v')
        .innerJoin('property_definitions as p', 'p.id', 'v.property_id')
        .select([
          'v.document_id',
          'v.property_id',
          'p.type',
          // Only a multi select needs its options (their order).
          sql<string | null>`case when p.type = 'multi_select' then p.options end`.as('options'),
          'v.value_text',
          'v.value_number',
          'v.value_currency',
          'v.value_date',
          'v.value_boolean',
          'v.value_option_id',
          'v.value_user_id',
        ])
        .where('v.document_id', 'in', documentIds)
        .orderBy('v.document_id')
        .orderBy('p.name_key')
        .orderBy('p.id')
        .orderBy('v.created_at')
        .orderBy('v.value_key')
        .execute();
      const optionIdsOf = new Map<string, string[]>();
      // Rows come grouped by document, then property: each group is one value.
      for (let start = 0; start < rows.length; ) {
        const { document_id: documentId, property_id: propertyId, type, options } = rows[start]!;
        let end = start + 1;
        while (
          end < rows.length &&
          rows[end]!.document_id === documentId &&
          rows[end]!.property_id === propertyId
        )
          end++;
        if (options !== null && !optionIdsOf.has(propertyId))
          optionIdsOf.set(
            propertyId,
            (JSON.parse(options) as { id: string }[]).map((option) => option.id),
          );
        const value = propertyValueFromRows(
          type as PropertyType,
          rows.slice(start, end),
          optionIdsOf.get(propertyId),
        );
        if (value !== null) {
          const list = byDocument.get(documentId) ?? [];
          list.push({ propertyId, value });
          byDocument.set(documentId, list);
        }
        start = end;
      }
      return byDocument;
    },

    /** How many notes each document has, by document id (documents without notes absent). */
    async getNotesCountByDocumentIds({ documentIds }: { documentIds: string[] }) {
      const counts = new Map<string, number>();
      if (documentIds.length === 0) return counts;
      const rows = await db
        .selectFrom('document_notes')
        .select(['document_id', (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('document_id', 'in', documentIds)
        .groupBy('document_id')
        .execute();
      for (const row of rows) counts.set(row.document_id, Number(row.count));
      return counts;
    },

    /**
     * An e-mail file's links (migration 0030): the documents its attachments became, in the
     * message's order (each once), and the message a document came attached to (the first one, when
     * the same content came in several).
     */
    async getEmailLinks({ organizationId, documentId }: { organizationId: string; documentId: string }) {
      const [attachments, messages] = await Promise.all([
        db
          .selectFrom('document_email_attachments as link')
          .innerJoin('documents', 'documents.id', 'link.attachment_document_id')
          .select(['documents.id', 'documents.name'])
          .where('link.organization_id', '=', organizationId)
          .where('link.message_document_id', '=', documentId)
          .orderBy('link.position')
          .execute(),
        db
          .selectFrom('document_email_attachments as link')
          .innerJoin('documents', 'documents.id', 'link.message_document_id')
          .select(['documents.id', 'documents.name'])
          .where('link.organization_id', '=', organizationId)
          .where('link.attachment_document_id', '=', documentId)
          .orderBy('link.created_at')
          .orderBy('link.message_document_id')
          .limit(1)
          .execute(),
      ]);
      const seen = new Set<string>();
      return {
        attachments: attachments
          .filter(({ id }) => !seen.has(id) && seen.add(id))
          .map(({ id, name }) => ({ id, name })),
        fromEmail: messages[0] ? { id: messages[0].id, name: messages[0].name } : null,
      };
    },

    /** The attachments of an e-mail file already linked, by position. */
    async listEmailAttachmentLinks({
      organizationId,
      messageDocumentId,
    }: {
      organizationId: string;
      messageDocumentId: string;
    }) {
      return db
        .selectFrom('document_email_attachments')
        .select(['position', 'attachment_document_id', 'name'])
        .where('organization_id', '=', organizationId)
        .where('message_document_id', '=', messageDocumentId)
        .orderBy('position')
        .execute();
    },

    /** Links an e-mail file's attachment (at `position`) to its document; a second link replaces the first. */
    async upsertEmailAttachmentLink(row: {
      organization_id: string;
      message_document_id: string;
      position: number;
      attachment_document_id: string;
      name: string;
      created_at: Timestamp;
    }) {
      await db
        .insertInto('document_email_attachments')
        .values(row)
        .onConflict((conflict) =>
          conflict.columns(['message_document_id', 'position']).doUpdateSet({
            attachment_document_id: row.attachment_document_id,
            name: row.name,
          }),
        )
        .execute();
    },

    /** The UI language of the organization's first owner (how its documents' numeric dates read). */
    async findOwnerLocale({ organizationId }: { organizationId: string }) {
      const row = await db
        .selectFrom('organization_members')
        .innerJoin('users', 'users.id', 'organization_members.user_id')
        .select('users.locale')
        .where('organization_members.organization_id', '=', organizationId)
        .where('organization_members.role', '=', 'owner')
        .orderBy('organization_members.created_at')
        .limit(1)
        .executeTakeFirst();
      return row?.locale ?? null;
    },

    /** Records an extraction's preview (kind and version, or none) and notice (migration 0029). */
    async setExtractionExtras({
      organizationId,
      documentId,
      set,
    }: {
      organizationId: string;
      documentId: string;
      set: Pick<
        NewDocumentRow,
        'preview_kind' | 'preview_etag' | 'extraction_notice_code' | 'extraction_notice_message'
      >;
    }) {
      await db
        .updateTable('documents')
        .set(set)
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .execute();
    },

    async update({
      organizationId,
      documentId,
      set,
    }: {
      organizationId: string;
      documentId: string;
      set: Partial<
        Pick<NewDocumentRow, 'name' | 'content' | 'updated_at' | 'document_date' | 'document_date_source'>
      >;
    }) {
      await db
        .updateTable('documents')
        .set(set)
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .execute();
    },

    /**
     * Active documents after `afterId` (by id) whose extraction is done without a thumbnail and
     * whose type may give one (PDF, images): the thumbnail backfill's batch.
     */
    /** `mimeTypes`: of these types only; without, PDFs and images. */
    async listWithoutThumbnail({
      afterId,
      limit,
      mimeTypes,
    }: {
      afterId: string | null;
      limit: number;
      mimeTypes?: readonly string[];
    }) {
      let query = db
        .selectFrom('documents')
        .select(['id', 'organization_id'])
        .where('is_deleted', '=', 0)
        .where('extraction_status', '=', 'done')
        .where('thumbnail_etag', 'is', null)
        .where((eb) =>
          mimeTypes
            ? eb('mime_type', 'in', mimeTypes.length > 0 ? [...mimeTypes] : [''])
            : eb.or([eb('mime_type', '=', 'application/pdf'), eb('mime_type', 'like', 'image/%')]),
        );
      if (afterId !== null) query = query.where('id', '>', afterId);
      return query.orderBy('id').limit(limit).execute();
    },

    /** Sets the stored thumbnail's version (null: none); false when the document is gone. */
    async setThumbnailEtag({
      organizationId,
      documentId,
      etag,
    }: {
      organizationId: string;
      documentId: string;
      etag: string | null;
    }) {
      const result = await db
        .updateTable('documents')
        .set({ thumbnail_etag: etag })
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Moves an active document to the trash; false when it is not active. */
    async softDelete({
      organizationId,
      documentId,
      deletedBy,
      now,
      scheduledPurgeAt,
    }: {
      organizationId: string;
      documentId: string;
      deletedBy: string;
      now: Timestamp;
      scheduledPurgeAt: Timestamp;
    }) {
      const result = await db
        .updateTable('documents')
        .set({ is_deleted: 1, deleted_at: now, deleted_by: deletedBy, scheduled_purge_at: scheduledPurgeAt })
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Takes a document out of the trash; false when it was not in it. */
    async restore({ organizationId, documentId }: { organizationId: string; documentId: string }) {
      const result = await db
        .updateTable('documents')
        .set({ is_deleted: 0, deleted_at: null, deleted_by: null, scheduled_purge_at: null })
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .where('is_deleted', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes a trashed document's row (with its tags and activity); false when it is not in the trash. */
    async deleteTrashed({ organizationId, documentId }: { organizationId: string; documentId: string }) {
      const result = await db
        .deleteFrom('documents')
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .where('is_deleted', '=', 1)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Deletes up to `limit` of an organization's documents, trashed or not (the organization purge);
     * answers how many went. Tags, activity and search rows follow through the foreign keys.
     */
    async deleteSomeOfOrganization({ organizationId, limit }: { organizationId: string; limit: number }) {
      const result = await db
        .deleteFrom('documents')
        .where(
          'id',
          'in',
          db.selectFrom('documents').select('id').where('organization_id', '=', organizationId).limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async listTrashed({ organizationId, limit }: { organizationId: string; limit: number }) {
      return db
        .selectFrom('documents')
        .select(['id', 'organization_id', 'storage_key'])
        .where('organization_id', '=', organizationId)
        .where('is_deleted', '=', 1)
        .orderBy('deleted_at')
        .limit(limit)
        .execute();
    },

    /** Trashed documents whose purge date has come, across organizations. */
    async listDueForPurge({ now, limit }: { now: Timestamp; limit: number }) {
      return db
        .selectFrom('documents')
        .select(['id', 'organization_id', 'storage_key'])
        .where('is_deleted', '=', 1)
        .where('scheduled_purge_at', '<=', now)
        .orderBy('scheduled_purge_at')
        .limit(limit)
        .execute();
    },

    /**
     * Moves a document's extraction to `to` when it is in one of `from` (all of them when absent);
     * false when it was not (so two requests never both start an extraction). `error` is kept for
     * `failed` and cleared otherwise.
     */
    async setExtractionStatus({
      organizationId,
      documentId,
      to,
      from,
      error = null,
    }: {
      organizationId: string;
      documentId: string;
      to: ExtractionStatus;
      from?: ExtractionStatus[];
      error?: ExtractionErrorDto | null;
    }) {
      const result = await db
        .updateTable('documents')
        .set({
          extraction_status: to,
          extraction_error_code: to === 'failed' ? (error?.code ?? 'extraction.failed') : null,
          extraction_error_message: to === 'failed' ? (error?.message ?? null) : null,
        })
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .$if(from !== undefined, (query) => query.where('extraction_status', 'in', from ?? []))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Marks a queued (or interrupted) extraction `processing` and answers the file to read. */
    async startExtraction({ organizationId, documentId }: { organizationId: string; documentId: string }) {
      return db
        .updateTable('documents')
        .set({ extraction_status: 'processing', extraction_error_code: null, extraction_error_message: null })
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .where('extraction_status', 'in', ['pending', 'processing'])
        .returning(['storage_key', 'mime_type', 'original_size'])
        .executeTakeFirst();
    },

    /**
     * Stores a finished extraction's text and marks it `done` in one statement; answers the
     * document's name and date (what date detection reads), or undefined when it is gone.
     */
    async saveExtractedContent({
      organizationId,
      documentId,
      content,
      updatedAt,
    }: {
      organizationId: string;
      documentId: string;
      content: string;
      updatedAt: Timestamp;
    }) {
      return db
        .updateTable('documents')
        .set({
          content,
          updated_at: updatedAt,
          extraction_status: 'done',
          extraction_error_code: null,
          extraction_error_message: null,
        })
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .returning(['name', 'original_name', 'document_date', 'document_date_source'])
        .executeTakeFirst();
    },

    /** Documents whose extraction is pending or running, oldest first (start-up recovery). */
    async listUnfinishedExtractions({ limit, afterId }: { limit: number; afterId: string | null }) {
      return db
        .selectFrom('documents')
        .select(['id', 'organization_id', 'extraction_status'])
        .where('extraction_status', 'in', ['pending', 'processing'])
        .$if(afterId !== null, (query) => query.where('id', '>', afterId ?? ''))
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** A batch of contents after `afterId` (id order), for re-normalisation. */
    async listContents({ afterId, limit }: { afterId: string | null; limit: number }) {
      return db
        .selectFrom('documents')
        .select(['id', 'organization_id', 'content'])
        .$if(afterId !== null, (query) => query.where('id', '>', afterId ?? ''))
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Count and bytes of active documents, and bytes of those in the trash. */
    async getStorageStats({ organizationId }: { organizationId: string }) {
      const rows = await db
        .selectFrom('documents')
        .select([
          'is_deleted',
          (eb) => eb.fn.countAll<number | string>().as('count'),
          (eb) => eb.fn.coalesce(eb.fn.sum<number | string>('original_size'), sql.lit(0)).as('size'),
        ])
        .where('organization_id', '=', organizationId)
        .groupBy('is_deleted')
        .execute();
      const active = rows.find((row) => Number(row.is_deleted) === 0);
      const deleted = rows.find((row) => Number(row.is_deleted) === 1);
      return {
        activeCount: Number(active?.count ?? 0),
        activeSize: Number(active?.size ?? 0),
        deletedSize: Number(deleted?.size ?? 0),
      };
    },
  };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
