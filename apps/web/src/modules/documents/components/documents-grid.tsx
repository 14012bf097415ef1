import type { DocumentListItemDto } from '@sheaf/contracts/documents';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '../../../shared/format/date';
import { getCurrentLocale } from '../../../shared/i18n/i18n';
import { Checkbox } from '../../../shared/ui/checkbox';
import { cn } from '../../../shared/ui/cn';
import { Pagination } from '../../../shared/ui/pagination';
import { TagBadge } from '../../../shared/ui/tag-badge';
import { formatCalendarDate } from '../../properties/format';
import type { DocumentsPage } from '../api';
import { DocumentRowMenu } from './document-row-menu';
import { DocumentThumbnail } from './document-thumbnail';
import { DocumentsQueryStates } from './documents-load-error';
import type { DocumentsTableSelection, PaginationState } from './documents-table';
import { ExtractionStatusBadge } from './extraction-status-badge';

export type DocumentsGridProps = {
  organizationId: string;
  documents: DocumentListItemDto[];
  documentsCount: number;
  pagination: PaginationState;
  onPaginationChange: (pagination: PaginationState) => void;
  /** Accessible name of the grid's list. */
  label: string;
  /** When true, a page is being fetched: the cards dim instead of jumping. */
  isFetching?: boolean;
  /** Shown under a card's name (a search hit's snippet). */
  renderNameDetail?: (document: DocumentListItemDto) => ReactNode;
  /** Adds the cards' checkboxes of a bulk selection, and "select this page". */
  selection?: DocumentsTableSelection;
};

/** The date on a card: the document's own date when it has one, else the day it was added. */
function CardDate({ document }: { document: DocumentListItemDto }) {
  const { t, i18n } = useTranslation();
  const { formatDate } = useDateFormatter();
  if (document.documentDate) {
    return (
      <span className="truncate">
        <span className="sr-only">{t('documents.table.document-date')}: </span>
        <time dateTime={document.documentDate}>
          {formatCalendarDate(document.documentDate, getCurrentLocale(i18n))}
        </time>
      </span>
    );
  }
  return (
    <span className="truncate">
      <span className="sr-only">{t('documents.table.created-at')}: </span>
      <time dateTime={document.createdAt}>{formatDate(document.createdAt)}</time>
    </span>
  );
}

