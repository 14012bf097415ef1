import type { DocumentSort, SortOrder } from '@sheaf/contracts/document-filters';
import type { DocumentListItemDto } from '@sheaf/contracts/documents';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import {
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useRef,
} from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/bytes';
import { useDateFormatter } from '../../../shared/format/date';
import { Checkbox } from '../../../shared/ui/checkbox';
import { cn } from '../../../shared/ui/cn';
import { Pagination } from '../../../shared/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../shared/ui/table';
import { TagBadge } from '../../../shared/ui/tag-badge';
import { Tooltip } from '../../../shared/ui/tooltip';
import type { DocumentsPage } from '../api';
import { splitFileName } from '../file-name';
import { getFileTypeLabel } from '../file-type-icon';
import type { DocumentListSort } from '../search-params';
import { DocumentRowMenu } from './document-row-menu';
import { DocumentThumbnail, ThumbnailPreview, useThumbnailPreviewTarget } from './document-thumbnail';
import { DocumentsQueryStates } from './documents-load-error';
import { ExtractionStatusBadge } from './extraction-status-badge';

export type DocumentsTableColumn = {
  id: string;
  header: ReactNode;
  cell: (document: DocumentListItemDto) => ReactNode;
  /** Hidden below the `sm` breakpoint, where the table keeps to the essentials. */
  hideOnMobile?: boolean;
  /** With `hideOnMobile`: what of it still shows below the `sm` breakpoint, under the file name. */
  mobileDetail?: (document: DocumentListItemDto) => ReactNode;
  /** The sort its header sets (with `sorting` on the table). */
  sortKey?: DocumentSort;
  /** Its width from `sm` up (the table's columns are fixed); `sm:w-44` by default. */
  headClassName?: string;
  /** That width in rem (11 for `sm:w-44`), for the table's minimum width (see `minNameWidthRem`). */
  widthRem?: number;
};

/** The list's sort, shown on the sortable headers (`aria-sort`), which set it when pressed. */
export type TableSorting = {
  sort: DocumentListSort;
  order: SortOrder;
  /** A header pressed: its sort (the same again flips the order). */
  onSort: (sort: DocumentSort) => void;
};

export type PaginationState = { pageIndex: number; pageSize: number };

/**
 * Row checkboxes for bulk actions: a checkbox per row (Shift+click or Shift+Space extends from the
 * last one toggled) and "select this page" in the header. Space on a row's checkbox or name toggles it.
 */
export type DocumentsTableSelection = {
  isSelected: (documentId: string) => boolean;
  /** The header checkbox: every row of the page selected, some, or none. */
  pageState: boolean | 'indeterminate';
  onToggle: (documentId: string, options: { extend: boolean }) => void;
  onTogglePage: () => void;
};

export type DocumentsTableProps = {
  organizationId: string;
  documents: DocumentListItemDto[];
  documentsCount: number;
  pagination: PaginationState;
  onPaginationChange: (pagination: PaginationState) => void;
  /** Accessible name of the table. */
  label: string;
  /** Extra columns between the file name and the standard ones. */
  extraColumns?: DocumentsTableColumn[];
  showCreationDate?: boolean;
  showTags?: boolean;
  /** Row actions: the standard menu by default, or custom content (the trash's Restore and Delete). */
  renderActions?: (document: DocumentListItemDto) => ReactNode;
  /** Width of the actions column from `sm` up (the table's columns are fixed): wider for labelled buttons. */
  actionsColumnClassName?: string;
  /** When true, a page is being fetched: the rows dim instead of jumping. */
  isFetching?: boolean;
  /** Makes the file name, creation date and columns with a `sortKey` sortable from their headers. */
  sorting?: TableSorting;
  /** Shown under a row's file name (a search hit's snippet). */
  renderNameDetail?: (document: DocumentListItemDto) => ReactNode;
  /**
   * From `sm` up, the file name keeps at least this width (rem): with many columns the table
   * scrolls sideways rather than squeezing the names to nothing.
   */
  minNameWidthRem?: number;
  /** Adds the row checkboxes of a bulk selection. */
  selection?: DocumentsTableSelection;
};

/**
 * A header that sorts: a button with the order's arrow; the header carries `aria-sort` while the
 * list is sorted by it.
 */
