import type { ExtractionStatus } from './extraction-statuses';

/**
 * The documents list's sort and filters without zod (the web app's list page parses its URL with
 * them, in its own chunk); their query-string schemas are in document-filters.ts.
 */

/** What a file's type is grouped as in filters. */
export const FILE_TYPE_GROUPS = ['pdf', 'image', 'text', 'office', 'email', 'other'] as const;
export type FileTypeGroup = (typeof FILE_TYPE_GROUPS)[number];

/** The MIME types of each group but `other` (which is everything else): exact types, and prefixes ending in `/`. */
export const FILE_TYPE_GROUP_MIME_TYPES: Record<Exclude<FileTypeGroup, 'other'>, readonly string[]> = {
  pdf: ['application/pdf'],
  image: ['image/'],
  text: [
    'text/plain',
    'text/markdown',
    'text/csv',
    'text/html',
    'text/xml',
    'application/json',
    'application/xml',
    'application/yaml',
    'text/yaml',
    'application/x-yaml',
  ],
  office: [
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text',
    'application/vnd.oasis.opendocument.spreadsheet',
    'application/vnd.oasis.opendocument.presentation',
    'application/rtf',
    'text/rtf',
  ],
  email: ['message/rfc822', 'application/vnd.ms-outlook'],
};

/** The group of a MIME type (parameters and case ignored). */
export function fileTypeGroupOf(mimeType: string): FileTypeGroup {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  for (const [group, types] of Object.entries(FILE_TYPE_GROUP_MIME_TYPES)) {
    if (types.some((entry) => (entry.endsWith('/') ? type.startsWith(entry) : type === entry))) {
      return group as FileTypeGroup;
    }
  }
  return 'other';
}

export const DOCUMENT_SORT_FIELDS = ['createdAt', 'name', 'documentDate', 'size'] as const;
export type DocumentSortField = (typeof DOCUMENT_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A sort: one of the fields, or `property:<propertyId>` (a number, monetary or date property). */
export type DocumentSort = DocumentSortField | `property:${string}`;
const PROPERTY_SORT = /^property:[A-Za-z0-9_]{1,64}$/;

/** Whether a text is a sort: one of the fields or `property:<propertyId>`. */
export const isDocumentSort = (value: string): value is DocumentSort =>
  (DOCUMENT_SORT_FIELDS as readonly string[]).includes(value) || PROPERTY_SORT.test(value);
/** The property of a `property:<id>` sort, else null. */
export const sortedPropertyIdOf = (sort: DocumentSort): string | null =>
  sort.startsWith('property:') ? sort.slice('property:'.length) : null;

/** The order each sort starts in: newest, largest and latest first; names A to Z. */
export const defaultSortOrderOf = (sort: DocumentSort): SortOrder => (sort === 'name' ? 'asc' : 'desc');

export const PROPERTY_CONDITION_OPERATORS = ['eq', 'contains', 'between', 'set', 'empty'] as const;
export type PropertyConditionOperator = (typeof PROPERTY_CONDITION_OPERATORS)[number];

/**
 * A condition on a property, written `<propertyId>:<operator>[:<value>]` in the query string:
 * `eq` (equals: text ignoring case, number, date, `true`/`false`, an option id — for a multi
 * select, carries that option —, a member's user id; monetary compares the amount), `contains`
 * (text and URL, ignoring case), `between` (`<from>..<to>`, either end may be left empty; number,
 * monetary, date), `set` and `empty` (no value).
 */
export type PropertyCondition = {
  propertyId: string;
  operator: PropertyConditionOperator;
  /** `eq` and `contains`: the value as written; `between`: its two ends. */
  value?: string;
  from?: string;
  to?: string;
};

export function parsePropertyCondition(text: string): PropertyCondition | null {
  const match = /^([A-Za-z0-9_]{1,64}):(eq|contains|between|set|empty)(?::([\s\S]*))?$/.exec(text);
  if (!match) return null;
  const [, propertyId, operator, value] = match as unknown as [
    string,
    string,
    PropertyConditionOperator,
    string?,
  ];
  if (operator === 'set' || operator === 'empty') return value ? null : { propertyId, operator };
  if (value === undefined || value === '') return null;
  if (operator === 'between') {
    const separator = value.indexOf('..');
    if (separator < 0) return null;
    const from = value.slice(0, separator);
    const to = value.slice(separator + 2);
    if (from === '' && to === '') return null;
    return { propertyId, operator, ...(from ? { from } : {}), ...(to ? { to } : {}) };
  }
  return { propertyId, operator, value };
}

export function formatPropertyCondition(condition: PropertyCondition): string {
  const head = `${condition.propertyId}:${condition.operator}`;
  if (condition.operator === 'between') return `${head}:${condition.from ?? ''}..${condition.to ?? ''}`;
  return condition.value === undefined ? head : `${head}:${condition.value}`;
}

/** The filters once parsed (what the server's repository and the demo apply). */
export type DocumentFilters = {
  tags: string[];
  anyTags: string[];
  excludedTags: string[];
  documentDateFrom?: string;
  documentDateTo?: string;
  createdFrom?: string;
  createdTo?: string;
  fileTypes: FileTypeGroup[];
  extractionStatuses: ExtractionStatus[];
  property: PropertyCondition[];
};
