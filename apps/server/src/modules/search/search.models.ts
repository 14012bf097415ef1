import type { CalendarDate } from '@sheaf/contracts/document-dates';
import type { ParsedSearchQuery, SearchDateRange } from '@sheaf/contracts/search-query';
import {
  foldSearchText,
  parseSearchQuery as parseSearchWords,
  type SearchTerms,
  SUBSTRING_MIN_LENGTH,
} from '@sheaf/contracts/search-text';

/**
 * How a search query is read: contracts' search-query reads the syntax (words, phrases, `-word`,
 * `tag:`, `date:`, `type:`, properties by name); each word is then matched as contracts'
 * search-text says, the demo's rule too: a word of 3 characters or more matches a substring of the
 * name or the searched text (content and notes), a shorter word the start of a word of the name
 * only. Case and diacritics are ignored by the database side (FTS5 tokenizers /
 * `sheaf_search_normalize`). Letters that are not a base letter plus a diacritic (`ø`, `ł`, `ß`)
 * are folded by PostgreSQL's `unaccent` (`o`, `l`, `ss`); on SQLite the index holds them folded
 * (migration 0010) and the query words are folded alike (`foldSearchLetters`).
 *
 * A phrase matches its words in order as whole words (the ranking index's tokens, migration 0023);
 * an excluded word or phrase leaves out what the same word or phrase would find.
 *
 * Relevance and the count: see the module's README.
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

/** What a search looks for in the text of documents, and what it leaves out. */
export type SearchText = SearchTerms & {
  /** Quoted phrases (NFC, whitespace runs as one space), each with a letter or digit. */
  phrases: string[];
  excluded: SearchTerms & { phrases: string[] };
};

const WORD_PIECES = /[\p{L}\p{N}\p{M}]+/gu;

/** The words of a phrase as the word tokenizers cut it (letters, digits and their marks). */
export const phraseWordsOf = (phrase: string) => phrase.match(WORD_PIECES) ?? [];

/** The text conditions of a parsed query, each word as search-text reads it. */
export function toSearchText(parsed: ParsedSearchQuery): SearchText {
  const phrases = parsed.phrases.filter((phrase) => phraseWordsOf(phrase).length > 0);
  const excludedPhrases = parsed.excludedPhrases.filter((phrase) => phraseWordsOf(phrase).length > 0);
  return {
    ...parseSearchWords(parsed.words.join(' ')),
    phrases,
    excluded: { ...parseSearchWords(parsed.excludedWords.join(' ')), phrases: excludedPhrases },
  };
}

/** Whether the text asks for something that finds documents by itself (a word or a phrase). */
export const hasPositiveText = (text: SearchText) =>
  text.substrings.length > 0 || text.namePrefixes.length > 0 || text.phrases.length > 0;

export const hasExcludedText = ({ excluded }: SearchText) =>
  excluded.substrings.length > 0 || excluded.namePrefixes.length > 0 || excluded.phrases.length > 0;

/**
 * The substrings a search needs in a document: its words, and the words of its phrases long
 * enough to be substrings (a phrase's words are in any document holding it). The trigram indexes
 * find candidates by these; the phrase itself is checked on the ranking index.
 */
export const requiredSubstringsOf = (text: SearchText) => [
  ...new Set([
    ...text.substrings,
    ...text.phrases.flatMap(phraseWordsOf).filter((word) => [...word].length >= SUBSTRING_MIN_LENGTH),
  ]),
];

/** The terms of the text rank: the words of 3 characters or more and the phrases. */
export const rankTermsOf = (text: SearchText) => [...text.substrings, ...text.phrases];

/**
 * How many of the query's words and phrases a document's name holds, matched as the index matches
 * (folded; a short word as the start of a word of the name): the first key of relevance.
 */
export function countNameMatches(name: string, text: SearchText): number {
  const folded = foldSearchText(name);
  const nameWords = folded.match(WORD_PIECES) ?? [];
  let count = 0;
  for (const word of text.substrings) if (folded.includes(foldSearchText(word))) count++;
  for (const prefix of text.namePrefixes) {
    const foldedPrefix = foldSearchText(prefix);
    if (nameWords.some((nameWord) => nameWord.startsWith(foldedPrefix))) count++;
  }
  for (const phrase of text.phrases) {
    const words = phraseWordsOf(foldSearchText(phrase));
    if (includesSequence(nameWords, words)) count++;
  }
  return count;
}

const includesSequence = (words: string[], sequence: string[]) =>
  sequence.length > 0 &&
  words.some((_, start) => sequence.every((word, index) => words[start + index] === word));

/** The intersection of date ranges (ends included); undefined ends are open. */
export function intersectDateRanges(ranges: readonly SearchDateRange[]): SearchDateRange {
  let from: CalendarDate | undefined;
  let to: CalendarDate | undefined;
  for (const range of ranges) {
    if (range.from !== undefined && (from === undefined || range.from > from)) from = range.from;
    if (range.to !== undefined && (to === undefined || range.to < to)) to = range.to;
  }
  return { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) };
}

const DAY_MS = 86_400_000;
const dayAfter = (date: CalendarDate) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
const lastDayOfMonth = (date: CalendarDate) => {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
};

/**
 * SQLite: the date tokens of migration 0023 (`y2024`, `m202403`, `d20240301`) that cover the days
 * `from` to `to` exactly, whole years and months as one token; undefined past `maxTokens`.
 */
export function dateTokensOfRange(
  from: CalendarDate,
  to: CalendarDate,
  maxTokens = 200,
): string[] | undefined {
  const tokens: string[] = [];
  let day = from;
  while (day <= to) {
    if (tokens.length >= maxTokens) return undefined;
    const year = day.slice(0, 4);
    if (day.endsWith('-01-01') && `${year}-12-31` <= to) {
      tokens.push(`y${year}`);
      day = `${String(Number(year) + 1).padStart(4, '0')}-01-01`;
    } else if (day.endsWith('-01') && lastDayOfMonth(day) <= to) {
      tokens.push(`m${year}${day.slice(5, 7)}`);
      day = dayAfter(lastDayOfMonth(day));
    } else {
      tokens.push(`d${day.replace(/-/g, '')}`);
      day = dayAfter(day);
    }
  }
  return tokens;
}