function SortableHeader({
  label,
  sortKey,
  sorting,
}: {
  label: ReactNode;
  sortKey: DocumentSort;
  sorting: TableSorting;
}) {
  const isSorted = sorting.sort === sortKey;
  const Icon = !isSorted ? ArrowUpDown : sorting.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={() => sorting.onSort(sortKey)}
      className={cn(
        '-mx-1.5 inline-flex max-w-full items-center gap-1 rounded-sm px-1.5 py-0.5 text-left outline-none',
        'hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
        isSorted && 'text-foreground',
      )}
    >
      <span className="truncate">{label}</span>
      <Icon className={cn('size-3.5 shrink-0', !isSorted && 'opacity-50')} aria-hidden="true" />
    </button>
  );
}

const ariaSortOf = (sorting: TableSorting | undefined, sortKey: DocumentSort | undefined) =>
  sorting && sortKey && sorting.sort === sortKey
    ? sorting.order === 'asc'
      ? ('ascending' as const)
      : ('descending' as const)
    : undefined;

function RelativeTime({ value }: { value: string }) {
  const { formatRelative, formatDateTime } = useDateFormatter();
  return (
    <Tooltip content={formatDateTime(value)}>
      <time dateTime={value} className="whitespace-nowrap">
        {formatRelative(value)}
      </time>
    </Tooltip>
  );
}

/**
 * The file-name cell: type icon, the name as a link with the extraction state beside it while the text is
 * extracted or when it failed, and "size - type - relative time" below it.
 */
function FileNameCell({
  organizationId,
  document,
  mobileDetails,
  showTags = false,
  detail,
  isPreviewOpen = false,
}: {
  organizationId: string;
  document: DocumentListItemDto;
  /** Shown under the name below the `sm` breakpoint (what the hidden columns say). */
  mobileDetails?: ReactNode;
  /** Below the `md` breakpoint, where the tags column is hidden, the tags show under the name. */
  showTags?: boolean;
  /** Under the name on every screen (a search snippet). */
  detail?: ReactNode;
  /** The row is hovered or focused: its thumbnail shows larger beside it. */
  isPreviewOpen?: boolean;
}) {
  const { i18n } = useTranslation();
  const { extension } = splitFileName(document.name);
  return (
    <ThumbnailPreview organizationId={organizationId} document={document} open={isPreviewOpen}>
      <div className="flex min-w-0 items-center gap-3">
        <DocumentThumbnail organizationId={organizationId} document={document} variant="row" />
        <div className="grid min-w-0 gap-0.5">
          <div className="flex min-w-0 items-center gap-2">
            <Link
              to="/organizations/$organizationId/documents/$documentId"
              params={{ organizationId, documentId: document.id }}
              className="truncate font-medium text-foreground hover:underline focus-visible:underline outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm"
              title={document.name}
            >
              {document.name}
            </Link>
            <ExtractionStatusBadge document={document} compactOnMobile />
          </div>
          <span className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
            <span className="whitespace-nowrap">
              {formatBytes(document.originalSize, { locale: i18n.language })}
            </span>
            <span aria-hidden="true">·</span>
            <span className="shrink-0">{getFileTypeLabel(document.mimeType, extension)}</span>
            <span aria-hidden="true">·</span>
            <span className="min-w-0 truncate">
              <RelativeTime value={document.createdAt} />
            </span>
          </span>
          {detail ? <div className="text-xs text-muted-foreground">{detail}</div> : null}
          {mobileDetails ? (
            <div className="text-xs text-muted-foreground sm:hidden">{mobileDetails}</div>
          ) : null}
          {showTags && document.tags.length > 0 ? (
            <div className="mt-1 flex min-w-0 flex-wrap gap-1 md:hidden">
              {document.tags.map((tag) => (
                <TagBadge key={tag.id} tag={tag} />
              ))}
            </div>
          ) : null}
        </div>
      </div>
    </ThumbnailPreview>
  );
}

/**
 * A row's checkbox. Shift is read from the pointer or from the key that pressed it (a click made by
 * Space does not say whether Shift was held in every browser).
 */
