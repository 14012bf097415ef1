import { fileTypeGroupOf } from '@sheaf/contracts/document-filters';
import { type DocumentSearchHitDto, searchDocumentsQuerySchema } from '@sheaf/contracts/documents';
import { SEARCH_COUNT_CAP, SEARCH_SNIPPET_LENGTH } from '@sheaf/contracts/limits';
import type { PropertyValue } from '@sheaf/contracts/properties';
import { searchEndpoints } from '@sheaf/contracts/search';
import {
  isEmptySearchQuery,
  parseSearchDateRange,
  parseSearchQuery,
  type SearchPropertyCondition,
} from '@sheaf/contracts/search-query';
import {
  findSearchMatches,
  foldSearchText,
  hasSearchTerms,
  parseSearchQuery as parseWords,
  type SearchTerms,
} from '@sheaf/contracts/search-text';
import { tagNameKey } from '@sheaf/contracts/tag-names';
import { DEMO_SEARCH_PAGE_SIZE } from './constants';
import { type DemoContext, requireOrganization } from './context';
import { activeDocuments, filterAndSortDemoDocuments, toListItem } from './documents-store';
import { handle, json, parseWith, readQuery } from './http';
import { notesOf } from './notes';
import { propertyValuesOf } from './properties';
import type { DemoState, DocumentRow } from './state';

/** About SEARCH_SNIPPET_LENGTH characters of the content around its first match, with the matches in it. */
function buildSnippet(content: string, words: string[]) {
  const foldedWords = words.map(foldSearchText);
  const first = findSearchMatches(content, foldedWords)[0];
  if (!first) return { snippet: '', matches: [] };
  const start = Math.max(0, first.start - Math.floor(SEARCH_SNIPPET_LENGTH / 3));
  const end = Math.min(content.length, start + SEARCH_SNIPPET_LENGTH);
  const prefix = start > 0 ? '…' : '';
  const snippet = `${prefix}${content.slice(start, end).replace(/\s+/g, ' ')}${end < content.length ? '…' : ''}`;
  return { snippet, matches: findSearchMatches(snippet, foldedWords) };
}

/**
 * Whether a document matches the query as the server's index finds it (contracts' search-text):
 * every longer word in the folded name or content, every short word at the start of a name word.
 */
export function matchesQuery(document: { name: string; content: string }, terms: SearchTerms) {
  const name = foldSearchText(document.name);
  const content = foldSearchText(document.content);
  const nameWords = name.split(/[^\p{L}\p{N}]+/u);
  return (
    hasSearchTerms(terms) &&
    terms.substrings.map(foldSearchText).every((word) => name.includes(word) || content.includes(word)) &&
    terms.namePrefixes
      .map(foldSearchText)
      .every((prefix) => nameWords.some((word) => word.startsWith(prefix)))
  );
}

/** How often the query's words appear in a text (folded): the demo's stand-in for the text rank. */
function occurrences(text: string, words: string[]): number {
  const folded = foldSearchText(text);
  return words.reduce((count, word) => {
    let total = 0;
    for (let index = folded.indexOf(word); index !== -1; index = folded.indexOf(word, index + word.length)) {
      total += 1;
    }
    return count + total;
  }, 0);
}

/**
 * Relevance as the server ranks it: documents whose name holds a word of the query first, then by
 * how much of the text matches, the newest upload breaking ties.
 */
function byRelevance(documents: DocumentRow[], words: string[]): DocumentRow[] {
  const folded = words.map(foldSearchText).filter((word) => word !== '');
  const ranked = documents.map((document) => ({
    document,
    inName: folded.some((word) => foldSearchText(document.name).includes(word)),
    textRank: occurrences(document.content, folded),
  }));
  ranked.sort(
    (a, b) =>
      Number(b.inName) - Number(a.inName) ||
      b.textRank - a.textRank ||
      b.document.createdAt.localeCompare(a.document.createdAt) ||
      b.document.id.localeCompare(a.document.id),
  );
  return ranked.map(({ document }) => document);
}

/** A document's content with its notes' text after it: notes are searched as the content is. */
function searchableText(context: DemoContext, document: DocumentRow): string {
  const notes = notesOf(context.state, document.id).map((note) => note.content);
  return [document.content, ...notes].join('\n');
}

