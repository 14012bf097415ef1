import { type CalendarDate, isValidCalendarDate } from './document-dates';
import { FILE_TYPE_GROUPS, type FileTypeGroup } from './document-filters';

/**
 * The search box's query syntax, read alike by the server, the web app (its help popover, its
 * chips) and the demo. Pieces are separated by spaces outside double quotes, and combine with AND:
 *
 * - `invoice` — a word, matched in the name or the text (see search-text for how a word matches);
 * - `"late fee"` — a phrase: these words in this order (quotes around one word make it a word);
 * - `-paid`, `-"late fee"` — documents without that word or phrase;
 * - `tag:invoices`, `tag:"two words"` — documents carrying the tag of that name (case ignored);
 *   `-tag:paid` — documents without it;
 * - `date:2024`, `date:2024-03`, `date:2024-03-01` — a document date in that year, month or day;
 *   `date:>=2024-03-01`, `date:>2024`, `date:<2025`, `date:<=2024-06` (also `date>=2024-03-01`);
 *   `date:2024-01-01..2024-06-30`, `date:2024..`, `date:..2024-06` — a range (ends included);
 * - `type:pdf` — a file type group (pdf, image, text, office, email, other); several `type:` are
 *   any of them; `-type:image` leaves a group out;
 * - `amount>100`, `amount>=100`, `amount<100`, `amount<=100`, `amount=100`, `amount:100` — a
 *   condition on the custom property of that name (case ignored); a name with spaces or one of the
 *   words `tag`, `date`, `type` is quoted: `"due date"<2024-07`, `"type":contract`; values with
 *   spaces too: `client:"Acme Corp"`. `name:>100` is `name>100`. What each operator means for each
 *   property type is the server's (and the demo's) to apply; see searchEndpoints.searchDocuments.
 *
 * Nothing is an error: a piece that does not parse is searched as plain text (`date:banana` is the
 * word `date:banana`, `type:docx` the word `type:docx`, an unbalanced quote is dropped, a lone `-`
 * is ignored). A property name starts with a letter or `_`, so times and references (`10:30`,
 * `2024-01:7`) are words, and a `:` followed by `//` is a URL's, so `https://example.com` is a word.
 */

export const SEARCH_PROPERTY_OPERATORS = [':', '=', '>', '>=', '<', '<='] as const;
export type SearchPropertyOperator = (typeof SEARCH_PROPERTY_OPERATORS)[number];

/** A condition on a custom property, by its name as typed (resolved case-insensitively). */
export type SearchPropertyCondition = {
  propertyName: string;
  operator: SearchPropertyOperator;
  /** As typed (quotes removed), never empty. */
  value: string;
};

/** A document date range, both ends included; an end left out is open. */
export type SearchDateRange = { from?: CalendarDate; to?: CalendarDate };

export type ParsedSearchQuery = {
  /** Plain words to match (NFC, each once, in order). */
  words: string[];
  /** Quoted phrases of two words or more (whitespace runs read as one space). */
  phrases: string[];
  /** `-word`: documents holding the word are left out. */
  excludedWords: string[];
  /** `-"two words"`. */
  excludedPhrases: string[];
  /** `tag:name`: documents carrying each of these tags (by name, as typed). */
  tagNames: string[];
  /** `-tag:name`: documents carrying none of these tags. */
  excludedTagNames: string[];
  /** `date:…`: the document date in every one of these ranges. */
  dateRanges: SearchDateRange[];
  /** `type:…`: the document's file type is any of these (none given: any type). */
  fileTypes: FileTypeGroup[];
  /** `-type:…`: none of these. */
  excludedFileTypes: FileTypeGroup[];
  properties: SearchPropertyCondition[];
};

/** One piece of the syntax for the help popover: `id` names its meaning's translation. */
export type SearchSyntaxHelpItem = { id: string; example: string; meaning: string };

/** The help popover's rows (the web app translates `meaning` by `id`). */
export const SEARCH_SYNTAX_HELP: readonly SearchSyntaxHelpItem[] = [
  {
    id: 'words',
    example: 'electricity bill',
    meaning: 'Documents holding every word, in the name or the text',
  },
  { id: 'phrase', example: '"late payment fee"', meaning: 'These words in this order' },
  { id: 'excludedWord', example: '-draft', meaning: 'Leaves out documents holding this word' },
  { id: 'tag', example: 'tag:invoices', meaning: 'Carries this tag (quote names with spaces)' },
  { id: 'excludedTag', example: '-tag:paid', meaning: 'Does not carry this tag' },
  { id: 'date', example: 'date:2024', meaning: 'Document date in this year, month (2024-03) or day' },
  { id: 'dateFrom', example: 'date:>=2024-03-01', meaning: 'Document date on or after (also >, <, <=)' },
  {
    id: 'dateRange',
    example: 'date:2024-01-01..2024-06-30',
    meaning: 'Document date in this range, both ends included',
  },
  { id: 'type', example: 'type:pdf', meaning: 'File type: {{types}}' },
  {
    id: 'property',
    example: 'amount>100',
    meaning: 'A property by its name: = equals, : matches, > >= < <= compare',
  },
  {
    id: 'quotedProperty',
    example: '"due date"<2024-07',
    meaning: 'Quote a property name or value with spaces',
  },
];