function RowCheckbox({
  document,
  selection,
}: {
  document: DocumentListItemDto;
  selection: DocumentsTableSelection;
}) {
  const { t } = useTranslation();
  const isShiftKeyDown = useRef(false);
  return (
    <Checkbox
      checked={selection.isSelected(document.id)}
      aria-label={t('bulk.select-row', { name: document.name })}
      onKeyDown={(event) => {
        isShiftKeyDown.current = event.key === ' ' && event.shiftKey;
      }}
      onMouseDown={(event: MouseEvent) => {
        // Shift+click picks a range: keep the browser from selecting the text in between (focus still moves).
        if (event.shiftKey) {
          event.preventDefault();
          (event.currentTarget as HTMLElement).focus();
        }
      }}
      onClick={(event) => {
        event.preventDefault();
        selection.onToggle(document.id, { extend: event.shiftKey || isShiftKeyDown.current });
        isShiftKeyDown.current = false;
      }}
    />
  );
}

/** Space on a row's name link (or the row) toggles the row, Shift+Space extends; the checkbox handles its own. */
function onRowKeyDown(
  event: KeyboardEvent<HTMLTableRowElement>,
  documentId: string,
  selection: DocumentsTableSelection | undefined,
) {
  if (!selection || event.key !== ' ') return;
  const target = event.target as HTMLElement;
  if (target !== event.currentTarget && target.tagName !== 'A') return;
  event.preventDefault();
  selection.onToggle(documentId, { extend: event.shiftKey });
}

/**
 * The shared documents table (spec §2): file name with size, type and relative creation time, optional
 * extra columns, creation date, tags and actions, and server-side pagination (15, 50 or 100 rows).
 */
