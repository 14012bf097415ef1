import type { SearchMatchRange } from '@sheaf/contracts/documents';
import { SEARCH_SNIPPET_LENGTH } from '@sheaf/contracts/limits';
import { SQLITE_SEARCH_LETTER_FOLDS } from '../../db/migrations/0010-search-letter-folds';

/**
 * Snippets of search hits: a piece of the content around the first match, and the ranges of it
 * that match the query's words. Matching folds text as the index does (letter folds of migration
 * 0010, NFKD, combining marks dropped, lower case), so whatever the index found is found here, and
 * every range maps back to the original characters: `Straße` is one range for `strasse`, and
 * decomposed accents (`e` + U+0301) belong to the range of their letter.
 */

const LETTER_FOLDS = new Map(SQLITE_SEARCH_LETTER_FOLDS);
const COMBINING_MARKS = /\p{M}/gu;
const ELLIPSIS = '…';
// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range, control characters included
const NOT_ASCII = /[^\u0000-\u007f]/;

/** One character (code point) folded as the index folds it; '' for a combining mark. */
function foldCharacter(character: string): string {
  const code = character.charCodeAt(0);
  // Most text is ASCII: no fold but the case.
  if (code < 0x80) return code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : character;
  const letter = LETTER_FOLDS.get(character) ?? character;
  return letter.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** A query word folded as the text is (the same fold, so the two always agree). */
export function foldSearchWord(word: string): string {
  let folded = '';
  for (const character of word) folded += foldCharacter(character);
  return folded;
}

type FoldedText = {
  folded: string;
  /** For each UTF-16 unit of `folded`: where the original character it comes from starts and ends. */
  starts: number[];
  ends: number[];
};

/** `text[from, to)` folded, with a map back to offsets of `text`. */
function foldWithOffsets(text: string, from: number, to: number): FoldedText {
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

/** Every occurrence of every word in `text[from, to)`, as ranges of `text`, sorted and merged. */
function findRanges(text: string, words: string[], from = 0, to = text.length): SearchMatchRange[] {
  const ranges: SearchMatchRange[] = [];
  // (An empty word would match everywhere, forever.)
  const needles = words.filter((needle) => needle !== '');
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
  const { folded, starts, ends } = foldWithOffsets(text, from, to);
  for (const word of needles) {
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + 1)) {
      ranges.push({ start: starts[at]!, end: ends[at + word.length - 1]! });
    }
  }
  return mergeRanges(ranges);
}

/** Ranges sorted by start, overlapping or touching ones merged into one. */
export function mergeRanges(ranges: SearchMatchRange[]): SearchMatchRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: SearchMatchRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/**
 * How much text is folded at first looking for the first match, doubled each time up to the last:
 * most first matches are near the start, and a long content is never folded whole at once.
 */
const FIRST_CHUNK = 1024;
const LAST_CHUNK = 65_536;

/** The first match of any word in `text` (the earliest start), or undefined. */
export function findFirstMatch(text: string, words: string[]): SearchMatchRange | undefined {
  const needles = words.filter((word) => word !== '');
  if (needles.length === 0) return undefined;
  // A match starting in a chunk may end past it: chunks are read with this much more. A folded unit
  // comes from at least one unit, combining marks aside (a few per letter at most).
  const overlap = 4 * Math.max(...needles.map((word) => word.length)) + 16;
  let chunk = FIRST_CHUNK;
  for (let from = 0; from < text.length; from += chunk, chunk = Math.min(LAST_CHUNK, chunk * 2)) {
    const chunkEnd = Math.min(text.length, from + chunk);
    const first = findRanges(text, needles, from, Math.min(text.length, chunkEnd + overlap)).find(
      (range) => range.start < chunkEnd,
    );
    if (first) return first;
  }
  return undefined;
}

const isSpace = (character: string | undefined) => character !== undefined && /\s/u.test(character);
/** How far a window edge may move to reach a word boundary before the word is cut instead. */
const WORD_BOUNDARY_REACH = 24;

export type Snippet = { snippet: string; matches: SearchMatchRange[] };

/**
 * The snippet of `content` for query words (already folded with `foldSearchWord`): about `length`
 * characters around the first match, the match about a quarter in, cut between words where one is
 * near, whitespace runs shown as one space, and `…` where text was cut off at either end. Then the
 * ranges of the snippet matching any word. `''` and no ranges when no word is in the content (the
 * document matched by its name).
 */
export function buildSnippet(content: string, words: string[], length = SEARCH_SNIPPET_LENGTH): Snippet {
  return snippetOf(content, words, length, false) ?? { snippet: '', matches: [] };
}

/**
 * `buildSnippet` from the start of a longer content: undefined when the start does not tell (no
 * match in it, or one too near its end), then the whole content is needed.
 */
export function buildSnippetFromStart(start: string, words: string[], length = SEARCH_SNIPPET_LENGTH) {
  return snippetOf(start, words, length, true);
}

function snippetOf(content: string, words: string[], length: number, textContinues: boolean) {
  const first = findFirstMatch(content, words);
  if (!first) return textContinues ? undefined : { snippet: '', matches: [] };
  const matchLength = first.end - first.start;
  const before = Math.max(0, Math.floor((length - matchLength) / 4));
  let start = Math.max(0, first.start - before);
  // (Room for the word boundary search and an ellipsis past the window.)
  if (textContinues && start + length + WORD_BOUNDARY_REACH + 1 >= content.length) return undefined;
  let end = Math.min(content.length, Math.max(first.end, start + length));
  // Near the end of the text: the window moves back to stay about `length` long.
  if (end - start < length) start = Math.max(0, end - length);
  start = Math.min(start, first.start);
  // Cut between words: forward to the start of a word, back to the end of one.
  if (start > 0 && !isSpace(content[start - 1])) {
    const limit = Math.min(first.start, start + WORD_BOUNDARY_REACH);
    let next = start;
    while (next < limit && !isSpace(content[next])) next++;
    if (next < limit) start = next;
  }
  if (end < content.length && !isSpace(content[end])) {
    const limit = Math.max(first.end, end - WORD_BOUNDARY_REACH);
    let previous = end;
    while (previous > limit && !isSpace(content[previous - 1])) previous--;
    if (previous > limit) end = previous;
  }
  // Never split a surrogate pair.
  if (start > 0 && /[\uDC00-\uDFFF]/.test(content[start] ?? '')) start--;
  if (end < content.length && /[\uDC00-\uDFFF]/.test(content[end] ?? '')) end++;
  const body = content.slice(start, end).replace(/\s+/gu, ' ').trim();
  const snippet = `${start > 0 ? ELLIPSIS : ''}${body}${end < content.length ? ELLIPSIS : ''}`;
  return { snippet, matches: findRanges(snippet, words) };
}