const foldedPhrase = (text: string) => foldSearchText(text).replace(/\s+/g, ' ');

/** Whether a folded text holds a phrase or word, whitespace runs reading as one space. */
const holds = (document: { name: string; content: string }, text: string) => {
  const needle = foldedPhrase(text);
  return foldedPhrase(document.name).includes(needle) || foldedPhrase(document.content).includes(needle);
};

type PropertyRow = DemoState['propertyDefinitions'][number];

/**
 * Whether a value meets a `name<op>value` piece of the query: `=` equals and `:` matches (text and
 * URLs contain it, ignoring case; a select or multi select carries the option of that name; a member
 * by name or e-mail; yes/no as yes, no, true or false; a date property's `:` takes a year, month or
 * day, as `date:`), `>` `>=` `<` `<=` compare numbers, amounts and dates.
 */
function meetsPropertyPiece(
  context: DemoContext,
  property: PropertyRow,
  value: PropertyValue | undefined,
  { operator, value: typed }: SearchPropertyCondition,
): boolean {
  if (value === undefined) return false;
  const text = typed.toLowerCase();
  switch (property.type) {
    case 'text':
    case 'url':
      return (
        typeof value === 'string' &&
        (operator === ':'
          ? value.toLowerCase().includes(text)
          : operator === '=' && value.toLowerCase() === text)
      );
    case 'boolean': {
      if (operator !== ':' && operator !== '=') return false;
      const wanted = ['yes', 'true'].includes(text)
        ? true
        : ['no', 'false'].includes(text)
          ? false
          : undefined;
      return wanted !== undefined && value === wanted;
    }
    case 'select':
    case 'multi_select': {
      if (operator !== ':' && operator !== '=') return false;
      const option = property.options.find((candidate) => candidate.name.toLowerCase() === text);
      return option !== undefined && (Array.isArray(value) ? value.includes(option.id) : value === option.id);
    }
    case 'member': {
      if (operator !== ':' && operator !== '=') return false;
      const user = context.state.users.find(({ id }) => id === value);
      return user !== undefined && (user.name.toLowerCase() === text || user.email.toLowerCase() === text);
    }
    case 'date': {
      if (typeof value !== 'string') return false;
      const range = parseSearchDateRange(operator, typed);
      return (
        range !== undefined &&
        (range.from === undefined || value >= range.from) &&
        (range.to === undefined || value <= range.to)
      );
    }
    default: {
      const amount =
        typeof value === 'number'
          ? value
          : typeof value === 'object' && !Array.isArray(value)
            ? value.amount
            : null;
      const wanted = /^-?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/.test(typed) ? Number(typed.replace(',', '.')) : null;
      if (amount === null || wanted === null) return false;
      switch (operator) {
        case '>':
          return amount > wanted;
        case '>=':
          return amount >= wanted;
        case '<':
          return amount < wanted;
        case '<=':
          return amount <= wanted;
        default:
          return amount === wanted;
      }
    }
  }
}

/**
 * The query syntax (contracts' search-query) applied as the demo's stand-in for the server: every word in the
 * name or text (search-text's rules), every phrase, no excluded word or phrase, the tags named
 * (`tag:`, case ignored; an unknown name matches nothing), the date ranges, the file types and the
 * property pieces (a property the organization does not have reads as plain words).
 */
