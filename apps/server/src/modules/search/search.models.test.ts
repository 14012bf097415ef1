import { parseSearchQuery as parseQuerySyntax } from '@sheaf/contracts/search-query';
import { describe, expect, it } from 'vitest';
import {
  countNameMatches,
  dateTokensOfRange,
  hasSearchTerms,
  intersectDateRanges,
  parseSearchQuery,
  rankTermsOf,
  requiredSubstringsOf,
  toContainsPattern,
  toFtsString,
  toSearchText,
} from './search.models';

describe('search query parsing', () => {
  it('reads words of three characters or more as substrings and shorter words as name prefixes', () => {
    expect(parseSearchQuery('  in  Hundeschule 2024 ')).toEqual({
      substrings: ['Hundeschule', '2024'],
      namePrefixes: ['in'],
    });
  });

  it('keeps only the letters and digits of short words, and drops those without any', () => {
    expect(parseSearchQuery('a. -- é invoice')).toEqual({
      substrings: ['invoice'],
      namePrefixes: ['a', 'é'],
    });
    expect(hasSearchTerms(parseSearchQuery('-- ?'))).toBe(false);
  });

  it('counts characters, not UTF-16 units, and drops repeated words', () => {
    expect(parseSearchQuery('😀😀 tax tax')).toEqual({ substrings: ['tax'], namePrefixes: [] });
    expect(parseSearchQuery('e\u0301t')).toEqual({ substrings: [], namePrefixes: ['ét'] });
  });

  it('quotes FTS5 strings and escapes LIKE wildcards', () => {
    expect(toFtsString('say "hi" OR *')).toBe('"say ""hi"" OR *"');
    expect(toContainsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});

describe('the text a search looks for', () => {
  it('sorts the parsed query into words, name prefixes, phrases and what is left out', () => {
    expect(toSearchText(parseQuerySyntax('in invoice "late  fee" -draft -"paid in full" -x "!!"'))).toEqual({
      substrings: ['invoice'],
      namePrefixes: ['in'],
      phrases: ['late fee'],
      excluded: { substrings: ['draft'], namePrefixes: ['x'], phrases: ['paid in full'] },
    });
  });

  it('needs the words of its phrases as substrings, those long enough to be', () => {
    const text = toSearchText(parseQuerySyntax('tax "a late fee" "fee à la carte"'));
    expect(requiredSubstringsOf(text)).toEqual(['tax', 'late', 'fee', 'carte']);
    expect(rankTermsOf(text)).toEqual(['tax', 'a late fee', 'fee à la carte']);
  });
});

describe('countNameMatches', () => {
  const count = (name: string, query: string) =>
    countNameMatches(name, toSearchText(parseQuerySyntax(query)));

  it('counts the words found in the name as the index finds them: folded, inside words too', () => {
    expect(count('Northwind invoice 2024-07.pdf', 'northwind invoice')).toBe(2);
    expect(count('Northwind invoice 2024-07.pdf', 'NORTHWIND total')).toBe(1);
    expect(count('Zahnärztin Rechnung.pdf', 'zahnarztin')).toBe(1);
    expect(count('Łódź umowa.txt', 'lodz')).toBe(1);
    expect(count('Syntax notes.txt', 'tax')).toBe(1);
    expect(count('Meeting notes.txt', 'northwind')).toBe(0);
  });

  it('counts a short word at the start of a word of the name, and a phrase as its words in order', () => {
    expect(count('invoice-2024.pdf', 'in')).toBe(1);
    expect(count('within.pdf', 'in')).toBe(0);
    expect(count('Late fee notice.pdf', '"late fee"')).toBe(1);
    expect(count('Fee for being late.pdf', '"late fee"')).toBe(0);
  });
});

describe('date ranges', () => {
  it('intersects ranges, open ends staying open', () => {
    expect(intersectDateRanges([{ from: '2024-01-01', to: '2024-12-31' }, { to: '2024-06-30' }])).toEqual({
      from: '2024-01-01',
      to: '2024-06-30',
    });
    expect(intersectDateRanges([{}, { from: '2023-05-01' }])).toEqual({ from: '2023-05-01' });
    expect(intersectDateRanges([])).toEqual({});
  });

  it('covers a range with the fewest date tokens: whole years, whole months, then days', () => {
    expect(dateTokensOfRange('2024-01-01', '2024-12-31')).toEqual(['y2024']);
    expect(dateTokensOfRange('2023-11-30', '2025-02-01')).toEqual([
      'd20231130',
      'm202312',
      'y2024',
      'm202501',
      'd20250201',
    ]);
    expect(dateTokensOfRange('2024-02-28', '2024-03-01')).toEqual(['d20240228', 'd20240229', 'd20240301']);
    expect(dateTokensOfRange('2024-03-02', '2024-03-01')).toEqual([]);
    expect(dateTokensOfRange('1900-01-02', '2026-12-31', 50)).toBeUndefined();
  });
});
