import type { DocumentListItemDto } from '@sheaf/contracts/documents';
import { SEARCH_PALETTE_PAGE_SIZE } from '@sheaf/contracts/limits';
import { apiClient } from '../../shared/http/api-client';

export type DocumentSearchResult = { documents: DocumentListItemDto[]; documentsCount: number };

/** GET /documents/search (spec §7): the palette asks for page 0 of 5 results. */
export async function searchDocuments({
  organizationId,
  searchQuery,
  pageIndex = 0,
  pageSize = SEARCH_PALETTE_PAGE_SIZE,
  signal,
}: {
  organizationId: string;
  searchQuery: string;
  pageIndex?: number;
  pageSize?: number;
  signal?: AbortSignal;
}): Promise<DocumentSearchResult> {
  const answer = await apiClient.request<Partial<DocumentSearchResult>>(
    `/api/organizations/${encodeURIComponent(organizationId)}/documents/search`,
    { query: { searchQuery, pageIndex, pageSize }, signal },
  );
  const documents = answer?.documents ?? [];
  return { documents, documentsCount: answer?.documentsCount ?? documents.length };
}
