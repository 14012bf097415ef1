import { isSavedViewColumn, type SavedViewColumn, type SavedViewDto } from '@sheaf/contracts/saved-views';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { DocumentsSearch } from '../documents/search-params';
import { savedViewsQueryOptions } from './api';
import { isPlainList, searchOfView } from './view-search';

type ColumnsListener = (organizationId: string, columns: SavedViewColumn[]) => void;

/**
 * The list's columns are kept by the list (in the browser), not in the URL: a view applied from the
 * sidebar hands them to the list showing, or keeps them for the list about to open.
 */
const columnsListeners = new Set<ColumnsListener>();
let pendingColumns: { organizationId: string; columns: SavedViewColumn[] } | null = null;

export function applyViewColumns(organizationId: string, columns: readonly string[]) {
  const valid = columns.filter(isSavedViewColumn);
  pendingColumns = { organizationId, columns: valid };
  for (const listener of columnsListeners) listener(organizationId, valid);
}

/** "Deleted since it was saved: tag “Bank”, property “Due”": what a view no longer filters on. */
export function droppedText(view: Pick<SavedViewDto, 'dropped'>, t: TFunction): string | null {
  if (view.dropped.length === 0) return null;
  const names = view.dropped.map((reference) =>
    reference.name === null
      ? t(`saved-views.dropped-unknown-${reference.kind}`)
      : t(`saved-views.dropped-${reference.kind}`, { name: reference.name }),
  );
  return t('saved-views.dropped', { names: names.join(', ') });
}

/** Applies a view: its columns, then its filters and sort as the list's URL. */
export function useApplySavedView(organizationId: string) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(
    (view: SavedViewDto, { replace = false }: { replace?: boolean } = {}) => {
      applyViewColumns(organizationId, view.columns);
      const dropped = droppedText(view, t);
      if (dropped) toast.info(dropped);
      return navigate({
        to: '/organizations/$organizationId/documents',
        params: { organizationId },
        search: searchOfView(view),
        replace,
      });
    },
    [navigate, organizationId, t],
  );
}

/**
 * What the documents list does with saved views: takes the columns of a view applied while it shows,
 * and opens on the member's default view when it is opened without filters (once per visit of the
 * page: clearing the filters afterwards shows every document).
 */
export function useSavedViewsOnList({
  organizationId,
  search,
  setColumns,
}: {
  organizationId: string;
  search: DocumentsSearch;
  setColumns: (columns: SavedViewColumn[]) => void;
}) {
  const setColumnsRef = useRef(setColumns);
  setColumnsRef.current = setColumns;
  useEffect(() => {
    const listener: ColumnsListener = (id, columns) => {
      if (id !== organizationId) return;
      pendingColumns = null;
      setColumnsRef.current(columns);
    };
    if (pendingColumns) listener(pendingColumns.organizationId, pendingColumns.columns);
    columnsListeners.add(listener);
    return () => {
      columnsListeners.delete(listener);
    };
  }, [organizationId]);

  const views = useQuery(savedViewsQueryOptions(organizationId));
  const apply = useApplySavedView(organizationId);
  const decided = useRef<string | null>(null);
  const openedPlain = useRef(isPlainList(search));
  useEffect(() => {
    if (decided.current === organizationId || !views.data) return;
    decided.current = organizationId;
    const defaultView = views.data.find(({ isDefault }) => isDefault);
    if (openedPlain.current && isPlainList(search) && defaultView) void apply(defaultView, { replace: true });
  }, [organizationId, views.data, search, apply]);
}
