import type { DocumentTagDto } from '@sheaf/contracts/documents';
import { DOCUMENTS_PAGE_SIZE } from '@sheaf/contracts/limits';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { SearchX, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '../../../shared/format/date';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Spinner } from '../../../shared/ui/spinner';
import { TagBadge } from '../../tags/components/tag-badge';
import { documentsQueryOptions } from '../api';
import { DocumentsEmptyState } from '../components/documents-empty-state';
import { DocumentsLoadError } from '../components/documents-load-error';
import {
  DocumentsTable,
  type DocumentsTableColumn,
  type PaginationState,
} from '../components/documents-table';

const routeApi = getRouteApi('/private/organizations/$organizationId/documents');

/** The active tag filters as removable chips; a tag's name comes from the documents that carry it. */
function TagFilterChips({ tagIds, knownTags }: { tagIds: string[]; knownTags: Map<string, DocumentTagDto> }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label={t('documents.list.active-filters')}>
      {tagIds.map((tagId) => {
        const tag = knownTags.get(tagId) ?? { name: tagId, color: 'transparent' };
        return (
          <li key={tagId}>
            <TagBadge tag={tag} className="py-1 pr-1 text-sm">
              <Link
                from="/organizations/$organizationId/documents"
                search={(previous) => {
                  const remaining = (previous.tags ?? []).filter((id) => id !== tagId);
                  return remaining.length > 0 ? { tags: remaining } : {};
                }}
                aria-label={t('documents.list.remove-filter', { name: tag.name })}
                className="inline-flex size-5 items-center justify-center rounded-sm text-muted-foreground hover:bg-muted hover:text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <X className="size-3.5" aria-hidden="true" />
              </Link>
            </TagBadge>
          </li>
        );
      })}
    </ul>
  );
}

/** The documents list (spec §2): `?tags=` filter chips, no-results message, empty state, extra columns. */
export function DocumentsPage() {
  const { t } = useTranslation();
  const { organizationId } = routeApi.useParams();
  const { tags: tagIds = [] } = routeApi.useSearch();
  const { formatRelative } = useDateFormatter();
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: DOCUMENTS_PAGE_SIZE,
  });
  const filterKey = tagIds.join(',');
  const [paginationFilterKey, setPaginationFilterKey] = useState(filterKey);
  if (paginationFilterKey !== filterKey) {
    // A new filter starts again from the first page.
    setPaginationFilterKey(filterKey);
    setPagination((current) => ({ ...current, pageIndex: 0 }));
  }
  const documents = useQuery(documentsQueryOptions({ organizationId, ...pagination, tagIds }));
  const knownTags = new Map(
    documents.data?.documents.flatMap((document) => document.tags.map((tag) => [tag.id, tag])),
  );

  const extraColumns: DocumentsTableColumn[] = [
    {
      id: 'updated-at',
      header: t('documents.table.updated-at'),
      hideOnMobile: true,
      cell: (document) => (
        <span className="whitespace-nowrap text-muted-foreground">
          {document.updatedAt ? formatRelative(document.updatedAt) : t('documents.table.never')}
        </span>
      ),
    },
  ];

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b pb-4">
        <h1 className="text-xl font-semibold tracking-tight">{t('documents.list.title')}</h1>
        {documents.data ? (
          <p className="text-sm text-muted-foreground">
            {t('documents.list.count', { count: documents.data.documentsCount })}
          </p>
        ) : null}
      </div>

      {tagIds.length > 0 ? <TagFilterChips tagIds={tagIds} knownTags={knownTags} /> : null}

      {documents.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      ) : documents.isError ? (
        <DocumentsLoadError onRetry={() => void documents.refetch()} />
      ) : documents.data.documentsCount === 0 && tagIds.length > 0 ? (
        <EmptyState
          icon={SearchX}
          title={t('documents.list.no-results-title')}
          description={t('documents.list.no-results-description')}
          action={
            <Button variant="outline" asChild>
              <Link from="/organizations/$organizationId/documents" search={{}}>
                {t('documents.list.clear-filters')}
              </Link>
            </Button>
          }
        />
      ) : documents.data.documentsCount === 0 ? (
        <DocumentsEmptyState />
      ) : (
        <DocumentsTable
          organizationId={organizationId}
          label={t('documents.list.title')}
          documents={documents.data.documents}
          documentsCount={documents.data.documentsCount}
          pagination={pagination}
          onPaginationChange={setPagination}
          extraColumns={extraColumns}
          isFetching={documents.isPlaceholderData}
        />
      )}
    </div>
  );
}
