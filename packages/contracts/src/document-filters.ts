import { z } from 'zod';
import { isValidCalendarDate } from './calendar-dates';
import {
  DOCUMENT_SORT_FIELDS,
  type DocumentSort,
  FILE_TYPE_GROUPS,
  isDocumentSort,
  type PropertyCondition,
  parsePropertyCondition,
  SORT_ORDERS,
} from './document-filter-rules';

export * from './document-filter-rules';

import { EXTRACTION_STATUSES } from './extraction-statuses';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, singleLineString } from './text';

/**
 * The documents list's sort and filters, shared by the API (query parameters), the web app (the
 * URL of the list) and the demo. Filters combine with AND.
 */

export const documentSortSchema = singleLineString()
  .refine(isDocumentSort, {
    message: `The sort must be one of ${DOCUMENT_SORT_FIELDS.join(', ')} or property:<propertyId>`,
  })
  .transform((value) => value as DocumentSort);

/** `?x=a,b` or `?x=a&x=b` → ['a', 'b'] (empty items dropped). */
const listOf = <Output>(item: z.ZodType<Output, string>, max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      [value ?? []]
        .flat()
        .flatMap((entry) => entry.split(','))
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    )
    .pipe(z.array(item).max(max));

const calendarDate = z
  .string()
  .refine(isValidCalendarDate, { message: 'Dates are written YYYY-MM-DD' })
  .optional();

/** Repeated `?property=…` conditions (never comma-split: values may hold commas). */
const propertyConditionsSchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value, context) => {
    const conditions: PropertyCondition[] = [];
    for (const text of [value ?? []].flat()) {
      // A NUL in an id reaches PostgreSQL as an error: refused here, as in every other text.
      if (hasControlCharacters(text)) {
        context.addIssue({ code: 'custom', message: CONTROL_CHARACTERS_MESSAGE });
        return z.NEVER;
      }
      const condition = parsePropertyCondition(text);
      if (!condition) {
        context.addIssue({
          code: 'custom',
          message: 'A property condition is written <propertyId>:<eq|contains|between|set|empty>[:<value>]',
        });
        return z.NEVER;
      }
      conditions.push(condition);
    }
    return conditions;
  })
  .pipe(z.array(z.custom<PropertyCondition>()).max(20));

/** The filters and sort of GET /documents (and of the web app's list URL). */
export const documentFiltersShape = {
  /** Documents carrying every one of these tags. */
  tags: listOf(singleLineString().max(64), 50),
  /** Documents carrying at least one of these tags. */
  anyTags: listOf(singleLineString().max(64), 50),
  /** Documents carrying none of these tags. */
  excludedTags: listOf(singleLineString().max(64), 50),
  /** Document date range, inclusive (`YYYY-MM-DD`); documents without a date are left out. */
  documentDateFrom: calendarDate,
  documentDateTo: calendarDate,
  /** Upload date range, inclusive, in UTC days. */
  createdFrom: calendarDate,
  createdTo: calendarDate,
  fileTypes: listOf(z.enum(FILE_TYPE_GROUPS), FILE_TYPE_GROUPS.length),
  extractionStatuses: listOf(z.enum(EXTRACTION_STATUSES), EXTRACTION_STATUSES.length),
  property: propertyConditionsSchema,
};

export const documentSortShape = {
  sort: documentSortSchema.optional(),
  order: z.enum(SORT_ORDERS).optional(),
};

export const DOCUMENT_FILTERS_DESCRIPTION = `Filters, combined with AND: \`tags\` (has all), \`anyTags\` (has any), \`excludedTags\` (has none): tag ids, comma separated or repeated (a tag of another organization matches nothing); \`documentDateFrom\`/\`documentDateTo\` and \`createdFrom\`/\`createdTo\`: inclusive \`YYYY-MM-DD\` (upload dates in UTC days; documents without a document date are left out by a document date range); \`fileTypes\`: ${FILE_TYPE_GROUPS.map((group) => `\`${group}\``).join(', ')}; \`extractionStatuses\`: ${EXTRACTION_STATUSES.map((status) => `\`${status}\``).join(', ')}; \`property\` (repeated, up to 20): \`<propertyId>:eq:<value>\`, \`<propertyId>:contains:<text>\`, \`<propertyId>:between:<from>..<to>\` (either end may be empty), \`<propertyId>:set\`, \`<propertyId>:empty\` — \`eq\` compares text ignoring case, numbers, dates, \`true\`/\`false\`, an option id (a multi select carrying it) or a member's user id, and a monetary amount; a property of another organization matches nothing; a value that does not fit the property's type is 400 \`api.validation_error\`. Sort: \`sort\` is \`createdAt\` (default), \`name\`, \`documentDate\`, \`size\` or \`property:<propertyId>\` (number, monetary or date), \`order\` \`asc\` or \`desc\` (default: names A to Z, everything else newest or largest first); documents without a value come last either way, then by upload date, newest first.`;
