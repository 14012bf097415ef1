import type { DocumentSearchHitDto, SearchDocumentsResponse } from '@sheaf/contracts/documents';
import { SEARCH_PALETTE_PAGE_SIZE } from '@sheaf/contracts/limits';
import { searchEndpoints } from '@sheaf/contracts/search';
import { call } from '../../shared/http/call';

export type DocumentSearchResult = SearchDocumentsResponse;

/** A hit as the palette reads it: tolerant of an answer without snippet or ranges (shown as none). */
function normalizeHit(hit: DocumentSearchHitDto): DocumentSearchHitDto {
  return {
    ...hit,
    snippet: typeof hit.snippet === 'string' ? hit.snippet : '',
    matches: Array.isArray(hit.matches) ? hit.matches : [],
  };
}

/**
 * GET /documents/search (spec §7): the palette asks for page 0 of 5 results. Each hit carries a snippet of
 * its text with the matched ranges; past SEARCH_COUNT_CAP matches the count is capped and says so.
 */
export async function searchDocuments({
  organizationId,
  searchQuery,
  pageIndex = 0,
  pageSize = SEARCH_PALETTE_PAGE_SIZE,
  tagIds = [],
  signal,
}: {
  organizationId: string;
  searchQuery: string;
  pageIndex?: number;
  pageSize?: number;
  /** Only documents carrying every one of these tags. */
  tagIds?: readonly string[];
  signal?: AbortSignal;
}): Promise<DocumentSearchResult> {
  // Read tolerantly, as the palette always did: an answer missing a part counts as empty there.
  const answer: Partial<SearchDocumentsResponse> | undefined = await call(
    searchEndpoints.searchDocuments,
    {
      params: { organizationId },
      query: { searchQuery, pageIndex, pageSize, tags: tagIds.length > 0 ? tagIds.join(',') : undefined },
    },
    { signal },
  );
  const documents = (answer?.documents ?? []).map(normalizeHit);
  return {
    documents,
    documentsCount: answer?.documentsCount ?? documents.length,
    documentsCountIsCapped: answer?.documentsCountIsCapped === true,
  };
}