/** The syntax's own words, which a bare `word:` names; a property of such a name is quoted. */
const KEYWORDS = ['tag', 'date', 'type'] as const;

/** A bare property name: a letter or `_` first, so `10:30` and `2024-01:7` stay words. */
const BARE_NAME = /^([\p{L}_][\p{L}\p{M}\p{N}_.-]*?)(>=|<=|=|>|<|:)/u;
/** The operators, longest first (`>=` before `>`). */
const OPERATOR = /^(>=|<=|=|>|<|:)/;

/** Part of a piece: text typed outside quotes, or inside a pair of them. */
type Segment = { text: string; quoted: boolean };

/** The pieces of a query: runs of text between spaces outside quotes, with their quoted parts. */
function splitPieces(query: string): Segment[][] {
  const pieces: Segment[][] = [];
  let segments: Segment[] = [];
  let bare = '';
  const endBare = () => {
    if (bare !== '') segments.push({ text: bare, quoted: false });
    bare = '';
  };
  const endPiece = () => {
    endBare();
    if (segments.length > 0) pieces.push(segments);
    segments = [];
  };
  for (let index = 0; index < query.length; index++) {
    const character = query[index]!;
    if (/\s/u.test(character)) {
      endPiece();
      continue;
    }
    if (character !== '"') {
      bare += character;
      continue;
    }
    const closing = query.indexOf('"', index + 1);
    // An unbalanced quote is dropped: the rest reads as if it were not there.
    if (closing < 0) continue;
    endBare();
    segments.push({ text: query.slice(index + 1, closing), quoted: true });
    index = closing;
  }
  endPiece();
  return pieces;
}

const textOf = (segments: readonly Segment[]) => segments.map((segment) => segment.text).join('');

/** The piece read as a name, an operator and a value, if it has that shape. */
function readCondition(
  segments: readonly Segment[],
): { name: string; nameIsQuoted: boolean; operator: SearchPropertyOperator; value: string } | undefined {
  const [first, second] = segments;
  if (!first) return undefined;
  let name: string;
  let rest: Segment[];
  let operator: SearchPropertyOperator;
  if (first.quoted) {
    const match = second && !second.quoted ? OPERATOR.exec(second.text) : null;
    if (!match) return undefined;
    name = first.text.trim().replace(/\s+/gu, ' ');
    operator = match[1] as SearchPropertyOperator;
    rest = [{ text: second!.text.slice(match[1]!.length), quoted: false }, ...segments.slice(2)];
  } else {
    const match = BARE_NAME.exec(first.text);
    if (!match) return undefined;
    name = match[1]!;
    operator = match[2] as SearchPropertyOperator;
    rest = [{ text: first.text.slice(match[0].length), quoted: false }, ...segments.slice(1)];
  }
  // `name:>=value` is `name>=value`.
  const head = rest[0]!;
  if (operator === ':' && !head.quoted) {
    const comparison = OPERATOR.exec(head.text);
    if (comparison && comparison[1] !== ':') {
      operator = comparison[1] as SearchPropertyOperator;
      rest = [{ text: head.text.slice(comparison[1]!.length), quoted: false }, ...rest.slice(1)];
    }
  }
  const value = textOf(rest).trim();
  if (name === '' || value === '') return undefined;
  // `https://…`, `ftp://…`: a URL, not a condition.
  if (operator === ':' && !rest[0]!.quoted && rest[0]!.text.startsWith('//')) return undefined;
  return { name, nameIsQuoted: first.quoted, operator, value };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const formatDate = (date: Date): CalendarDate =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const shiftDay = (day: CalendarDate, days: number) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const shifted = new Date(0);
  shifted.setUTCFullYear(year, month - 1, date + days);
  return formatDate(shifted);
};

/** `2024` → the year, `2024-03` → the month, `2024-03-01` → the day: its first and last days. */
function periodOf(text: string): { first: CalendarDate; last: CalendarDate } | undefined {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text);
  if (!match) return undefined;
  const [, year, month, day] = match;
  if (day !== undefined) return isValidCalendarDate(text) ? { first: text, last: text } : undefined;
  if (month !== undefined) {
    const first = `${year}-${month}-01`;
    if (!isValidCalendarDate(first)) return undefined;
    const next =
      Number(month) === 12 ? `${pad(Number(year) + 1, 4)}-01-01` : `${year}-${pad(Number(month) + 1)}-01`;
    return { first, last: Number(year) === 9999 && Number(month) === 12 ? '9999-12-31' : shiftDay(next, -1) };
  }
  if (Number(year) === 0) return undefined;
  return { first: `${year}-01-01`, last: `${year}-12-31` };
}

