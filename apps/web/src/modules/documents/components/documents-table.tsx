import type { DocumentListItemDto } from '@sheaf/contracts/documents';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/bytes';
import { useDateFormatter } from '../../../shared/format/date';
import { cn } from '../../../shared/ui/cn';
import { Pagination } from '../../../shared/ui/pagination';
import { Spinner } from '../../../shared/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../shared/ui/table';
import { TagBadge } from '../../../shared/ui/tag-badge';
import { Tooltip } from '../../../shared/ui/tooltip';
import type { DocumentsPage } from '../api';
import { splitFileName } from '../file-name';
import { FileTypeIcon, getFileTypeLabel } from '../file-type-icon';
import { DocumentRowMenu } from './document-row-menu';
import { DocumentsLoadError } from './documents-load-error';
import { ExtractionStatusBadge } from './extraction-status-badge';

export type DocumentsTableColumn = {
  id: string;
  header: ReactNode;
  cell: (document: DocumentListItemDto) => ReactNode;
  /** Hidden below the `sm` breakpoint, where the table keeps to the essentials. */
  hideOnMobile?: boolean;
  /** With `hideOnMobile`: what of it still shows below the `sm` breakpoint, under the file name. */
  mobileDetail?: (document: DocumentListItemDto) => ReactNode;
};

export type PaginationState = { pageIndex: number; pageSize: number };

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
};

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
}: {
  organizationId: string;
  document: DocumentListItemDto;
  /** Shown under the name below the `sm` breakpoint (what the hidden columns say). */
  mobileDetails?: ReactNode;
  /** Below the `md` breakpoint, where the tags column is hidden, the tags show under the name. */
  showTags?: boolean;
}) {
  const { i18n } = useTranslation();
  const { extension } = splitFileName(document.name);
  return (
    <div className="flex min-w-0 items-center gap-3">
      <FileTypeIcon mimeType={document.mimeType} />
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
  );
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
}: DocumentsTableProps) {
  const { t } = useTranslation();
  const { formatDate } = useDateFormatter();
  const mobileColumns = extraColumns.filter((column) => column.hideOnMobile && column.mobileDetail);
  const isPastLastPage = documents.length === 0 && documentsCount > 0 && pagination.pageIndex > 0;

  useEffect(() => {
    // The last rows of a page were deleted or restored elsewhere: show the new last page instead of nothing.
    if (isPastLastPage) {
      onPaginationChange({ ...pagination, pageIndex: Math.ceil(documentsCount / pagination.pageSize) - 1 });
    }
  }, [isPastLastPage, documentsCount, pagination, onPaginationChange]);

  return (
    <div className="grid gap-4">
      <Table
        aria-label={label}
        aria-busy={isFetching || undefined}
        // Fixed column widths from sm up: the columns stay put while a page loads or tags arrive.
        className={cn('sm:table-fixed', isFetching && 'opacity-70')}
      >
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{t('documents.table.file-name')}</TableHead>
            {extraColumns.map((column) => (
              <TableHead
                key={column.id}
                className={cn('sm:w-44', column.hideOnMobile && 'hidden sm:table-cell')}
              >
                {column.header}
              </TableHead>
            ))}
            {showTags ? (
              <TableHead className="hidden md:table-cell md:w-56">{t('documents.table.tags')}</TableHead>
            ) : null}
            {showCreationDate ? (
              <TableHead className="hidden sm:table-cell sm:w-32">
                {t('documents.table.created-at')}
              </TableHead>
            ) : null}
            <TableHead className={cn('text-right', actionsColumnClassName)}>
              {t('documents.table.actions')}
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {documents.map((document) => (
            <TableRow key={document.id}>
              <TableCell className="max-w-0 w-full sm:w-auto sm:max-w-md">
                <FileNameCell
                  organizationId={organizationId}
                  document={document}
                  showTags={showTags}
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
  query: UseQueryResult<DocumentsPage>;
  /** Shown when the query finds no documents. */
  empty: ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  }
  if (query.isError) {
    return <DocumentsLoadError onRetry={() => void query.refetch()} />;
  }
  if (query.data.documentsCount === 0) {
    return empty;
  }
  return (
    <DocumentsTable
      {...tableProps}
      documents={query.data.documents}
      documentsCount={query.data.documentsCount}
      isFetching={query.isPlaceholderData}
    />
  );
}
