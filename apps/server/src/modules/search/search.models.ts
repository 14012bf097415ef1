// The index's folds, so that the query is folded exactly as the index was built.
import { SQLITE_SEARCH_LETTER_FOLDS } from '../../db/migrations/0010-search-letter-folds';

/**
 * How a search query is read. Words are separated by spaces and every word must match (AND):
 * - a word of 3 characters or more matches a substring of the name or the content;
 * - a shorter word matches the start of a word of the name only (`in` finds `invoice-2024.pdf`,
 *   never `within` nor a word of the content).
 * Case and diacritics are ignored by the database side (FTS5 tokenizers / `sheaf_search_normalize`).
 * Letters that are not a base letter plus a diacritic (`ø`, `ł`, `ß`) are folded by PostgreSQL's
 * `unaccent` (`o`, `l`, `ss`); on SQLite the index holds them folded (migration 0010) and the
 * query words are folded alike (`foldSearchLetters`).
 *
 * Matches come newest first, and are counted up to a cap (SEARCH_COUNT_CAP): see the module's
 * README for why (a common word matches every document; only the page and the cap are read).
 * Each hit carries a snippet of its content around the first match of a substring word, with the
 * ranges of every such word in it (search.snippets).
 */
export const SUBSTRING_MIN_LENGTH = 3;

export type SearchTerms = {
  /** Words matched as substrings of the name or content. */
  substrings: string[];
  /** Letters and digits of the shorter words, matched as word prefixes of the name. */
  namePrefixes: string[];
};

const LETTERS_AND_DIGITS = /[\p{L}\p{N}\p{M}]/u;
const NOT_LETTERS_OR_DIGITS = /[^\p{L}\p{N}\p{M}]/gu;

export function parseSearchQuery(searchQuery: string): SearchTerms {
  const words = [...new Set(searchQuery.normalize('NFC').trim().split(/\s+/u))].filter((word) => word !== '');
  const substrings: string[] = [];
  const namePrefixes: string[] = [];
  for (const word of words) {
    if ([...word].length >= SUBSTRING_MIN_LENGTH) substrings.push(word);
    // A short word is a prefix of a word: only its letters and digits count (`a.` is `a`).
    else if (LETTERS_AND_DIGITS.test(word)) namePrefixes.push(word.replace(NOT_LETTERS_OR_DIGITS, ''));
  }
  return { substrings, namePrefixes: [...new Set(namePrefixes)] };
}

const LETTER_FOLDS = new Map(SQLITE_SEARCH_LETTER_FOLDS);
const FOLDED_LETTERS = new RegExp(`[${SQLITE_SEARCH_LETTER_FOLDS.map(([from]) => from).join('')}]`, 'gu');

/** A query word folded as SQLite's search index folds names and contents. */
export const foldSearchLetters = (word: string) =>
  word.replace(FOLDED_LETTERS, (letter) => LETTER_FOLDS.get(letter) ?? letter);

export const hasSearchTerms = ({ substrings, namePrefixes }: SearchTerms) =>
  substrings.length > 0 || namePrefixes.length > 0;

/** A word as an FTS5 string: quoted, so operators and punctuation are plain text. */
export const toFtsString = (word: string) => `"${word.replace(/"/g, '""')}"`;

/** A `LIKE` pattern finding `word` anywhere (backslash escapes, PostgreSQL's default). */
export const toContainsPattern = (word: string) => `%${word.replace(/[\\%_]/g, '\\$&')}%`;