function queryMatcher(context: DemoContext, organizationId: string, searchQuery: string) {
  const parsed = parseSearchQuery(searchQuery);
  const properties = context.state.propertyDefinitions.filter(
    (property) => property.organizationId === organizationId,
  );
  const propertyNamed = (name: string) =>
    properties.find((property) => tagNameKey(property.name) === tagNameKey(name));
  const pieces = parsed.properties.flatMap((piece) => {
    const property = propertyNamed(piece.propertyName);
    return property ? [{ piece, property }] : [];
  });
  const unknownPieces = parsed.properties
    .filter((piece) => !propertyNamed(piece.propertyName))
    .map((piece) => `${piece.propertyName}${piece.operator}${piece.value}`);
  const words = [...parsed.words, ...unknownPieces];
  const terms: SearchTerms = parseWords(words.join(' '));
  const tags = context.state.tags.filter((tag) => tag.organizationId === organizationId);
  const tagIdsNamed = (names: string[]) =>
    names.map((name) => tags.find((tag) => tagNameKey(tag.name) === tagNameKey(name))?.id ?? null);
  const wantedTags = tagIdsNamed(parsed.tagNames);
  const excludedTags = tagIdsNamed(parsed.excludedTagNames).filter((id): id is string => id !== null);
  const hasText = hasSearchTerms(terms);
  // Words that fold to nothing (`??`) ask nothing; a query asking nothing finds nothing.
  const asksNothing =
    !hasText && isEmptySearchQuery({ ...parsed, words: [], properties: pieces.map(({ piece }) => piece) });
  const matches = (document: DocumentRow): boolean => {
    if (asksNothing) return false;
    if (hasText && !matchesQuery(document, terms)) return false;
    if (!parsed.phrases.every((phrase) => holds(document, phrase))) return false;
    if ([...parsed.excludedWords, ...parsed.excludedPhrases].some((text) => holds(document, text)))
      return false;
    const tagIds = new Set(
      context.state.documentTags.filter((link) => link.documentId === document.id).map(({ tagId }) => tagId),
    );
    if (!wantedTags.every((id) => id !== null && tagIds.has(id))) return false;
    if (excludedTags.some((id) => tagIds.has(id))) return false;
    if (parsed.dateRanges.length > 0) {
      const date = document.documentDate;
      if (date === null) return false;
      if (
        !parsed.dateRanges.every(
          (range) =>
            (range.from === undefined || date >= range.from) && (range.to === undefined || date <= range.to),
        )
      )
        return false;
    }
    const group = fileTypeGroupOf(document.mimeType);
    if (parsed.fileTypes.length > 0 && !parsed.fileTypes.includes(group)) return false;
    if (parsed.excludedFileTypes.includes(group)) return false;
    const values = propertyValuesOf(context.state, document.id);
    return pieces.every(({ piece, property }) =>
      meetsPropertyPiece(
        context,
        property,
        values.find((entry) => entry.propertyId === property.id)?.value,
        piece,
      ),
    );
  };
  return {
    matches,
    highlighted: [...terms.substrings, ...parsed.phrases],
    rankedWords: [...words, ...parsed.phrases],
  };
}

/** The organization's active documents a search query finds (a bulk selection of search results). */
export function documentsMatchingQuery(
  context: DemoContext,
  organizationId: string,
  searchQuery: string,
): DocumentRow[] {
  const query = queryMatcher(context, organizationId, searchQuery);
  return activeDocuments(context, organizationId).filter((document) =>
    query.matches({ ...document, content: searchableText(context, document) }),
  );
}

export const searchRoutes = (context: DemoContext) => [
  handle(searchEndpoints.searchDocuments, ({ params, url }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    const { searchQuery, pageIndex, pageSize, sort, order, ...filters } = parseWith(
      searchDocumentsQuerySchema,
      { pageSize: String(DEMO_SEARCH_PAGE_SIZE), ...readQuery(url) },
    );
    const query = queryMatcher(context, organization.id, searchQuery);
    const matching = activeDocuments(context, organization.id)
      .map((document) => ({ ...document, content: searchableText(context, document) }))
      .filter(query.matches);
    const listSort = sort === undefined || sort === 'relevance' ? undefined : sort;
    const filtered = filterAndSortDemoDocuments(context, organization.id, matching, {
      filters,
      sort: listSort,
      order,
    });
    const hits = listSort === undefined ? byRelevance(filtered, query.rankedWords) : filtered;
    const documents: DocumentSearchHitDto[] = hits
      .slice(pageIndex * pageSize, (pageIndex + 1) * pageSize)
      .map((document) => ({
        ...toListItem(context, document),
        ...buildSnippet(document.content, query.highlighted),
      }));
    return json({
      documents,
      documentsCount: Math.min(hits.length, SEARCH_COUNT_CAP),
      documentsCountIsCapped: hits.length > SEARCH_COUNT_CAP,
    });
  }),
];
