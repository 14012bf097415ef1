import type { DocumentSearchHitDto, SearchDocumentsResponse } from '@sheaf/contracts/documents';
import { SEARCH_COUNT_CAP } from '@sheaf/contracts/limits';
import { foldSearchText } from '@sheaf/contracts/search-text';
import type { AppDatabase } from '../../db/database';
import { type DocumentListRow, toDocumentListItemDto } from '../documents/documents.models';
import { createDocumentsReadPort, type DocumentsReadPort } from '../documents/documents.port';
import { hasSearchTerms, parseSearchQuery } from './search.models';
import { createSearchRepository } from './search.repository';
import { buildSnippet, buildSnippetFromStart, type Snippet } from './search.snippets';

/**
 * How much of each hit's content is read for its snippet at first: the first match is almost
 * always in it; the whole content (up to megabytes) is read only when it is not.
 */
const CONTENT_START_LENGTH = 32_768;

export function createSearchUsecases({
  database,
  countCap = SEARCH_COUNT_CAP,
  documents = createDocumentsReadPort({ database }),
}: {
  database: AppDatabase;
  /** Matches counted at most (tests set a small one). */
  countCap?: number;
  /** The documents module's read port (the hits' tags); one on `database` when absent. */
  documents?: Pick<DocumentsReadPort, 'getTagsByDocumentIds'>;
}) {
  const search = createSearchRepository({ db: database.db, dialect: database.dialect });

  /** The snippet of each hit, from the start of its content or, failing that, all of it. */
  async function findSnippets(ids: string[], words: string[]) {
    const snippets = new Map<string, Snippet>();
    if (words.length === 0 || ids.length === 0) return snippets;
    const starts = await search.findContentStarts(ids, CONTENT_START_LENGTH);
    for (const id of ids) {
      const start = starts.get(id) ?? { start: '', isWhole: true };
      snippets.set(
        id,
        (start.isWhole ? buildSnippet(start.start, words) : buildSnippetFromStart(start.start, words)) ??
          buildSnippet(await search.findContent(id), words),
      );
    }
    return snippets;
  }

  /** List items with their tags and snippets (for `words`, folded query words). */
  async function toHits(rows: DocumentListRow[], words: string[]): Promise<DocumentSearchHitDto[]> {
    const ids = rows.map((row) => row.id);
    const [tags, snippets] = await Promise.all([
      documents.getTagsByDocumentIds({ documentIds: ids }),
      // Short words match names only: the content shows the longer ones.
      findSnippets(ids, words),
    ]);
    return rows.map((row) => ({
      ...toDocumentListItemDto(row, tags.get(row.id) ?? []),
      ...(snippets.get(row.id) ?? { snippet: '', matches: [] }),
    }));
  }

  return {
    /**
     * A page of the organization's active documents matching the query (see search.models) and
     * carrying every tag of `tagIds`, as list items with a snippet; the count stops at the cap.
     */
    async searchDocuments({
      organizationId,
      searchQuery,
      tagIds = [],
      pageIndex,
      pageSize,
    }: {
      organizationId: string;
      searchQuery: string;
      tagIds?: string[];
      pageIndex: number;
      pageSize: number;
    }): Promise<SearchDocumentsResponse> {
      const terms = parseSearchQuery(searchQuery);
      if (!hasSearchTerms(terms)) return { documents: [], documentsCount: 0, documentsCountIsCapped: false };
      const filters = { organizationId, terms, tagIds: [...new Set(tagIds)] };
      const { rows, isDense } = await search.findPage({ ...filters, pageIndex, pageSize });
      // The count is the slow part: the hits are made meanwhile (PostgreSQL runs both at once).
      const [{ count, countIsCapped }, hits] = await Promise.all([
        search.count({ ...filters, cap: countCap, isDense }),
        toHits(rows, terms.substrings.map(foldSearchText)),
      ]);
      return { documents: hits, documentsCount: count, documentsCountIsCapped: countIsCapped };
    },
  };
}

export type SearchUsecases = ReturnType<typeof createSearchUsecases>;