/** A card's checkbox: Shift (pointer or Space) extends from the last one toggled, as in the table. */
function CardCheckbox({
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
      className="size-5 bg-surface/95 shadow"
      onKeyDown={(event) => {
        isShiftKeyDown.current = event.key === ' ' && event.shiftKey;
      }}
      onMouseDown={(event: MouseEvent) => {
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

/** Space on a card's name link toggles the card, Shift+Space extends (the checkbox handles its own). */
function onCardKeyDown(
  event: KeyboardEvent<HTMLElement>,
  documentId: string,
  selection: DocumentsTableSelection | undefined,
) {
  if (!selection || event.key !== ' ') return;
  if ((event.target as HTMLElement).tagName !== 'A') return;
  event.preventDefault();
  selection.onToggle(documentId, { extend: event.shiftKey });
}

function DocumentCard({
  organizationId,
  document,
  selection,
  detail,
}: {
  organizationId: string;
  document: DocumentListItemDto;
  selection?: DocumentsTableSelection;
  detail?: ReactNode;
}) {
  const isSelected = selection?.isSelected(document.id) === true;
  return (
    <li
      className={cn(
        'group relative flex min-w-0 flex-col overflow-hidden rounded-xl border bg-surface text-surface-foreground shadow-xs transition-shadow',
        'hover:shadow-md focus-within:ring-2 focus-within:ring-ring',
        isSelected && 'border-primary ring-2 ring-primary',
      )}
      data-state={isSelected ? 'selected' : undefined}
      onKeyDown={(event) => onCardKeyDown(event, document.id, selection)}
    >
      <DocumentThumbnail
        organizationId={organizationId}
        document={document}
        variant="card"
        className="border-b"
      />
      {selection ? (
        <div
          className={cn(
            'absolute top-2 left-2 z-10 transition-opacity',
            // Shown on hover, focus and when some card is picked; always on touch screens.
            !isSelected &&
              selection.pageState === false &&
              'sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100',
          )}
        >
          <CardCheckbox document={document} selection={selection} />
        </div>
      ) : null}
      <div className="grid min-w-0 gap-1.5 p-3">
        <div className="flex min-w-0 items-start gap-1">
          <Link
            to="/organizations/$organizationId/documents/$documentId"
            params={{ organizationId, documentId: document.id }}
            title={document.name}
            className={cn(
              'line-clamp-2 min-w-0 flex-1 break-words text-sm font-medium leading-snug text-foreground outline-none hover:underline',
              // The whole card opens the document; the checkbox and the menu sit above this.
              'after:absolute after:inset-0 after:content-[""]',
            )}
          >
            {document.name}
          </Link>
          <div className="relative z-10 -mt-1 -mr-1.5 shrink-0">
            <DocumentRowMenu organizationId={organizationId} document={document} />
          </div>
        </div>
        <div className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
          <CardDate document={document} />
          <ExtractionStatusBadge document={document} compactOnMobile className="relative z-10" />
        </div>
        {detail ? <div className="text-xs text-muted-foreground">{detail}</div> : null}
        {document.tags.length > 0 ? (
          <div className="flex min-w-0 flex-wrap gap-1">
            {document.tags.map((tag) => (
              <TagBadge key={tag.id} tag={tag} />
            ))}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The documents as a grid of cards (issue 31): each with its first page (or the type's icon), name,
 * date and tags, its menu, and a checkbox for bulk actions; paginated like the table. Two columns
 * on a phone, up to six on a wide screen.
 */
export function DocumentsGrid({
  organizationId,
  documents,
  documentsCount,
  pagination,
  onPaginationChange,
  label,
  isFetching = false,
  renderNameDetail,
  selection,
}: DocumentsGridProps) {
  const { t } = useTranslation();
  const selectPageId = useId();
  const isPastLastPage = documents.length === 0 && documentsCount > 0 && pagination.pageIndex > 0;

  useEffect(() => {
    // The last cards of a page went elsewhere: show the new last page instead of nothing.
    if (isPastLastPage) {
      onPaginationChange({ ...pagination, pageIndex: Math.ceil(documentsCount / pagination.pageSize) - 1 });
    }
  }, [isPastLastPage, documentsCount, pagination, onPaginationChange]);

  return (
    <div className="grid gap-4">
      {selection ? (
        <div className="inline-flex w-fit items-center gap-2 text-sm text-muted-foreground">
          <Checkbox
            id={selectPageId}
            checked={selection.pageState}
            onCheckedChange={() => selection.onTogglePage()}
          />
          <label htmlFor={selectPageId}>{t('bulk.select-page')}</label>
        </div>
      ) : null}
      <ul
        aria-label={label}
        aria-busy={isFetching || undefined}
        className={cn(
          'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6',
          isFetching && 'opacity-70',
        )}
      >
        {documents.map((document) => (
          <DocumentCard
            key={document.id}
            organizationId={organizationId}
            document={document}
            selection={selection}
            detail={renderNameDetail?.(document)}
          />
        ))}
      </ul>
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

/** A documents query as a grid, with the same loading, error and empty states as the table. */
export function DocumentsQueryGrid({
  query,
  empty,
  ...gridProps
}: Omit<DocumentsGridProps, 'documents' | 'documentsCount' | 'isFetching'> & {
  query: UseQueryResult<Pick<DocumentsPage, 'documents' | 'documentsCount'>>;
  /** Shown when the query finds no documents. */
  empty: ReactNode;
}) {
  return (
    <DocumentsQueryStates query={query} empty={empty}>
      {(page) => <DocumentsGrid {...gridProps} {...page} />}
    </DocumentsQueryStates>
  );
}