/** A `date:` value as a range, or undefined when it is not one. */
export function parseSearchDateRange(
  operator: SearchPropertyOperator,
  value: string,
): SearchDateRange | undefined {
  if (operator === ':' || operator === '=') {
    const separator = value.indexOf('..');
    if (separator >= 0 && operator === ':') {
      const fromText = value.slice(0, separator);
      const toText = value.slice(separator + 2);
      const from = fromText === '' ? undefined : periodOf(fromText);
      const to = toText === '' ? undefined : periodOf(toText);
      if ((fromText !== '' && !from) || (toText !== '' && !to) || (!from && !to)) return undefined;
      return { ...(from ? { from: from.first } : {}), ...(to ? { to: to.last } : {}) };
    }
    const period = periodOf(value);
    return period && { from: period.first, to: period.last };
  }
  const period = periodOf(value);
  if (!period) return undefined;
  switch (operator) {
    case '>=':
      return { from: period.first };
    case '>':
      return period.last === '9999-12-31' ? undefined : { from: shiftDay(period.last, 1) };
    case '<=':
      return { to: period.last };
    case '<':
      return period.first === '0001-01-01' ? undefined : { to: shiftDay(period.first, -1) };
  }
}

const FILE_TYPE_GROUP_NAMES: ReadonlySet<string> = new Set(FILE_TYPE_GROUPS);

/** Reads the query syntax (see above); never throws. */
export function parseSearchQuery(query: string): ParsedSearchQuery {
  const parsed: ParsedSearchQuery = {
    words: [],
    phrases: [],
    excludedWords: [],
    excludedPhrases: [],
    tagNames: [],
    excludedTagNames: [],
    dateRanges: [],
    fileTypes: [],
    excludedFileTypes: [],
    properties: [],
  };
  const addText = (text: string, isExcluded: boolean) => {
    const phrase = text.trim().replace(/\s+/gu, ' ');
    if (phrase === '') return;
    if (phrase.includes(' ')) (isExcluded ? parsed.excludedPhrases : parsed.phrases).push(phrase);
    else (isExcluded ? parsed.excludedWords : parsed.words).push(phrase);
  };
  for (const piece of splitPieces(query.normalize('NFC'))) {
    let segments = piece;
    let isExcluded = false;
    const first = segments[0]!;
    if (!first.quoted && first.text.startsWith('-')) {
      // A lone `-` (or one before a space) says nothing.
      if (first.text === '-' && segments.length === 1) continue;
      isExcluded = true;
      segments =
        first.text === '-'
          ? segments.slice(1)
          : [{ ...first, text: first.text.slice(1) }, ...segments.slice(1)];
    }
    if (readPiece(parsed, segments, isExcluded)) continue;
    addText(textOf(segments), isExcluded);
  }
  return dedupe(parsed);
}

/** Adds the piece to `parsed` as a condition of the syntax; false when it is plain text. */
function readPiece(parsed: ParsedSearchQuery, segments: readonly Segment[], isExcluded: boolean): boolean {
  const condition = readCondition(segments);
  if (!condition) return false;
  const { name, nameIsQuoted, operator, value } = condition;
  const keyword = nameIsQuoted ? undefined : KEYWORDS.find((word) => word === name.toLowerCase());
  if (keyword === 'tag') {
    if (operator !== ':') return false;
    (isExcluded ? parsed.excludedTagNames : parsed.tagNames).push(value.replace(/\s+/gu, ' '));
    return true;
  }
  if (keyword === 'type') {
    const group = value.toLowerCase();
    if (operator !== ':' || !FILE_TYPE_GROUP_NAMES.has(group)) return false;
    (isExcluded ? parsed.excludedFileTypes : parsed.fileTypes).push(group as FileTypeGroup);
    return true;
  }
  // Other conditions have no negated form: `-date:2024` is the excluded text `date:2024`.
  if (isExcluded) return false;
  if (keyword === 'date') {
    const range = parseSearchDateRange(operator, value);
    if (!range) return false;
    parsed.dateRanges.push(range);
    return true;
  }
  parsed.properties.push({ propertyName: name, operator, value });
  return true;
}

const unique = <Item>(items: Item[], keyOf: (item: Item) => string = String) => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

function dedupe(parsed: ParsedSearchQuery): ParsedSearchQuery {
  const tagKey = (name: string) => name.toLowerCase();
  return {
    words: unique(parsed.words),
    phrases: unique(parsed.phrases),
    excludedWords: unique(parsed.excludedWords),
    excludedPhrases: unique(parsed.excludedPhrases),
    tagNames: unique(parsed.tagNames, tagKey),
    excludedTagNames: unique(parsed.excludedTagNames, tagKey),
    dateRanges: unique(parsed.dateRanges, (range) => `${range.from ?? ''}..${range.to ?? ''}`),
    fileTypes: unique(parsed.fileTypes),
    excludedFileTypes: unique(parsed.excludedFileTypes),
    properties: unique(parsed.properties, (item) =>
      JSON.stringify([item.propertyName.toLowerCase(), item.operator, item.value]),
    ),
  };
}

/** Whether the query asks for anything: a word, a phrase, an exclusion or a condition. */
export const isEmptySearchQuery = (parsed: ParsedSearchQuery) =>
  (Object.values(parsed) as unknown[][]).every((items) => items.length === 0);
