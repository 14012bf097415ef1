import {
  type DocumentFilters,
  type DocumentSort,
  defaultSortOrderOf,
} from '@sheaf/contracts/document-filters';
import { hasDocumentFilters } from '@sheaf/contracts/document-filters-match';
import type { DocumentListItemDto, DocumentSearchHitDto } from '@sheaf/contracts/documents';
import { DOCUMENTS_PAGE_SIZE, SEARCH_MIN_QUERY_LENGTH } from '@sheaf/contracts/limits';
import { isOrderedPropertyType, type PropertyDefinitionDto } from '@sheaf/contracts/properties';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { ListFilter, MessageSquare, SearchX, SlidersHorizontal, Sparkles } from 'lucide-react';
import { type ComponentType, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '../../../shared/format/date';
import { getCurrentLocale } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from '../../../shared/ui/dropdown-menu';
import { EmptyState } from '../../../shared/ui/empty-state';
import { HighlightedText } from '../../../shared/ui/highlighted-text';
import { Tooltip } from '../../../shared/ui/tooltip';
import { useSession } from '../../auth/api';
import { BulkActionBar } from '../../bulk/bulk-action-bar';
import { bulkFilterOf } from '../../bulk/bulk-filter';
import { useBulkSelection } from '../../bulk/use-bulk-selection';
import { membersQueryOptions } from '../../members/api';
import { propertiesQueryOptions } from '../../properties/api';
import { formatCalendarDate, usePropertyValueFormatter } from '../../properties/format';
import { tagsQueryOptions } from '../../tags/api';
import { documentsQueryOptions, documentsSearchQueryOptions } from '../api';
import { ColumnChooser, type OptionalColumn, useListColumns } from '../components/column-chooser';
import { DocumentsEmptyState } from '../components/documents-empty-state';
import { DocumentsQueryGrid } from '../components/documents-grid';
import {
  DocumentsQueryTable,
  type DocumentsTableColumn,
  type PaginationState,
  type TableSorting,
} from '../components/documents-table';
import { DocumentsViewSwitch, useDocumentsView } from '../components/documents-view-switch';
import { FilterBuilderDialog } from '../components/filter-builder';
import { FilterChips, useFilterChips } from '../components/filter-chips';
import { ListSearchBox } from '../components/list-search-box';
import {
  SortFields,
  SortMenu,
  type SortState,
  startingOrderOf,
  useSortOptions,
} from '../components/sort-control';
import { useIsNarrowScreen } from '../components/use-narrow-screen';
import { useLiveDocuments } from '../live-documents';
import {
  type DocumentListSort,
  type DocumentsSearch,
  documentFiltersOf,
  parseDocumentsSearch,
  withFilters,
  withoutEmpty,
  withoutFilters,
} from '../search-params';

const routeApi = getRouteApi('/private/organizations/$organizationId/documents');

type FilterTag = { id: string; name: string; color: string };

/** "Filter by tag": a menu of the organization's tags as checkboxes, each toggling a "has all" filter. */
function TagFilterMenu({
  tags,
  tagIds,
  onChange,
}: {
  tags: readonly FilterTag[];
  tagIds: string[];
  onChange: (tagIds: string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          {t('documents.list.filter-by-tag')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-80 w-56 overflow-y-auto">
        {tags.map((tag) => (
          <DropdownMenuCheckboxItem
            key={tag.id}
            checked={tagIds.includes(tag.id)}
            // Stay open so several tags can be picked in a row.
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(checked) =>
              onChange(checked ? [...tagIds, tag.id] : tagIds.filter((id) => id !== tag.id))
            }
          >
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 rounded-full ring-1 ring-foreground/15"
              style={{ backgroundColor: tag.color }}
            />
            <span className="truncate">{tag.name}</span>
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The document date in the UI language, marked when it was read from the document rather than set. */
function DocumentDateCell({ document }: { document: DocumentListItemDto }) {
  const { t, i18n } = useTranslation();
  if (!document.documentDate) return null;
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <time dateTime={document.documentDate}>
        {formatCalendarDate(document.documentDate, getCurrentLocale(i18n))}
      </time>
      {document.documentDateIsDetected ? (
        <Tooltip content={t('documents.table.date-detected-hint')}>
          {/* Not a tab stop on every row: screen readers read the hidden word, the pointer gets the tooltip. */}
          <span className="inline-flex text-muted-foreground">
            <Sparkles className="size-3.5" aria-hidden="true" />
            <span className="sr-only">{t('documents.table.date-detected')}</span>
          </span>
        </Tooltip>
      ) : null}
    </span>
  );
}

/** A speech bubble and the number of notes, when there are some. */
function NotesCountCell({ count }: { count: number }) {
  const { t } = useTranslation();
  if (!(count > 0)) return null;
  return (
    <span className="inline-flex items-center gap-1 text-muted-foreground tabular-nums">
      <MessageSquare className="size-3.5" aria-hidden="true" />
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{t('documents.table.notes-count', { count })}</span>
    </span>
  );
}

const isSearchHit = (document: DocumentListItemDto): document is DocumentSearchHitDto =>
  'snippet' in document && typeof document.snippet === 'string';

/**
 * The documents list (spec §2, issue 29): a search box, filters combined with AND shown as
 * removable chips, a sort (also from the column headers), optional columns, all of it in the URL.
 * With a query of two characters or more it lists the search's hits, by relevance unless sorted
 * otherwise.
 */
/** What a tool beside the sort and columns (saved views) reads of the list and may change. */
export type DocumentsListToolProps = {
  organizationId: string;
  search: DocumentsSearch;
  columns: readonly OptionalColumn[];
  setColumns: (columns: OptionalColumn[]) => void;
};

export function DocumentsPage({
  ViewsMenu,
}: {
  /** The saved views' menu, given by the app (features do not import each other's components). */
  ViewsMenu?: ComponentType<DocumentsListToolProps>;
} = {}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { organizationId } = routeApi.useParams();
  // The route only checks its search loosely (its validator is in the app's entry chunk): the
  // filters are parsed here, in the list's chunk.
  const routeSearch = routeApi.useSearch();
  const search = useMemo(() => parseDocumentsSearch(routeSearch), [routeSearch]);
  const { formatRelative } = useDateFormatter();
  const isNarrow = useIsNarrowScreen();
  const [builderOpen, setBuilderOpen] = useState(false);
  const filterButton = useRef<HTMLButtonElement>(null);
  const [columns, setColumns] = useListColumns(organizationId);
  // List or grid, each user's choice (issue 31); the list follows changes made elsewhere meanwhile.
  const session = useSession();
  const [view, setView] = useDocumentsView(session.data?.user.id);
  useLiveDocuments(organizationId);

  const filters = documentFiltersOf(search);
  const searchQuery = search.q?.trim() ?? '';
  const isSearching = searchQuery.length >= SEARCH_MIN_QUERY_LENGTH;
  const defaultSort: DocumentListSort = isSearching ? 'relevance' : 'createdAt';
  const sort: DocumentListSort =
    search.sort && (search.sort !== 'relevance' || isSearching) ? search.sort : defaultSort;
  const order = sort === 'relevance' ? 'desc' : (search.order ?? defaultSortOrderOf(sort));
  const pagination: PaginationState = {
    pageIndex: (search.page ?? 1) - 1,
    pageSize: search.pageSize ?? DOCUMENTS_PAGE_SIZE,
  };
  // The API's defaults are the list's: only what differs is sent.
  const apiSort = sort === defaultSort || sort === 'relevance' ? undefined : sort;
  const apiOrder = sort === 'relevance' || search.order === undefined ? undefined : order;

  const list = useQuery({
    ...documentsQueryOptions({ organizationId, ...pagination, filters, sort: apiSort, order: apiOrder }),
    enabled: !isSearching,
  });
  const hits = useQuery({
    ...documentsSearchQueryOptions({
      organizationId,
      searchQuery,
      ...pagination,
      filters,
      sort: apiSort,
      order: apiOrder,
    }),
    enabled: isSearching,
  });
  const documents = isSearching ? hits : list;

  // Bulk selection (issue 30): it belongs to the filter and search shown; "all that match" is that filter.
  const pageIds = documents.data?.documents.map((document) => document.id) ?? [];
  const bulkFilter = bulkFilterOf(filters, { searchQuery: isSearching ? searchQuery : undefined });
  const bulk = useBulkSelection({ scopeKey: JSON.stringify(bulkFilter), pageIds });

  const tags = useQuery(tagsQueryOptions(organizationId));
  const propertiesQuery = useQuery(propertiesQueryOptions(organizationId));
  const properties: PropertyDefinitionDto[] = propertiesQuery.data ?? [];
  const hasMemberProperty = properties.some((property) => property.type === 'member');
  const members = useQuery({ ...membersQueryOptions(organizationId), enabled: hasMemberProperty });
  const memberName = (userId: string) => members.data?.find((member) => member.user.id === userId)?.user.name;
  const { format } = usePropertyValueFormatter(memberName);

  // Names from the organization's tags; the documents' own tags cover a tag list not loaded (yet).
  const tagsById = new Map<string, FilterTag>([
    ...(documents.data?.documents.flatMap((document) => document.tags.map((tag) => [tag.id, tag] as const)) ??
      []),
    ...(tags.data?.map((tag) => [tag.id, tag] as const) ?? []),
  ]);
  const propertiesById = new Map(properties.map((property) => [property.id, property]));
  const chips = useFilterChips(filters, { tagsById, propertiesById, memberName });

  const setSearch = (next: DocumentsSearch, { replace = false }: { replace?: boolean } = {}) =>
    void navigate({
      to: '/organizations/$organizationId/documents',
      params: { organizationId },
      search: withoutEmpty(next),
      replace,
    });
  const setFilters = (next: DocumentFilters) => setSearch(withFilters(search, next));
  const clearFilters = () => setSearch(withoutFilters(search));
  const focusFilterButton = useCallback(() => filterButton.current?.focus(), []);

  const setSort = ({ sort: nextSort, order: nextOrder }: SortState) => {
    const { page: _page, sort: _sort, order: _order, ...rest } = search;
    setSearch({
      ...rest,
      sort: nextSort === defaultSort ? undefined : nextSort,
      order: nextSort === 'relevance' || nextOrder === startingOrderOf(nextSort) ? undefined : nextOrder,
    });
  };
  const sorting: TableSorting = {
    sort,
    order,
    onSort: (sortKey: DocumentSort) =>
      setSort(
        sort === sortKey
          ? { sort: sortKey, order: order === 'asc' ? 'desc' : 'asc' }
          : { sort: sortKey, order: startingOrderOf(sortKey) },
      ),
  };
  const sortOptions = useSortOptions({ isSearching, properties });

  const setQuery = (value: string, { immediate }: { immediate: boolean }) => {
    const { page: _page, q: previous, ...rest } = search;
    const q = value.trim() === '' ? undefined : value;
    if ((q ?? '') === (previous ?? '')) return;
    // Refining a search replaces it in the history; starting or leaving one is a step back can undo.
    setSearch({ ...rest, q }, { replace: !immediate && Boolean(previous) && Boolean(q) });
  };

  const setPagination = (next: PaginationState) => {
    const { page: _page, pageSize: _pageSize, ...rest } = search;
    setSearch({
      ...rest,
      page: next.pageIndex > 0 ? next.pageIndex + 1 : undefined,
      pageSize: next.pageSize === DOCUMENTS_PAGE_SIZE ? undefined : next.pageSize,
    });
  };

  const propertyColumns = columns.flatMap((column: OptionalColumn): DocumentsTableColumn[] => {
    const property = column.startsWith('property:')
      ? propertiesById.get(column.slice('property:'.length))
      : undefined;
    if (!property) return [];
    return [
      {
        id: column,
        header: property.name,
        hideOnMobile: true,
        headClassName: 'sm:w-36',
        widthRem: 9,
        sortKey: isOrderedPropertyType(property.type) ? `property:${property.id}` : undefined,
        cell: (document) => {
          const value = document.properties.find((entry) => entry.propertyId === property.id)?.value;
          if (value === undefined) return null;
          const text = format(property, value);
          return (
            <span className="block truncate" title={text}>
              {text}
            </span>
          );
        },
      },
    ];
  });

  const extraColumns: DocumentsTableColumn[] = [
    {
      id: 'document-date',
      header: t('documents.table.document-date'),
      hideOnMobile: true,
      headClassName: 'sm:w-40',
      widthRem: 10,
      sortKey: 'documentDate',
      cell: (document) => <DocumentDateCell document={document} />,
      mobileDetail: (document) => (document.documentDate ? <DocumentDateCell document={document} /> : null),
    },
    ...propertyColumns,
    ...(columns.includes('updatedAt')
      ? [
          {
            id: 'updated-at',
            header: t('documents.table.updated-at'),
            hideOnMobile: true,
            cell: (document: DocumentListItemDto) => (
              <span className="whitespace-nowrap text-muted-foreground">
                {/* Never changed since the upload: last updated when it was created. */}
                {formatRelative(document.updatedAt ?? document.createdAt)}
              </span>
            ),
          },
        ]
      : []),
    {
      id: 'notes',
      header: t('documents.table.notes'),
      hideOnMobile: true,
      headClassName: 'sm:w-20',
      widthRem: 5,
      cell: (document) => <NotesCountCell count={document.notesCount} />,
      mobileDetail: (document) => <NotesCountCell count={document.notesCount} />,
    },
  ];

  const count = documents.data?.documentsCount;
  const formattedCount = count === undefined ? '' : new Intl.NumberFormat(i18n.language).format(count);
  const countText =
    count === undefined
      ? ''
      : isSearching
        ? hits.data?.documentsCountIsCapped
          ? t('documents.list.results-count-capped', { formatted: formattedCount })
          : t('documents.list.results-count', { count, formatted: formattedCount })
        : t('documents.list.count', { count });
  const isNarrowed = hasDocumentFilters(filters) || isSearching;
  const sortValue: SortState = { sort, order };

  const filterBuilder = (
    <FilterBuilderDialog
      open={builderOpen}
      onOpenChange={setBuilderOpen}
      title={isNarrow ? t('documents.list.filters.sheet-title') : t('documents.list.filters.title')}
      filters={filters}
      options={{
        tags: tags.data ?? [],
        properties,
        members: members.data?.map((member) => ({ id: member.user.id, name: member.user.name })) ?? [],
      }}
      onApply={setFilters}
    >
      {isNarrow ? (
        <SortFields value={sortValue} options={sortOptions} properties={properties} onChange={setSort} />
      ) : null}
    </FilterBuilderDialog>
  );

  // The same in both views.
  const emptyState = isNarrowed ? (
    <EmptyState
      icon={SearchX}
      title={t('documents.list.no-match-title')}
      description={t('documents.list.no-match-description')}
      action={
        <Button variant="outline" onClick={() => setSearch(withoutFilters({ ...search, q: undefined }))}>
          {t('documents.list.clear-filters')}
        </Button>
      }
    />
  ) : (
    <DocumentsEmptyState />
  );
  const renderNameDetail = (document: DocumentListItemDto) =>
    isSearchHit(document) && document.snippet ? (
      <HighlightedText
        text={document.snippet}
        ranges={document.matches}
        className="line-clamp-2 break-words"
      />
    ) : null;

  // What the list shows, whichever the view: the table adds its columns and sorting.
  const listProps = {
    query: documents,
    selection: bulk.tableSelection,
    empty: emptyState,
    organizationId,
    label: t('documents.list.title'),
    pagination,
    onPaginationChange: setPagination,
    renderNameDetail,
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b pb-4">
        <h1 className="text-xl font-semibold tracking-tight">{t('documents.list.title')}</h1>
        {/* Always in the page, so the new count of each search or filter is read out. */}
        <p role="status" className="text-sm text-muted-foreground tabular-nums">
          {countText}
        </p>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <ListSearchBox
          query={search.q ?? ''}
          onQueryChange={setQuery}
          className="w-full sm:w-auto sm:min-w-72 sm:flex-1 md:max-w-md"
        />
        {isNarrow ? (
          <>
            <Button ref={filterButton} variant="outline" size="sm" onClick={() => setBuilderOpen(true)}>
              <SlidersHorizontal aria-hidden="true" />
              {t('documents.list.filters.sheet-button')}
            </Button>
            <DocumentsViewSwitch value={view} onChange={setView} className="ml-auto" />
          </>
        ) : (
          <>
            <Button ref={filterButton} variant="outline" size="sm" onClick={() => setBuilderOpen(true)}>
              <ListFilter aria-hidden="true" />
              {t('documents.list.filters.button')}
            </Button>
            {tags.data && tags.data.length > 0 ? (
              <TagFilterMenu
                tags={tags.data}
                tagIds={filters.tags}
                onChange={(tagIds) => setFilters({ ...filters, tags: tagIds })}
              />
            ) : null}
            <div className="ml-auto flex items-center gap-2">
              <SortMenu value={sortValue} options={sortOptions} properties={properties} onChange={setSort} />
              {view === 'list' ? (
                <ColumnChooser columns={columns} properties={properties} onChange={setColumns} />
              ) : null}
              <DocumentsViewSwitch value={view} onChange={setView} />
            </div>
          </>
        )}
        {/* Outside the two layouts, so that a narrower window keeps its open menu and dialogs. */}
        {ViewsMenu ? (
          <ViewsMenu
            organizationId={organizationId}
            search={search}
            columns={columns}
            setColumns={setColumns}
          />
        ) : null}
        {filterBuilder}
      </div>

      <FilterChips
        chips={chips}
        filters={filters}
        onChange={setFilters}
        onClearAll={() => {
          clearFilters();
          focusFilterButton();
        }}
        onEmptied={focusFilterButton}
      />

      <BulkActionBar
        organizationId={organizationId}
        scope="documents"
        selection={bulk.selection}
        matchingCount={documents.data?.documentsCount ?? 0}
        matchingCountIsCapped={isSearching && hits.data?.documentsCountIsCapped === true}
        pageRowCount={pageIds.length}
        isPageSelected={bulk.tableSelection.pageState === true}
        filter={bulkFilter}
        onSelectAllMatching={bulk.selectAllMatching}
        onClear={bulk.clear}
      />

      {view === 'grid' ? (
        <DocumentsQueryGrid {...listProps} />
      ) : (
        <DocumentsQueryTable
          {...listProps}
          extraColumns={extraColumns}
          sorting={sorting}
          minNameWidthRem={16}
        />
      )}
    </div>
  );
}
