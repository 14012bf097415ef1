import { useCallback, useMemo, useState } from 'react';
import { emptySelection, isSelected, pageStateOf, type Selection, togglePage, toggleRow } from './selection';

/**
 * A list's bulk selection. It belongs to one `scopeKey` (the list's filter and search): when they
 * change, the selection starts empty, so "all that match" never stands for another filter than the
 * one shown. Picked ids stay selected across pages and sorts.
 */
export function useBulkSelection({ scopeKey, pageIds }: { scopeKey: string; pageIds: readonly string[] }) {
  const [state, setState] = useState<{ scopeKey: string; selection: Selection }>({
    scopeKey,
    selection: emptySelection,
  });
  const selection = state.scopeKey === scopeKey ? state.selection : emptySelection;
  const setSelection = useCallback(
    (update: (current: Selection) => Selection) =>
      setState((current) => ({
        scopeKey,
        selection: update(current.scopeKey === scopeKey ? current.selection : emptySelection),
      })),
    [scopeKey],
  );
  const pageKey = pageIds.join(',');

  // What the documents table takes (its `selection` prop).
  // biome-ignore lint/correctness/useExhaustiveDependencies: pageKey stands for pageIds' content.
  const tableSelection = useMemo(
    () => ({
      isSelected: (documentId: string) => isSelected(selection, documentId),
      pageState: pageStateOf(selection, pageIds),
      onToggle: (documentId: string, { extend }: { extend: boolean }) =>
        setSelection((current) => toggleRow(current, documentId, pageIds, { extend })),
      onTogglePage: () => setSelection((current) => togglePage(current, pageIds)),
    }),
    [selection, pageKey, setSelection],
  );

  return {
    selection,
    tableSelection,
    selectAllMatching: useCallback(() => setSelection(() => ({ kind: 'all' })), [setSelection]),
    clear: useCallback(() => setSelection(() => emptySelection), [setSelection]),
  };
}
