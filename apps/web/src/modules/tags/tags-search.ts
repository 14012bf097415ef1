/**
 * The documents list's search (`DocumentsSearch` of documents/search-params.ts), written here by its
 * shape so tags does not import documents: the router checks it against the documents route's own.
 */
type DocumentsListSearch = { tags?: string[] };

/**
 * The documents list search for a tag filter, written `?tags=a,b` (the comma form the documents route
 * reads) instead of the router's default JSON array (`?tags=["a","b"]`).
 */
export function tagsFilterSearch(tagIds: readonly string[]): DocumentsListSearch {
  return (tagIds.length > 0 ? { tags: tagIds.join(',') } : {}) as unknown as DocumentsListSearch;
}
