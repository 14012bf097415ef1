import { type DocumentSearchHitDto, searchDocumentsQuerySchema } from '@sheaf/contracts/documents';
import { SEARCH_COUNT_CAP, SEARCH_SNIPPET_LENGTH } from '@sheaf/contracts/limits';
import { searchEndpoints } from '@sheaf/contracts/search';
import {
  findSearchMatches,
  foldSearchText,
  hasSearchTerms,
  parseSearchQuery,
  type SearchTerms,
} from '@sheaf/contracts/search-text';
import { DEMO_SEARCH_PAGE_SIZE } from './constants';
import { type DemoContext, requireOrganization } from './context';
import { activeDocuments, toListItem } from './documents-store';
import { handle, json, parseWith, readQuery } from './http';

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

export const searchRoutes = (context: DemoContext) => [
  handle(searchEndpoints.searchDocuments, ({ params, url }) => {
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
