/**
 * How search reads a query and folds text, the one rule for the server (its query, its snippets)
 * and the demo (its whole search): what one finds, the other finds, highlighted alike.
 *
 * A query is words separated by spaces, every word must match (AND):
 * - a word of SUBSTRING_MIN_LENGTH characters or more matches a substring of the name or the content;
 * - a shorter word matches the start of a word of the name only (`in` finds `invoice-2024.pdf`,
 *   never `within` nor a word of the content); only its letters and digits count (`a.` is `a`).
 * Matching ignores case and diacritics, and folds the letters of SEARCH_LETTER_FOLDS (`lodz` finds
 * `Łódź`, `strasse` finds `Straße`): see `foldSearchText`.
 */

/** Words of this many characters (code points) or more match substrings; shorter ones name word starts. */
export const SUBSTRING_MIN_LENGTH = 3;

export type SearchTerms = {
  /** Words matched as substrings of the name or content (as typed, NFC). */
  substrings: string[];
  /** Letters and digits of the shorter words, matched as word prefixes of the name (as typed, NFC). */
  namePrefixes: string[];
};

const LETTERS_AND_DIGITS = /[\p{L}\p{N}\p{M}]/u;
const NOT_LETTERS_OR_DIGITS = /[^\p{L}\p{N}\p{M}]/gu;

/** The query's words, each once, in their composed form; not folded (see `foldSearchText`). */
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

/** Whether the query has a word to look for (`-- ?` has none: it finds nothing). */
export const hasSearchTerms = ({ substrings, namePrefixes }: SearchTerms) =>
  substrings.length > 0 || namePrefixes.length > 0;

/**
 * Letters that are not a base letter with a diacritic (NFKD leaves them whole), folded the way
 * PostgreSQL's `unaccent` folds them, so `lodz` finds `Łódź` and `strasse` finds `Straße` everywhere.
 *
 * SQLite's search index holds names and contents folded with this table (its triggers were built
 * from a frozen copy of it, migration 0010): the index and the queries must agree, so changing it
 * takes a new migration that rebuilds the index with the new table (a server test compares the two).
 */
export const SEARCH_LETTER_FOLDS: ReadonlyArray<readonly [string, string]> = [
  ['ł', 'l'],
  ['Ł', 'L'],
  ['ø', 'o'],
  ['Ø', 'O'],
  ['ß', 'ss'],
  ['ẞ', 'SS'],
  ['đ', 'd'],
  ['Đ', 'D'],
  ['ð', 'd'],
  ['Ð', 'D'],
  ['æ', 'ae'],
  ['Æ', 'AE'],
  ['œ', 'oe'],
  ['Œ', 'OE'],
  ['þ', 'th'],
  ['Þ', 'TH'],
  ['ı', 'i'],
];

const LETTER_FOLDS = new Map(SEARCH_LETTER_FOLDS);
const FOLDED_LETTERS = new RegExp(`[${SEARCH_LETTER_FOLDS.map(([from]) => from).join('')}]`, 'gu');
const COMBINING_MARKS = /\p{M}/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range, control characters included
const NOT_ASCII = /[^\u0000-\u007f]/;

/**
 * `text` with the letters of SEARCH_LETTER_FOLDS folded, nothing else: what SQLite's index holds
 * before its tokenizer folds case and diacritics (the server's SQLite queries).
 */
export const foldSearchLetters = (text: string) =>
  text.replace(FOLDED_LETTERS, (letter) => LETTER_FOLDS.get(letter) ?? letter);

/** One character (code point) folded: letter folds, NFKD, combining marks dropped, lower case; '' for a mark. */
function foldCharacter(character: string): string {
  const code = character.charCodeAt(0);
  // Most text is ASCII: no fold but the case.
  if (code < 0x80) return code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : character;
  const letter = LETTER_FOLDS.get(character) ?? character;
  return letter.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}

/**
 * Text or a query word folded for matching: the letter folds, compatibility decomposition (`ﬁ` is
 * `fi`), diacritics dropped, lower case. `Łódź` → `lodz`, `STRAẞE` → `strasse`, `cre\u0300me` → `creme`.
 */
export function foldSearchText(text: string): string {
  let folded = '';
  for (const character of text) folded += foldCharacter(character);
  return folded;
}

export type FoldedSearchText = {
  folded: string;
  /** For each UTF-16 unit of `folded`: where the original character it comes from starts and ends. */
  starts: number[];
  ends: number[];
};

/**
 * `text[from, to)` folded as `foldSearchText` folds it, with a map back to offsets of `text`: a
 * combining mark belongs to the letter before it, and every unit of a longer fold (`ß` → `ss`) to
 * its one letter.
 */
export function foldSearchTextWithOffsets(text: string, from = 0, to = text.length): FoldedSearchText {
  const pieces: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let index = from;
  while (index < to) {
    const code = text.charCodeAt(index);
    if (code < 0x80) {
      // Most text is ASCII: nothing to fold but the case.
      pieces.push(code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : text[index]!);
      starts.push(index);
      ends.push(index + 1);
      index++;
      continue;
    }
    const width = code >= 0xd800 && code <= 0xdbff && index + 1 < to ? 2 : 1;
    const piece = foldCharacter(text.slice(index, index + width));
    if (piece === '' && ends.length > 0) {
      // A combining mark: part of the letter before it, every unit of that letter's fold.
      const letterStart = starts[starts.length - 1];
      for (let unit = ends.length - 1; unit >= 0 && starts[unit] === letterStart; unit--) {
        ends[unit] = index + width;
      }
    }
    for (let unit = 0; unit < piece.length; unit++) {
      starts.push(index);
      ends.push(index + width);
    }
    pieces.push(piece);
    index += width;
  }
  return { folded: pieces.join(''), starts, ends };
}

/** A range of a text, `[start, end)` in UTF-16 units (the API's SearchMatchRange). */
export type TextRange = { start: number; end: number };

/** Ranges sorted by start, overlapping or touching ones merged into one. */
export function mergeRanges(ranges: readonly TextRange[]): TextRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: TextRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/**
 * Every occurrence in `text[from, to)` of every word (already folded with `foldSearchText`), as
 * ranges of the original `text`, sorted and merged: `Straße` is one range for `strasse`, and a
 * decomposed accent belongs to the range of its letter.
 */
export function findSearchMatches(
  text: string,
  foldedWords: readonly string[],
  from = 0,
  to = text.length,
): TextRange[] {
  const ranges: TextRange[] = [];
  // (An empty word would match everywhere, forever.)
  const needles = foldedWords.filter((needle) => needle !== '');
  const piece = text.slice(from, to);
  if (!NOT_ASCII.test(piece)) {
    // ASCII only, the usual case: the fold is the lower case, unit for unit.
    const folded = piece.toLowerCase();
    for (const word of needles) {
      for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + 1)) {
        ranges.push({ start: from + at, end: from + at + word.length });
      }
    }
    return mergeRanges(ranges);
  }
  const { folded, starts, ends } = foldSearchTextWithOffsets(text, from, to);
  for (const word of needles) {
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + 1)) {
      ranges.push({ start: starts[at]!, end: ends[at + word.length - 1]! });
    }
  }
  return mergeRanges(ranges);
}
