export const DOCUMENT_TABS = ['info', 'content', 'activity'] as const;
export type DocumentTab = (typeof DOCUMENT_TABS)[number];

export type DocumentsSearch = { tags?: string[] };
export type DocumentSearch = { tab?: DocumentTab };

/** `?tags=` holds one or several tag ids: repeated, comma-separated, or as an array. */
export function validateDocumentsSearch(search: Record<string, unknown>): DocumentsSearch {
  const raw = [search.tags ?? []].flat();
  const tags = [
    ...new Set(
      raw
        .filter((value): value is string | number => typeof value === 'string' || typeof value === 'number')
        .flatMap((value) => String(value).split(','))
        .map((value) => value.trim())
        .filter((value) => value !== ''),
    ),
  ];
  return tags.length > 0 ? { tags } : {};
}

/** `?tab=` selects the document page's tab; the default, info, is left out of the URL. */
export function validateDocumentSearch(search: Record<string, unknown>): DocumentSearch {
  const tab = DOCUMENT_TABS.find((candidate) => candidate === search.tab);
  return tab && tab !== 'info' ? { tab } : {};
}
