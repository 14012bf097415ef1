import { isValidCalendarDate } from '@sheaf/contracts/document-dates';
import {
  type DocumentFilters,
  type DocumentSort,
  defaultSortOrderOf,
  FILE_TYPE_GROUP_MIME_TYPES,
  type FileTypeGroup,
  type PropertyCondition,
  type SortOrder,
  sortedPropertyIdOf,
} from '@sheaf/contracts/document-filters';
import { isOrderedPropertyType, type PropertyType } from '@sheaf/contracts/properties';
import { type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DatabaseOrTransaction } from '../../db/database.types';
import { createValidationError } from '../../shared/errors';
import { PROPERTY_VALUE_COLUMN_OF } from './documents.property-values';

/**
 * The documents list's filters and sort as SQL (contracts' document-filters): first resolved
 * against the organization's tags and property definitions (`resolveDocumentQuery`, which refuses
 * values that do not fit a property with 400 api.validation_error), then a WHERE condition on a
 * documents table of any alias (`documentFiltersCondition`, `applyDocumentFilters`), so that the
 * search module filters its hits the same way. It never scopes to the organization nor the trash:
 * the caller does.
 *
 * Two kinds of conditions: on the document's id alone (tags, property values:
 * `documentIdConditions`, usable on any id, e.g. a property value row's) and on its own columns
 * (dates, file type, extraction state: `documentColumnConditions`). Id conditions are written per
 * dialect. PostgreSQL: `id in (…)` semi-joins, which its planner (with statistics) drives from the
 * smaller side. SQLite: `exists` probes of the (document, …) indexes — the primary key of
 * document_property_values, the (document, tag) unique index — for each document walked in the
 * sort's index; without statistics its planner would probe the (property, value, document) index
 * by property alone (a scan of every value per document), so the unary `+` keeps those columns
 * off any index in a probe.
 */

/** The column a property is compared on (monetary: its amount). */
type ValueColumn = (typeof PROPERTY_VALUE_COLUMN_OF)[PropertyType];

/** A property condition with its definition looked up and its values checked. */
export type ResolvedPropertyCondition =
  /** A property the organization does not have (or an option its select does not have). */
  | { kind: 'never' }
  /** `singleRow`: one value row per document (every type but multi select). */
  | { kind: 'set'; propertyId: string; singleRow: boolean }
  | { kind: 'empty'; propertyId: string }
  | { kind: 'equals'; propertyId: string; column: ValueColumn; value: string | number }
  /** Text and URL: equal ignoring case. */
  | { kind: 'equalsText'; propertyId: string; value: string }
  | { kind: 'contains'; propertyId: string; value: string }
  | {
      kind: 'between';
      propertyId: string;
      column: ValueColumn;
      from: string | number | undefined;
      to: string | number | undefined;
    };

/** The sort, with a property sort's column looked up. */
export type ResolvedDocumentSort =
  | { kind: 'createdAt' | 'name' | 'size' | 'documentDate'; order: SortOrder }
  | { kind: 'property'; propertyId: string; column: 'value_number' | 'value_date'; order: SortOrder }
  /** A property the organization does not have: no document has a value (upload date order). */
  | { kind: 'noValue' };

export type ResolvedDocumentQuery = {
  dialect: Dialect;
  filters: DocumentFilters;
  /** The filters' tags that are the organization's (another's match nothing). */
  tags: { all: string[]; any: string[]; excluded: string[] };
  conditions: ResolvedPropertyCondition[];
  /** A condition that nothing passes (a tag of another organization among `tags`…): the list is empty. */
  matchesNothing: boolean;
  sort: ResolvedDocumentSort;
};

export const EMPTY_DOCUMENT_FILTERS: DocumentFilters = {
  tags: [],
  anyTags: [],
  excludedTags: [],
  fileTypes: [],
  extractionStatuses: [],
  property: [],
};

/** Whether the filters keep every document (the list's total then comes from the counts table). */
export function hasNoDocumentFilters(filters: DocumentFilters): boolean {
  return (
    filters.tags.length === 0 &&
    filters.anyTags.length === 0 &&
    filters.excludedTags.length === 0 &&
    filters.fileTypes.length === 0 &&
    filters.extractionStatuses.length === 0 &&
    filters.property.length === 0 &&
    !filters.documentDateFrom &&
    !filters.documentDateTo &&
    !filters.createdFrom &&
    !filters.createdTo
  );
}

type Issue = { path: string; message: string; code: 'custom' };
type Definition = { id: string; type: PropertyType; optionIds: string[] };