export function DocumentsTable({
  organizationId,
  documents,
  documentsCount,
  pagination,
  onPaginationChange,
  label,
  extraColumns = [],
  showCreationDate = true,
  showTags = true,
  renderActions,
  actionsColumnClassName = 'sm:w-24',
  isFetching = false,
  sorting,
  renderNameDetail,
  minNameWidthRem,
  selection,
}: DocumentsTableProps) {
  const { t } = useTranslation();
  const { formatDate } = useDateFormatter();
  const mobileColumns = extraColumns.filter((column) => column.hideOnMobile && column.mobileDetail);
  const isPastLastPage = documents.length === 0 && documentsCount > 0 && pagination.pageIndex > 0;
  // The larger thumbnail of the row hovered or focused (screens with a mouse, from sm up).
  const preview = useThumbnailPreviewTarget();

  useEffect(() => {
    // The last rows of a page were deleted or restored elsewhere: show the new last page instead of nothing.
    if (isPastLastPage) {
      onPaginationChange({ ...pagination, pageIndex: Math.ceil(documentsCount / pagination.pageSize) - 1 });
    }
  }, [isPastLastPage, documentsCount, pagination, onPaginationChange]);

  // The fixed columns' widths (tags 14rem, creation date 8rem, actions about 6rem) plus the name's.
  // The selection's checkbox column (2.5rem) is taken from the name's: with the default columns the
  // table then still fits a 1440 px window beside the sidebar, the row actions in view.
  const minWidthRem =
    minNameWidthRem === undefined
      ? undefined
      : minNameWidthRem +
        extraColumns.reduce((total, column) => total + (column.widthRem ?? 11), 0) +
        (showTags ? 14 : 0) +
        (showCreationDate ? 8 : 0) +
        6;

  return (
    <div className="grid gap-4">
      <Table
        aria-label={label}
        aria-busy={isFetching || undefined}
        // Fixed column widths from sm up: the columns stay put while a page loads or tags arrive.
        className={cn(
          'sm:table-fixed',
          minWidthRem !== undefined && 'sm:min-w-(--documents-table-min-width)',
          isFetching && 'opacity-70',
        )}
        style={
          minWidthRem === undefined
            ? undefined
            : ({ '--documents-table-min-width': `${minWidthRem}rem` } as CSSProperties)
        }
      >
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {selection ? (
              <TableHead className="w-10 pr-0">
                <Checkbox
                  checked={selection.pageState}
                  aria-label={t('bulk.select-page')}
                  onCheckedChange={() => selection.onTogglePage()}
                />
              </TableHead>
            ) : null}
            <TableHead aria-sort={ariaSortOf(sorting, 'name')}>
              {sorting ? (
                <SortableHeader label={t('documents.table.file-name')} sortKey="name" sorting={sorting} />
              ) : (
                t('documents.table.file-name')
              )}
            </TableHead>
            {extraColumns.map((column) => (
              <TableHead
                key={column.id}
                aria-sort={ariaSortOf(sorting, column.sortKey)}
                className={cn(
                  column.headClassName ?? 'sm:w-44',
                  column.hideOnMobile && 'hidden sm:table-cell',
                )}
              >
                {sorting && column.sortKey ? (
                  <SortableHeader label={column.header} sortKey={column.sortKey} sorting={sorting} />
                ) : (
                  column.header
                )}
              </TableHead>
            ))}
            {showTags ? (
              <TableHead className="hidden md:table-cell md:w-56">{t('documents.table.tags')}</TableHead>
            ) : null}
            {showCreationDate ? (
              <TableHead
                className="hidden sm:table-cell sm:w-32"
                aria-sort={ariaSortOf(sorting, 'createdAt')}
              >
                {sorting ? (
                  <SortableHeader
                    label={t('documents.table.created-at')}
                    sortKey="createdAt"
                    sorting={sorting}
                  />
                ) : (
                  t('documents.table.created-at')
                )}
              </TableHead>
            ) : null}
            <TableHead className={cn('text-right', actionsColumnClassName)}>
              {t('documents.table.actions')}
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {documents.map((document) => (
            <TableRow
              key={document.id}
              data-state={selection?.isSelected(document.id) ? 'selected' : undefined}
              {...preview.rowProps(document.id)}
              onKeyDown={(event) => {
                preview.rowProps(document.id).onKeyDown?.(event);
                onRowKeyDown(event, document.id, selection);
              }}
            >
              {selection ? (
                <TableCell className="w-10 pr-0">
                  <RowCheckbox document={document} selection={selection} />
                </TableCell>
              ) : null}
              <TableCell className="max-w-0 w-full sm:w-auto sm:max-w-md">
                <FileNameCell
                  organizationId={organizationId}
                  document={document}
                  showTags={showTags}
                  detail={renderNameDetail?.(document)}
                  isPreviewOpen={preview.openId === document.id}
                  mobileDetails={
                    mobileColumns.length > 0
                      ? mobileColumns.map((column) => (
                          <div key={column.id}>{column.mobileDetail?.(document)}</div>
                        ))
                      : undefined
                  }
                />
              </TableCell>
              {extraColumns.map((column) => (
                <TableCell key={column.id} className={cn(column.hideOnMobile && 'hidden sm:table-cell')}>
                  {column.cell(document)}
                </TableCell>
              ))}
              {showTags ? (
                <TableCell className="hidden md:table-cell">
                  <div className="flex max-w-64 flex-wrap gap-1">
                    {document.tags.map((tag) => (
                      <TagBadge key={tag.id} tag={tag} />
                    ))}
                  </div>
                </TableCell>
              ) : null}
              {showCreationDate ? (
                <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                  <time dateTime={document.createdAt}>{formatDate(document.createdAt)}</time>
                </TableCell>
              ) : null}
              <TableCell className="text-right">
                <div className="flex justify-end gap-1.5">
                  {renderActions ? (
                    renderActions(document)
                  ) : (
                    <DocumentRowMenu organizationId={organizationId} document={document} />
                  )}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination
        pageIndex={pagination.pageIndex}
        pageSize={pagination.pageSize}
        totalCount={documentsCount}
        onPageIndexChange={(pageIndex) => onPaginationChange({ ...pagination, pageIndex })}
        onPageSizeChange={(pageSize) => onPaginationChange({ pageIndex: 0, pageSize })}
      />
    </div>
  );
}

/** A documents query as a table, with its loading, error and empty states (every documents screen shows the same). */
export function DocumentsQueryTable({
  query,
  empty,
  ...tableProps
}: Omit<DocumentsTableProps, 'documents' | 'documentsCount' | 'isFetching'> & {
  query: UseQueryResult<Pick<DocumentsPage, 'documents' | 'documentsCount'>>;
  /** Shown when the query finds no documents. */
  empty: ReactNode;
}) {
  return (
    <DocumentsQueryStates query={query} empty={empty}>
      {(page) => <DocumentsTable {...tableProps} {...page} />}
    </DocumentsQueryStates>
  );
}
