/**
 * A list's selection: either documents picked by id (kept across pages), or "every document that
 * matches" the list's current filter, which stands for the filter itself rather than ids (it works for
 * any number of documents).
 */
export type Selection = { kind: 'ids'; ids: ReadonlySet<string>; anchorId: string | null } | { kind: 'all' };

export const emptySelection: Selection = { kind: 'ids', ids: new Set(), anchorId: null };

export const isSelected = (selection: Selection, documentId: string) =>
  selection.kind === 'all' || selection.ids.has(documentId);

/** How many documents the selection holds; `matchingCount` is what "all that match" stands for. */
export const selectedCountOf = (selection: Selection, matchingCount: number) =>
  selection.kind === 'all' ? matchingCount : selection.ids.size;

export const isSelectionEmpty = (selection: Selection) =>
  selection.kind === 'ids' && selection.ids.size === 0;

/** Whether every, some or none of a page's rows are selected (the header checkbox). */
export function pageStateOf(selection: Selection, pageIds: readonly string[]): boolean | 'indeterminate' {
  if (pageIds.length === 0) return false;
  if (selection.kind === 'all') return true;
  const count = pageIds.filter((id) => selection.ids.has(id)).length;
  if (count === 0) return false;
  return count === pageIds.length ? true : 'indeterminate';
}

/**
 * One row toggled. With `extend` (Shift), every row of the page from the last toggled one to this
 * one takes this row's new state. Leaving "all that match" by unticking a row keeps the page's
 * other rows selected: the ids of the rest of the matching documents are not known here.
 */
export function toggleRow(
  selection: Selection,
  documentId: string,
  pageIds: readonly string[],
  { extend = false }: { extend?: boolean } = {},
): Selection {
  if (selection.kind === 'all') {
    return {
      kind: 'ids',
      ids: new Set(pageIds.filter((id) => id !== documentId)),
      anchorId: documentId,
    };
  }
  const willSelect = !selection.ids.has(documentId);
  const ids = new Set(selection.ids);
  const anchorIndex = selection.anchorId === null ? -1 : pageIds.indexOf(selection.anchorId);
  const index = pageIds.indexOf(documentId);
  const range =
    extend && anchorIndex !== -1 && index !== -1
      ? pageIds.slice(Math.min(anchorIndex, index), Math.max(anchorIndex, index) + 1)
      : [documentId];
  for (const id of range) {
    if (willSelect) ids.add(id);
    else ids.delete(id);
  }
  return { kind: 'ids', ids, anchorId: documentId };
}

/** "Select this page": every row of the page, or none of them when all already were. */
export function togglePage(selection: Selection, pageIds: readonly string[]): Selection {
  if (pageStateOf(selection, pageIds) === true) {
    if (selection.kind === 'all') return emptySelection;
    const ids = new Set(selection.ids);
    for (const id of pageIds) ids.delete(id);
    return { kind: 'ids', ids, anchorId: null };
  }
  const ids = new Set(selection.kind === 'ids' ? selection.ids : []);
  for (const id of pageIds) ids.add(id);
  return { kind: 'ids', ids, anchorId: selection.kind === 'ids' ? selection.anchorId : null };
}

/** The ids in chunks the API takes in one request. */
export function chunksOf<Item>(items: readonly Item[], size: number): Item[][] {
  const chunks: Item[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
