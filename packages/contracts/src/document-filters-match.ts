import { isValidCalendarDate } from './document-dates';
import {
  type DocumentFilters,
  type DocumentSort,
  defaultSortOrderOf,
  fileTypeGroupOf,
  type PropertyCondition,
  type PropertyConditionOperator,
  type SortOrder,
  sortedPropertyIdOf,
} from './document-filters';
import type { ExtractionStatus } from './extraction-statuses';
import {
  isOrderedPropertyType,
  type PropertyDefinitionDto,
  type PropertyType,
  type PropertyValue,
} from './properties';

/**
 * The documents list's filters and sort evaluated over documents in memory: the demo lists and
 * searches with it, and the web app's filter builder offers the operators and checks the values it
 * allows. It follows the rules written in document-filters.ts (DOCUMENT_FILTERS_DESCRIPTION and
 * PropertyCondition), which the server applies in SQL.
 */

/** What the filters and sorts read of a document. */
export type MatchableDocument = {
  id: string;
  name: string;
  mimeType: string;
  originalSize: number;
  /** ISO date-time of the upload. */
  createdAt: string;
  extractionStatus: ExtractionStatus;
  documentDate: string | null;
  tagIds: readonly string[];
  properties: readonly { propertyId: string; value: PropertyValue }[];
};

/** What the filters and sorts read of a property definition (the organization's own). */
export type MatchableProperty = Pick<PropertyDefinitionDto, 'id' | 'type' | 'options'>;

/** No filter at all. */
export const EMPTY_DOCUMENT_FILTERS: DocumentFilters = {
  tags: [],
  anyTags: [],
  excludedTags: [],
  fileTypes: [],
  extractionStatuses: [],
  property: [],
};

/** Whether any filter is set. */
export function hasDocumentFilters(filters: DocumentFilters): boolean {
  return (
    filters.tags.length > 0 ||
    filters.anyTags.length > 0 ||
    filters.excludedTags.length > 0 ||
    filters.documentDateFrom !== undefined ||
    filters.documentDateTo !== undefined ||
    filters.createdFrom !== undefined ||
    filters.createdTo !== undefined ||
    filters.fileTypes.length > 0 ||
    filters.extractionStatuses.length > 0 ||
    filters.property.length > 0
  );
}

/**
 * The operators a property's type takes: `contains` for text and URL, `between` for number,
 * monetary and date; `eq`, `set` and `empty` for every type.
 */
export function propertyConditionOperatorsFor(type: PropertyType): readonly PropertyConditionOperator[] {
  if (type === 'text' || type === 'url') return ['eq', 'contains', 'set', 'empty'];
  if (isOrderedPropertyType(type)) return ['eq', 'between', 'set', 'empty'];
  return ['eq', 'set', 'empty'];
}

/** A decimal number as written in a condition: `100`, `-3.5`, `.5`, `1e3` (no hex, no `Infinity`). */
const NUMBER_PATTERN = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/** Whether `text` is a value of a condition on a property of this type (an end of `between` included). */
function fitsType(type: PropertyType, text: string): boolean {
  switch (type) {
    case 'number':
    case 'monetary':
      return NUMBER_PATTERN.test(text.trim()) && Number.isFinite(Number(text));
    case 'date':
      return isValidCalendarDate(text);
    case 'boolean':
      return text === 'true' || text === 'false';
    default:
      // Text, URL, an option id, a user id: any text (an id nobody has matches nothing).
      return text !== '';
  }
}

/**
 * Why a condition does not fit its property (an operator the type does not take, a value that is
 * not of its type: `eq:abc` on a number, a `between` end that is not a date), or null when it fits.
 * The server answers 400 `api.validation_error` for these; the filter builder refuses them.
 */
