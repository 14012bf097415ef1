/**
 * How a search query is read (contracts' search-text, the demo's rule too): words separated by
 * spaces, every word must match (AND); a word of 3 characters or more matches a substring of the
 * name or the content, a shorter word the start of a word of the name only.
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
export {
  foldSearchLetters,
  hasSearchTerms,
  parseSearchQuery,
  type SearchTerms,
  SUBSTRING_MIN_LENGTH,
} from '@sheaf/contracts/search-text';

/** A word as an FTS5 string: quoted, so operators and punctuation are plain text. */
export const toFtsString = (word: string) => `"${word.replace(/"/g, '""')}"`;

/** A `LIKE` pattern finding `word` anywhere (backslash escapes, PostgreSQL's default). */
export const toContainsPattern = (word: string) => `%${word.replace(/[\\%_]/g, '\\$&')}%`;