const NUMBER_TEXT = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/** A condition's value as its property's type reads it; undefined when it does not fit. */
function parseValue(type: PropertyType, text: string): string | number | undefined {
  switch (type) {
    case 'number':
    case 'monetary':
      return NUMBER_TEXT.test(text.trim()) && Number.isFinite(Number(text)) ? Number(text) : undefined;
    case 'date':
      return isValidCalendarDate(text) ? text : undefined;
    case 'boolean':
      return text === 'true' ? 1 : text === 'false' ? 0 : undefined;
    default:
      return text;
  }
}

const EXPECTED: Partial<Record<PropertyType, string>> = {
  number: 'a number',
  monetary: 'an amount',
  date: 'a date YYYY-MM-DD',
  boolean: 'true or false',
};

function resolveCondition(
  condition: PropertyCondition,
  definition: Definition | undefined,
  issues: Issue[],
): ResolvedPropertyCondition {
  if (!definition) return { kind: 'never' };
  const { propertyId, operator } = condition;
  const { type } = definition;
  const column = PROPERTY_VALUE_COLUMN_OF[type];
  const refuse = (message: string): ResolvedPropertyCondition => {
    issues.push({ path: 'property', message: `${propertyId}: ${message}`, code: 'custom' });
    return { kind: 'never' };
  };
  switch (operator) {
    case 'set':
      return { kind: 'set', propertyId, singleRow: type !== 'multi_select' };
    case 'empty':
      return { kind: 'empty', propertyId };
    case 'contains':
      if (type !== 'text' && type !== 'url')
        return refuse(`contains applies to text and URL properties, not ${type}`);
      return { kind: 'contains', propertyId, value: condition.value ?? '' };
    case 'between': {
      if (!isOrderedPropertyType(type))
        return refuse(`between applies to number, monetary and date properties, not ${type}`);
      const from = condition.from === undefined ? undefined : parseValue(type, condition.from);
      const to = condition.to === undefined ? undefined : parseValue(type, condition.to);
      if (
        (condition.from !== undefined && from === undefined) ||
        (condition.to !== undefined && to === undefined)
      )
        return refuse(`the ends of the range must be ${EXPECTED[type]}`);
      return { kind: 'between', propertyId, column, from, to };
    }
    case 'eq': {
      const text = condition.value ?? '';
      if (type === 'text' || type === 'url') return { kind: 'equalsText', propertyId, value: text };
      const value = parseValue(type, text);
      if (value === undefined) return refuse(`the value must be ${EXPECTED[type]}`);
      // An option the select no longer has: nothing carries it (as a deleted tag).
      if ((type === 'select' || type === 'multi_select') && !definition.optionIds.includes(text))
        return { kind: 'never' };
      return { kind: 'equals', propertyId, column, value };
    }
  }
}

/**
 * Looks up the properties the filters and sort name (the organization's only: another's, or an
 * unknown id, matches nothing) and checks the conditions' values against their types. Throws 400
 * api.validation_error for a value that does not fit, an operator the type has not, or a sort on a
 * property that is not a number, monetary or date one.
 */
