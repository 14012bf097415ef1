import { DOCUMENTS_PAGE_SIZE } from '@sheaf/contracts/limits';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { ListFilter, SearchX, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '../../../shared/format/date';
import { Button } from '../../../shared/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from '../../../shared/ui/dropdown-menu';
import { EmptyState } from '../../../shared/ui/empty-state';
import { TagBadge } from '../../../shared/ui/tag-badge';
import { tagsQueryOptions } from '../../tags/api';
import { tagsFilterSearch } from '../../tags/tags-search';
import { documentsQueryOptions } from '../api';
import { DocumentsEmptyState } from '../components/documents-empty-state';
import {
  DocumentsQueryTable,
  type DocumentsTableColumn,
  type PaginationState,
} from '../components/documents-table';

const routeApi = getRouteApi('/private/organizations/$organizationId/documents');

type FilterTag = { id: string; name: string; color: string };

/** The active tag filters as removable chips; names come from the organization's tags. */
function TagFilterChips({ tagIds, tagsById }: { tagIds: string[]; tagsById: Map<string, FilterTag> }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label={t('documents.list.active-filters')}>
      {tagIds.map((tagId) => {
        const tag = tagsById.get(tagId) ?? { name: tagId, color: 'transparent' };
        return (
          <li key={tagId}>
            <TagBadge tag={tag} className="py-1 pr-1 text-sm">
              <Link
                from="/organizations/$organizationId/documents"
                search={(previous) => tagsFilterSearch((previous.tags ?? []).filter((id) => id !== tagId))}
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

/** "Filter by tag": a menu of the organization's tags as checkboxes; each toggle updates `?tags=`. */
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
          <ListFilter aria-hidden="true" />
          {t('documents.list.filter-by-tag')}
          {tagIds.length > 0 ? (
            <span className="rounded-sm bg-primary-soft px-1 text-xs tabular-nums text-primary-soft-foreground">
              {tagIds.length}
            </span>
          ) : null}
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

/** The documents list (spec §2): `?tags=` filter chips, no-results message, empty state, extra columns. */
export function DocumentsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
  const tags = useQuery(tagsQueryOptions(organizationId));
  // Names from the organization's tags; the documents' own tags cover a tag list not loaded (yet).
  const tagsById = new Map<string, FilterTag>([
    ...(documents.data?.documents.flatMap((document) => document.tags.map((tag) => [tag.id, tag] as const)) ??
      []),
    ...(tags.data?.map((tag) => [tag.id, tag] as const) ?? []),
  ]);
  const setTagFilter = (next: string[]) =>
    void navigate({
      to: '/organizations/$organizationId/documents',
      params: { organizationId },
      search: tagsFilterSearch(next),
    });

  const extraColumns: DocumentsTableColumn[] = [
    {
      id: 'updated-at',
      header: t('documents.table.updated-at'),
      hideOnMobile: true,
      cell: (document) => (
        <span className="whitespace-nowrap text-muted-foreground">
          {/* Never changed since the upload: last updated when it was created. */}
          {formatRelative(document.updatedAt ?? document.createdAt)}
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

      {(tags.data && tags.data.length > 0) || tagIds.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          {tags.data && tags.data.length > 0 ? (
            <TagFilterMenu tags={tags.data} tagIds={tagIds} onChange={setTagFilter} />
          ) : null}
          {tagIds.length > 0 ? <TagFilterChips tagIds={tagIds} tagsById={tagsById} /> : null}
        </div>
      ) : null}

      <DocumentsQueryTable
        query={documents}
        empty={
          tagIds.length > 0 ? (
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
          ) : (
            <DocumentsEmptyState />
          )
        }
        organizationId={organizationId}
        label={t('documents.list.title')}
        pagination={pagination}
        onPaginationChange={setPagination}
        extraColumns={extraColumns}
      />
    </div>
  );
}