export function propertyConditionIssue(
  definition: Pick<MatchableProperty, 'type'>,
  condition: PropertyCondition,
): string | null {
  const { type } = definition;
  if (!propertyConditionOperatorsFor(type).includes(condition.operator)) {
    return `The operator ${condition.operator} does not apply to a ${type} property`;
  }
  if (condition.operator === 'eq' || condition.operator === 'contains') {
    if (condition.value === undefined || !fitsType(type, condition.value)) {
      return `The value does not fit a ${type} property`;
    }
  }
  if (condition.operator === 'between') {
    const ends = [condition.from, condition.to].filter((end) => end !== undefined);
    if (ends.length === 0 || ends.some((end) => !fitsType(type, end))) {
      return `The range does not fit a ${type} property`;
    }
  }
  return null;
}

/** The number a number or monetary value is compared on (monetary: its amount). */
function amountOf(value: PropertyValue): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'object' && !Array.isArray(value)) return value.amount;
  return null;
}

/** Whether a document's value (there is one) meets an `eq`, `contains` or `between` condition. */
function valueMeets(type: PropertyType, value: PropertyValue, condition: PropertyCondition): boolean {
  switch (condition.operator) {
    case 'eq': {
      const expected = condition.value ?? '';
      switch (type) {
        case 'text':
        case 'url':
          return typeof value === 'string' && value.toLowerCase() === expected.toLowerCase();
        case 'number':
        case 'monetary':
          return amountOf(value) === Number(expected);
        case 'boolean':
          return value === (expected === 'true');
        case 'multi_select':
          return Array.isArray(value) && value.includes(expected);
        default:
          // Date, select (an option id), member (a user id): the same string.
          return value === expected;
      }
    }
    case 'contains':
      return typeof value === 'string' && value.toLowerCase().includes((condition.value ?? '').toLowerCase());
    case 'between': {
      if (type === 'date') {
        if (typeof value !== 'string') return false;
        return (
          (condition.from === undefined || value >= condition.from) &&
          (condition.to === undefined || value <= condition.to)
        );
      }
      const amount = amountOf(value);
      if (amount === null) return false;
      return (
        (condition.from === undefined || amount >= Number(condition.from)) &&
        (condition.to === undefined || amount <= Number(condition.to))
      );
    }
    default:
      return true;
  }
}

/**
 * Whether a document meets one property condition. A property that is not among `properties`
 * (another organization's, or deleted) matches nothing, `empty` included; so does a condition that
 * does not fit its property (the server refuses those before).
 */
export function matchesPropertyCondition(
  document: Pick<MatchableDocument, 'properties'>,
  condition: PropertyCondition,
  properties: ReadonlyMap<string, MatchableProperty>,
): boolean {
  const definition = properties.get(condition.propertyId);
  if (!definition || propertyConditionIssue(definition, condition) !== null) return false;
  const value = document.properties.find((entry) => entry.propertyId === condition.propertyId)?.value;
  const hasValue = value !== undefined && !(Array.isArray(value) && value.length === 0);
  if (condition.operator === 'set') return hasValue;
  if (condition.operator === 'empty') return !hasValue;
  return hasValue && valueMeets(definition.type, value, condition);
}

/** The UTC day (`YYYY-MM-DD`) of an ISO date-time, as upload date ranges compare it. */
const utcDayOf = (dateTime: string) => new Date(dateTime).toISOString().slice(0, 10);

const inRange = (value: string, from: string | undefined, to: string | undefined) =>
  (from === undefined || value >= from) && (to === undefined || value <= to);

/** Whether a document meets every filter (they combine with AND). */
export function matchesDocumentFilters(
  document: MatchableDocument,
  filters: DocumentFilters,
  properties: ReadonlyMap<string, MatchableProperty>,
): boolean {
  const tagIds = new Set(document.tagIds);
  if (!filters.tags.every((tagId) => tagIds.has(tagId))) return false;
  if (filters.anyTags.length > 0 && !filters.anyTags.some((tagId) => tagIds.has(tagId))) return false;
  if (filters.excludedTags.some((tagId) => tagIds.has(tagId))) return false;
  if (filters.documentDateFrom !== undefined || filters.documentDateTo !== undefined) {
    // A document without a date is outside every date range.
    if (document.documentDate === null) return false;
    if (!inRange(document.documentDate, filters.documentDateFrom, filters.documentDateTo)) return false;
  }
  if (
    (filters.createdFrom !== undefined || filters.createdTo !== undefined) &&
    !inRange(utcDayOf(document.createdAt), filters.createdFrom, filters.createdTo)
  ) {
    return false;
  }
  if (filters.fileTypes.length > 0 && !filters.fileTypes.includes(fileTypeGroupOf(document.mimeType))) {
    return false;
  }
  if (
    filters.extractionStatuses.length > 0 &&
    !filters.extractionStatuses.includes(document.extractionStatus)
  ) {
    return false;
  }
  return filters.property.every((condition) => matchesPropertyCondition(document, condition, properties));
}

