import type { SearchMatchRange } from '@sheaf/contracts/documents';
import { SEARCH_SNIPPET_LENGTH } from '@sheaf/contracts/limits';
import { findSearchMatches } from '@sheaf/contracts/search-text';

/**
 * Snippets of search hits: a piece of the content around the first match, and the ranges of it
 * that match the query's words. Matching folds text as the index does (contracts' search-text:
 * letter folds, NFKD, combining marks dropped, lower case), so whatever the index found is found
 * here, and every range maps back to the original characters.
 */

const ELLIPSIS = '…';

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
    const first = findSearchMatches(text, needles, from, Math.min(text.length, chunkEnd + overlap)).find(
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
 * The snippet of `content` for query words (already folded with `foldSearchText`): about `length`
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
  return { snippet, matches: findSearchMatches(snippet, words) };
}
