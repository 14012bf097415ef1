import {
  type DocumentSearchHitDto,
  type SearchMatchRange,
  searchDocumentsQuerySchema,
} from '@sheaf/contracts/documents';
import { SEARCH_COUNT_CAP, SEARCH_SNIPPET_LENGTH } from '@sheaf/contracts/limits';
import { DEMO_SEARCH_PAGE_SIZE } from './constants';
import { type DemoContext, requireOrganization } from './context';
import { activeDocuments, toListItem } from './documents-store';
import { json, parseWith, readQuery, route } from './http';

/** Words of 3 characters or more match anywhere in the name or content; shorter ones a name word's start (the server's rule). */
const SUBSTRING_MIN_LENGTH = 3;

/** Letters that are not a base letter plus a diacritic, folded as the server's index folds them. */
const LETTER_FOLDS: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ß: 'ss', æ: 'ae', œ: 'oe', ı: 'i' };

/**
 * `text` folded for matching (lower case, no diacritics) with, for each folded character, the
 * index of the original character it comes from: a match in the folded text maps back to ranges
 * of the original.
 */
export function foldWithOffsets(text: string): { folded: string; offsets: number[] } {
  let folded = '';
  const offsets: number[] = [];
  let index = 0;
  for (const character of text) {
    const lower = character.toLowerCase();
    const base = LETTER_FOLDS[lower] ?? lower.normalize('NFD').replace(/\p{M}/gu, '');
    for (const unit of base) {
      folded += unit;
      for (let i = 0; i < unit.length; i += 1) offsets.push(index);
    }
    index += character.length;
  }
  offsets.push(index);
  return { folded, offsets };
}

export const foldText = (text: string) => foldWithOffsets(text).folded;

/** Where each word occurs in `text`, as ranges of the original text, merged and sorted. */
function findRanges(text: string, words: string[]): SearchMatchRange[] {
  const { folded, offsets } = foldWithOffsets(text);
  const ranges: SearchMatchRange[] = [];
  for (const word of words) {
    const needle = foldText(word);
    for (
      let at = folded.indexOf(needle);
      at !== -1 && needle !== '';
      at = folded.indexOf(needle, at + needle.length)
    ) {
      ranges.push({ start: offsets[at] ?? 0, end: offsets[at + needle.length] ?? text.length });
    }
  }
  ranges.sort((a, b) => a.start - b.start);
  const merged: SearchMatchRange[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/** About SEARCH_SNIPPET_LENGTH characters of the content around its first match, with the matches in it. */
function buildSnippet(content: string, words: string[]) {
  const first = findRanges(content, words)[0];
  if (!first) return { snippet: '', matches: [] };
  const start = Math.max(0, first.start - Math.floor(SEARCH_SNIPPET_LENGTH / 3));
  const end = Math.min(content.length, start + SEARCH_SNIPPET_LENGTH);
  const prefix = start > 0 ? '…' : '';
  const snippet = `${prefix}${content.slice(start, end).replace(/\s+/g, ' ')}${end < content.length ? '…' : ''}`;
  return { snippet, matches: findRanges(snippet, words) };
}

export function parseSearchQuery(searchQuery: string) {
  const words = [...new Set(searchQuery.normalize('NFC').trim().split(/\s+/u))].filter((word) => word !== '');
  const substrings = words.filter((word) => [...word].length >= SUBSTRING_MIN_LENGTH);
  const namePrefixes = words
    .filter((word) => [...word].length < SUBSTRING_MIN_LENGTH)
    .map((word) => foldText(word.replace(/[^\p{L}\p{N}\p{M}]/gu, '')))
    .filter((word) => word !== '');
  return { substrings, namePrefixes };
}

export function matchesQuery(
  document: { name: string; content: string },
  { substrings, namePrefixes }: ReturnType<typeof parseSearchQuery>,
) {
  const name = foldText(document.name);
  const content = foldText(document.content);
  const nameWords = name.split(/[^\p{L}\p{N}]+/u);
  return (
    (substrings.length > 0 || namePrefixes.length > 0) &&
    substrings.every((word) => name.includes(foldText(word)) || content.includes(foldText(word))) &&
    namePrefixes.every((prefix) => nameWords.some((word) => word.startsWith(prefix)))
  );
}

export const searchRoutes = (context: DemoContext) => [
  route('GET', '/api/organizations/:organizationId/documents/search', ({ params, url }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    const { searchQuery, pageIndex, pageSize, tags } = parseWith(searchDocumentsQuerySchema, {
      pageSize: String(DEMO_SEARCH_PAGE_SIZE),
      ...readQuery(url),
    });
    const terms = parseSearchQuery(searchQuery);
    const hits = activeDocuments(context, organization.id).filter(
      (document) =>
        matchesQuery(document, terms) &&
        tags.every((tagId) =>
          context.state.documentTags.some((link) => link.documentId === document.id && link.tagId === tagId),
        ),
    );
    const documents: DocumentSearchHitDto[] = hits
      .slice(pageIndex * pageSize, (pageIndex + 1) * pageSize)
      .map((document) => ({
        ...toListItem(context, document),
        ...buildSnippet(document.content, terms.substrings),
      }));
    return json({
      documents,
      documentsCount: Math.min(hits.length, SEARCH_COUNT_CAP),
      documentsCountIsCapped: hits.length > SEARCH_COUNT_CAP,
    });
  }),
];
