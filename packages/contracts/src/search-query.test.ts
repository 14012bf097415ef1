import { describe, expect, it } from 'vitest';
import {
  isEmptySearchQuery,
  type ParsedSearchQuery,
  parseSearchDateRange,
  parseSearchQuery,
  SEARCH_SYNTAX_HELP,
} from './search-query';

const EMPTY: ParsedSearchQuery = {
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

/** The parse of each query, as the fields that differ from an empty one. */
const TABLE: Array<[string, Partial<ParsedSearchQuery>]> = [
  // Words and phrases
  ['invoice', { words: ['invoice'] }],
  ['  electricity   bill  ', { words: ['electricity', 'bill'] }],
  ['bill bill BILL', { words: ['bill', 'BILL'] }],
  ['"late payment fee"', { phrases: ['late payment fee'] }],
  ['"late   payment\tfee"', { phrases: ['late payment fee'] }],
  ['"invoice"', { words: ['invoice'] }],
  ['""', {}],
  ['" "', {}],
  ['Northwind "net 30" invoice', { words: ['Northwind', 'invoice'], phrases: ['net 30'] }],
  ['e-mail invoice-2024', { words: ['e-mail', 'invoice-2024'] }],
  // Exclusions
  ['-paid', { excludedWords: ['paid'] }],
  [
    'invoice -draft -"late fee"',
    { words: ['invoice'], excludedWords: ['draft'], excludedPhrases: ['late fee'] },
  ],
  ['- invoice', { words: ['invoice'] }],
  ['-', {}],
  ['--x', { excludedWords: ['-x'] }],
  // Tags
  ['tag:invoices', { tagNames: ['invoices'] }],
  ['TAG:Invoices tag:invoices', { tagNames: ['Invoices'] }],
  ['tag:"two  words"', { tagNames: ['two words'] }],
  ['-tag:paid', { excludedTagNames: ['paid'] }],
  ['tag:', { words: ['tag:'] }],
  ['tag>3', { words: ['tag>3'] }],
  // Dates
  ['date:2024', { dateRanges: [{ from: '2024-01-01', to: '2024-12-31' }] }],
  ['date:2024-02', { dateRanges: [{ from: '2024-02-01', to: '2024-02-29' }] }],
  ['date:2023-12', { dateRanges: [{ from: '2023-12-01', to: '2023-12-31' }] }],
  ['date:2024-03-01', { dateRanges: [{ from: '2024-03-01', to: '2024-03-01' }] }],
  ['date:>=2024-03-01', { dateRanges: [{ from: '2024-03-01' }] }],
  ['date>=2024-03-01', { dateRanges: [{ from: '2024-03-01' }] }],
  ['date:>2024', { dateRanges: [{ from: '2025-01-01' }] }],
  ['date:>2024-02-28', { dateRanges: [{ from: '2024-02-29' }] }],
  ['date:<2025', { dateRanges: [{ to: '2024-12-31' }] }],
  ['date:<2024-03-01', { dateRanges: [{ to: '2024-02-29' }] }],
  ['date:<=2024-06', { dateRanges: [{ to: '2024-06-30' }] }],
  ['date:2024-01-01..2024-06-30', { dateRanges: [{ from: '2024-01-01', to: '2024-06-30' }] }],
  ['date:2023..2024-06', { dateRanges: [{ from: '2023-01-01', to: '2024-06-30' }] }],
  ['date:2024..', { dateRanges: [{ from: '2024-01-01' }] }],
  ['date:..2024-06', { dateRanges: [{ to: '2024-06-30' }] }],
  [
    'date:2024 date:<2024-07',
    { dateRanges: [{ from: '2024-01-01', to: '2024-12-31' }, { to: '2024-06-30' }] },
  ],
  // Dates that do not parse are text
  ['date:banana', { words: ['date:banana'] }],
  ['date:2024-02-30', { words: ['date:2024-02-30'] }],
  ['date:2024-13', { words: ['date:2024-13'] }],
  ['date:..', { words: ['date:..'] }],
  ['date:24', { words: ['date:24'] }],
  ['-date:2024', { excludedWords: ['date:2024'] }],
  // File types
  ['type:pdf', { fileTypes: ['pdf'] }],
  ['type:PDF type:image', { fileTypes: ['pdf', 'image'] }],
  ['-type:image', { excludedFileTypes: ['image'] }],
  ['type:docx', { words: ['type:docx'] }],
  // Properties
  ['amount>100', { properties: [{ propertyName: 'amount', operator: '>', value: '100' }] }],
  ['amount>=100', { properties: [{ propertyName: 'amount', operator: '>=', value: '100' }] }],
  ['amount<100', { properties: [{ propertyName: 'amount', operator: '<', value: '100' }] }],
  ['amount<=100.5', { properties: [{ propertyName: 'amount', operator: '<=', value: '100.5' }] }],
  ['amount=100', { properties: [{ propertyName: 'amount', operator: '=', value: '100' }] }],
  ['amount:100', { properties: [{ propertyName: 'amount', operator: ':', value: '100' }] }],
  ['amount:>100', { properties: [{ propertyName: 'amount', operator: '>', value: '100' }] }],
  ['"due date"<2024-07', { properties: [{ propertyName: 'due date', operator: '<', value: '2024-07' }] }],
  ['"due date":2024', { properties: [{ propertyName: 'due date', operator: ':', value: '2024' }] }],
  ['client:"Acme Corp"', { properties: [{ propertyName: 'client', operator: ':', value: 'Acme Corp' }] }],
  ['"type":contract', { properties: [{ propertyName: 'type', operator: ':', value: 'contract' }] }],
  ['due_date:2024', { properties: [{ propertyName: 'due_date', operator: ':', value: '2024' }] }],
  [
    'Betrag>100 Größe:groß',
    {
      properties: [
        { propertyName: 'Betrag', operator: '>', value: '100' },
        { propertyName: 'Größe', operator: ':', value: 'groß' },
      ],
    },
  ],
  ['amount>', { words: ['amount>'] }],
  ['"due date"', { phrases: ['due date'] }],
  ['-amount>100', { excludedWords: ['amount>100'] }],
  // What looks like a condition but is text
  ['10:30', { words: ['10:30'] }],
  ['https://example.com/a?b=c', { words: ['https://example.com/a?b=c'] }],
  [':invoice', { words: [':invoice'] }],
  ['>=100', { words: ['>=100'] }],
  // Unbalanced quotes, unicode
  ['"unbalanced phrase', { words: ['unbalanced', 'phrase'] }],
  ['invoice "', { words: ['invoice'] }],
  ['tag:"open', { tagNames: ['open'] }],
  ['a"b c"d', { phrases: ['ab cd'] }],
  ['Łódź Straße', { words: ['Łódź', 'Straße'] }],
  ['cre\u0300me', { words: ['crème'] }],
  ['😀 tag:🏷️', { words: ['😀'], tagNames: ['🏷️'] }],
  ['', {}],
  ['   ', {}],
];

describe('parseSearchQuery', () => {
  it.each(TABLE)('reads %j', (query, expected) => {
    expect(parseSearchQuery(query)).toEqual({ ...EMPTY, ...expected });
  });

  it('never throws, whatever the text', () => {
    const pieces = [
      '"',
      '-',
      ':',
      '..',
      'tag:',
      'date:',
      '>=',
      '<',
      'a',
      ' ',
      '\u0301',
      '😀',
      'type:',
      '2024',
      '=',
    ];
    for (let seed = 1; seed <= 2000; seed++) {
      let text = '';
      let state = seed;
      for (let index = 0; index < 12; index++) {
        state = (state * 1103515245 + 12345) % 2147483648;
        text += pieces[state % pieces.length];
      }
      const parsed = parseSearchQuery(text);
      for (const word of [...parsed.words, ...parsed.excludedWords]) expect(word).not.toMatch(/\s/u);
      for (const property of parsed.properties) expect(property.value).not.toBe('');
    }
  });

  it('tells an empty query from one that asks for something', () => {
    expect(isEmptySearchQuery(parseSearchQuery(' - "" '))).toBe(true);
    expect(isEmptySearchQuery(parseSearchQuery('tag:invoices'))).toBe(false);
    expect(isEmptySearchQuery(parseSearchQuery('-draft'))).toBe(false);
  });
});

describe('parseSearchDateRange', () => {
  it('reads a day, a month and a year as their first and last days, leap years included', () => {
    expect(parseSearchDateRange(':', '2100-02')).toEqual({ from: '2100-02-01', to: '2100-02-28' });
    expect(parseSearchDateRange('=', '2000-02')).toEqual({ from: '2000-02-01', to: '2000-02-29' });
    expect(parseSearchDateRange('>', '2024-12-31')).toEqual({ from: '2025-01-01' });
    expect(parseSearchDateRange('<', '2024-01-01')).toEqual({ to: '2023-12-31' });
  });

  it('refuses what is not a date, and ranges with `=` or a comparison', () => {
    expect(parseSearchDateRange(':', '2024/01/01')).toBeUndefined();
    expect(parseSearchDateRange('=', '2024..2025')).toBeUndefined();
    expect(parseSearchDateRange('>', '2024..2025')).toBeUndefined();
    expect(parseSearchDateRange('>', '9999')).toBeUndefined();
    expect(parseSearchDateRange(':', '0000')).toBeUndefined();
  });
});

describe('SEARCH_SYNTAX_HELP', () => {
  it('gives each row a stable id of its own, and examples that parse as what they show', () => {
    const ids = SEARCH_SYNTAX_HELP.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { id, example } of SEARCH_SYNTAX_HELP) {
      const parsed = parseSearchQuery(example);
      const field: Record<string, keyof ParsedSearchQuery> = {
        words: 'words',
        phrase: 'phrases',
        excludedWord: 'excludedWords',
        tag: 'tagNames',
        excludedTag: 'excludedTagNames',
        date: 'dateRanges',
        dateFrom: 'dateRanges',
        dateRange: 'dateRanges',
        type: 'fileTypes',
        property: 'properties',
        quotedProperty: 'properties',
      };
      expect(parsed[field[id]!], id).not.toHaveLength(0);
    }
  });
});
