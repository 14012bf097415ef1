import type { DocumentsSearch } from '../documents/search-params';

/**
 * The documents list search for a tag filter, written `?tags=a,b` (the comma form the documents route
 * reads) instead of the router's default JSON array (`?tags=["a","b"]`).
 */
export function tagsFilterSearch(tagIds: readonly string[]): DocumentsSearch {
  return (tagIds.length > 0 ? { tags: tagIds.join(',') } : {}) as unknown as DocumentsSearch;
}