export async function resolveDocumentQuery({
  db,
  dialect,
  organizationId,
  filters,
  sort = 'createdAt',
  order,
}: {
  db: DatabaseOrTransaction;
  dialect: Dialect;
  organizationId: string;
  filters: DocumentFilters;
  sort?: DocumentSort | undefined;
  order?: SortOrder | undefined;
}): Promise<ResolvedDocumentQuery> {
  const sortedPropertyId = sortedPropertyIdOf(sort);
  const propertyIds = [
    ...new Set([
      ...filters.property.map((condition) => condition.propertyId),
      ...(sortedPropertyId ? [sortedPropertyId] : []),
    ]),
  ];
  const tagIds = [...new Set([...filters.tags, ...filters.anyTags, ...filters.excludedTags])];
  const [rows, tagRows] = await Promise.all([
    propertyIds.length === 0
      ? []
      : db
          .selectFrom('property_definitions')
          .select(['id', 'type', 'options'])
          .where('organization_id', '=', organizationId)
          .where('id', 'in', propertyIds)
          .execute(),
    tagIds.length === 0
      ? []
      : db
          .selectFrom('tags')
          .select('id')
          .where('organization_id', '=', organizationId)
          .where('id', 'in', tagIds)
          .execute(),
  ]);
  const ownTags = new Set(tagRows.map((row) => row.id));
  const tags = {
    all: [...new Set(filters.tags)],
    any: [...new Set(filters.anyTags)].filter((id) => ownTags.has(id)),
    excluded: [...new Set(filters.excludedTags)].filter((id) => ownTags.has(id)),
  };
  const definitions = new Map<string, Definition>(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        type: row.type,
        optionIds: (JSON.parse(row.options) as { id: string }[]).map((option) => option.id),
      },
    ]),
  );
  const issues: Issue[] = [];
  const conditions = filters.property.map((condition) =>
    resolveCondition(condition, definitions.get(condition.propertyId), issues),
  );
  const sortOrder = order ?? defaultSortOrderOf(sort);
  let resolvedSort: ResolvedDocumentSort;
  if (sortedPropertyId) {
    const definition = definitions.get(sortedPropertyId);
    if (!definition) resolvedSort = { kind: 'noValue' };
    else if (!isOrderedPropertyType(definition.type)) {
      issues.push({
        path: 'sort',
        message: `Only number, monetary and date properties sort documents, not ${definition.type}`,
        code: 'custom',
      });
      resolvedSort = { kind: 'noValue' };
    } else
      resolvedSort = {
        kind: 'property',
        propertyId: sortedPropertyId,
        column: definition.type === 'date' ? 'value_date' : 'value_number',
        order: sortOrder,
      };
  } else resolvedSort = { kind: sort as Exclude<typeof sort, `property:${string}`>, order: sortOrder };
  if (issues.length > 0) throw createValidationError(issues);
  const matchesNothing =
    tags.all.some((id) => !ownTags.has(id)) ||
    (filters.anyTags.length > 0 && tags.any.length === 0) ||
    conditions.some((condition) => condition.kind === 'never');
  return { dialect, filters, tags, conditions, matchesNothing, sort: resolvedSort };
}

/** The day after a calendar date, `YYYY-MM-DD`. */
const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

/** `%text%` for LIKE, its own `%`, `_` and `\` taken literally. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function fileTypeCondition(mimeType: RawBuilder<unknown>, group: Exclude<FileTypeGroup, 'other'>) {
  const types = FILE_TYPE_GROUP_MIME_TYPES[group];
  const exact = types.filter((type) => !type.endsWith('/'));
  const prefixes = types.filter((type) => type.endsWith('/'));
  return sql<SqlBool>`(${sql.join(
    [
      ...(exact.length > 0 ? [sql`${mimeType} in (${sql.join(exact)})`] : []),
      ...prefixes.map((prefix) => sql`${mimeType} like ${`${prefix}%`}`),
    ],
    sql` or `,
  )})`;
}

/** A property condition's test of a value row, on its columns as `column` names them; null for set and empty. */
export function propertyValueCondition(
  condition: ResolvedPropertyCondition,
  column: (name: ValueColumn) => RawBuilder<unknown>,
) {
  switch (condition.kind) {
    case 'equals':
      return sql<SqlBool>`${column(condition.column)} = ${condition.value}`;
    case 'equalsText':
      return sql<SqlBool>`lower(${column('value_text')}) = ${condition.value.toLowerCase()}`;
    case 'contains':
      return sql<SqlBool>`lower(${column('value_text')}) like ${containsPattern(condition.value)} escape '\\'`;
    case 'between': {
      const value = column(condition.column);
      const ends = [
        ...(condition.from !== undefined ? [sql<SqlBool>`${value} >= ${condition.from}`] : []),
        ...(condition.to !== undefined ? [sql<SqlBool>`${value} <= ${condition.to}`] : []),
      ];
      return sql<SqlBool>`${sql.join(ends, sql` and `)}`;
    }
    default:
      return null;
  }
}

/**
 * The conditions on a document's id alone: its tags and property values. `id` is any expression
 * holding a document id of the organization (a documents table's, a value row's).
 */
