import { describe, expect, it } from 'vitest';
import { hasSearchTerms, parseSearchQuery, toContainsPattern, toFtsString } from './search.models';

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
