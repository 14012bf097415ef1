import type { BulkFilterInput } from '@sheaf/contracts/bulk';
import { type DocumentFilters, formatPropertyCondition } from '@sheaf/contracts/document-filters';

/**
 * A list's filter as a bulk selection of "every document that matches": the same filters (property
 * conditions written as the API reads them) and, for search results, the query.
 */
export function bulkFilterOf(
  filters: DocumentFilters,
  { scope = 'documents', searchQuery }: { scope?: 'documents' | 'trash'; searchQuery?: string } = {},
): BulkFilterInput {
  return {
    scope,
    ...(searchQuery ? { searchQuery } : {}),
    ...filters,
    property: filters.property.map(formatPropertyCondition),
  };
}