/**
 * Why a sort cannot be applied, or null: a property sort needs a number, monetary or date property
 * (one of another organization, or unknown, sorts nothing: every document is without its value).
 */
export function documentSortIssue(
  sort: DocumentSort,
  properties: ReadonlyMap<string, MatchableProperty>,
): string | null {
  const propertyId = sortedPropertyIdOf(sort);
  const definition = propertyId === null ? undefined : properties.get(propertyId);
  if (definition && !isOrderedPropertyType(definition.type)) {
    return 'Only number, monetary and date properties can be sorted on';
  }
  return null;
}

type SortValue = string | number | null;

function sortValueOf(
  document: MatchableDocument,
  sort: DocumentSort,
  properties: ReadonlyMap<string, MatchableProperty>,
): SortValue {
  switch (sort) {
    case 'createdAt':
      return document.createdAt;
    case 'name':
      return document.name.toLowerCase();
    case 'size':
      return document.originalSize;
    case 'documentDate':
      return document.documentDate;
  }
  const propertyId = sortedPropertyIdOf(sort);
  const definition = propertyId === null ? undefined : properties.get(propertyId);
  if (!definition || !isOrderedPropertyType(definition.type)) return null;
  const value = document.properties.find((entry) => entry.propertyId === propertyId)?.value;
  if (value === undefined) return null;
  return definition.type === 'date' ? (typeof value === 'string' ? value : null) : amountOf(value);
}

const compareValues = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The order of a sort: by its value in `order` (default: names A to Z, everything else newest or
 * largest first); documents without a value last in both orders; ties (and the documents without a
 * value) by upload date, newest first, then id, last first (an upload date sort breaks its ties by
 * id in its own order). Names compare ignoring case.
 */
export function documentComparator(
  sort: DocumentSort,
  order: SortOrder | undefined,
  properties: ReadonlyMap<string, MatchableProperty>,
): (a: MatchableDocument, b: MatchableDocument) => number {
  const direction = (order ?? defaultSortOrderOf(sort)) === 'asc' ? 1 : -1;
  if (sort === 'createdAt') {
    // Its own tie-break: the id, in the same order.
    return (a, b) => (compareValues(a.createdAt, b.createdAt) || compareValues(a.id, b.id)) * direction;
  }
  return (a, b) => {
    const valueA = sortValueOf(a, sort, properties);
    const valueB = sortValueOf(b, sort, properties);
    if (valueA !== null && valueB === null) return -1;
    if (valueA === null && valueB !== null) return 1;
    if (valueA !== null && valueB !== null) {
      const byValue = compareValues(valueA, valueB) * direction;
      if (byValue !== 0) return byValue;
    }
    return compareValues(b.createdAt, a.createdAt) || compareValues(b.id, a.id);
  };
}

/** The documents meeting the filters, in the sort's order (a new array). */
export function filterAndSortDocuments<Document extends MatchableDocument>(
  documents: readonly Document[],
  {
    filters,
    sort = 'createdAt',
    order,
    properties,
  }: {
    filters: DocumentFilters;
    sort?: DocumentSort;
    order?: SortOrder;
    properties: readonly MatchableProperty[];
  },
): Document[] {
  const byId = new Map(properties.map((property) => [property.id, property]));
  return documents
    .filter((document) => matchesDocumentFilters(document, filters, byId))
    .sort(documentComparator(sort, order, byId));
}