export function documentIdConditions(
  query: ResolvedDocumentQuery,
  id: RawBuilder<unknown>,
): RawBuilder<SqlBool>[] {
  if (query.matchesNothing) return [sql<SqlBool>`1 = 0`];
  const sqlite = query.dialect === 'sqlite';
  // SQLite: `+column` is the column, kept off indexes (see the file's comment).
  const unindexed = (column: string) => (sqlite ? sql`+${sql.ref(column)}` : sql.ref(column));
  const conditions: RawBuilder<SqlBool>[] = [];
  const tagLink = (tagIds: string[]) =>
    sql`select 1 from documents_tags t where t.document_id = ${id} and t.tag_id in (${sql.join(tagIds)})`;
  for (const tagId of query.tags.all)
    conditions.push(
      sqlite
        ? sql<SqlBool>`exists (${tagLink([tagId])})`
        : sql<SqlBool>`${id} in (select document_id from documents_tags where tag_id = ${tagId})`,
    );
  if (query.tags.any.length > 0)
    conditions.push(
      sqlite
        ? sql<SqlBool>`exists (${tagLink(query.tags.any)})`
        : sql<SqlBool>`${id} in (select document_id from documents_tags where tag_id in (${sql.join(query.tags.any)}))`,
    );
  if (query.tags.excluded.length > 0)
    conditions.push(sql<SqlBool>`not exists (${tagLink(query.tags.excluded)})`);
  for (const condition of query.conditions) {
    if (condition.kind === 'never') continue;
    const { propertyId } = condition;
    if (condition.kind === 'empty') {
      conditions.push(
        sql<SqlBool>`not exists (select 1 from document_property_values v where v.document_id = ${id} and ${unindexed('v.property_id')} = ${propertyId})`,
      );
      continue;
    }
    const onValue = propertyValueCondition(condition, (column) => unindexed(`v.${column}`));
    if (sqlite) {
      conditions.push(
        sql<SqlBool>`exists (select 1 from document_property_values v where v.document_id = ${id} and ${unindexed('v.property_id')} = ${propertyId}${onValue ? sql` and ${onValue}` : sql``})`,
      );
    } else {
      conditions.push(
        sql<SqlBool>`${id} in (select v.document_id from document_property_values v where v.property_id = ${propertyId}${onValue ? sql` and ${onValue}` : sql``})`,
      );
    }
  }
  return conditions;
}

/** The conditions on the document's own columns (dates, file type, extraction state), on the documents table `alias`. */
export function documentColumnConditions(query: ResolvedDocumentQuery, alias: string): RawBuilder<SqlBool>[] {
  const { filters } = query;
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const conditions: RawBuilder<SqlBool>[] = [];
  if (filters.documentDateFrom)
    conditions.push(sql<SqlBool>`${column('document_date')} >= ${filters.documentDateFrom}`);
  if (filters.documentDateTo)
    conditions.push(sql<SqlBool>`${column('document_date')} <= ${filters.documentDateTo}`);
  // Upload timestamps are ISO UTC text: a day is a string range.
  if (filters.createdFrom)
    conditions.push(sql<SqlBool>`${column('created_at')} >= ${`${filters.createdFrom}T00:00:00.000Z`}`);
  if (filters.createdTo)
    conditions.push(sql<SqlBool>`${column('created_at')} < ${`${nextDay(filters.createdTo)}T00:00:00.000Z`}`);
  if (filters.fileTypes.length > 0) {
    const mimeType = column('mime_type');
    const groups = [...new Set(filters.fileTypes)];
    const known = groups.filter((group): group is Exclude<FileTypeGroup, 'other'> => group !== 'other');
    const parts = known.map((group) => fileTypeCondition(mimeType, group));
    if (groups.includes('other')) {
      const everyKnown = (Object.keys(FILE_TYPE_GROUP_MIME_TYPES) as Exclude<FileTypeGroup, 'other'>[]).map(
        (group) => fileTypeCondition(mimeType, group),
      );
      parts.push(sql<SqlBool>`not (${sql.join(everyKnown, sql` or `)})`);
    }
    conditions.push(sql<SqlBool>`(${sql.join(parts, sql` or `)})`);
  }
  if (filters.extractionStatuses.length > 0)
    conditions.push(
      sql<SqlBool>`${column('extraction_status')} in (${sql.join([...new Set(filters.extractionStatuses)])})`,
    );
  return conditions;
}

/**
 * The filters as one condition on the documents table named `alias` (null when there is none), to
 * use in a Kysely `where` or inside raw SQL.
 */
export function documentFiltersCondition(
  query: ResolvedDocumentQuery,
  alias: string,
): RawBuilder<SqlBool> | null {
  const conditions = [
    ...documentColumnConditions(query, alias),
    ...documentIdConditions(query, sql.ref(`${alias}.id`)),
  ];
  return conditions.length === 0 ? null : sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}

/** `query` kept to the documents (table named `alias`) that pass the filters. */
export function applyDocumentFilters<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  resolved: ResolvedDocumentQuery,
  alias: string,
): SelectQueryBuilder<DB, TB, O> {
  const condition = documentFiltersCondition(resolved, alias);
  return condition ? query.where(condition) : query;
}
