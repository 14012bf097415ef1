import type { DocumentListItemDto } from '@sheaf/contracts/documents';
import { TRASH_PAGE_SIZE } from '@sheaf/contracts/limits';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Info, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDateFormatter } from '../../../shared/format/date';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Tooltip } from '../../../shared/ui/tooltip';
import { BulkActionBar } from '../../bulk/bulk-action-bar';
import { useBulkSelection } from '../../bulk/use-bulk-selection';
import { useConfig } from '../../config/config-context';
import {
  deletedDocumentsQueryOptions,
  useEmptyTrash,
  usePermanentlyDeleteDocument,
  useRestoreDocument,
} from '../api';
import {
  DocumentsQueryTable,
  type DocumentsTableColumn,
  type PaginationState,
} from '../components/documents-table';
import { getRetentionDaysLeft } from '../retention';

const routeApi = getRouteApi('/private/organizations/$organizationId/deleted');

function TrashRowActions({
  organizationId,
  document,
}: {
  organizationId: string;
  document: DocumentListItemDto;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const restore = useRestoreDocument(organizationId);
  const remove = usePermanentlyDeleteDocument(organizationId);

  const handleRestore = async () => {
    try {
      await restore.mutateAsync(document.id);
      toast.success(t('documents.restore.success'));
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };

  const handleDelete = async () => {
    const isConfirmed = await confirm({
      title: t('documents.trash.delete-title'),
      description: t('documents.trash.delete-description', { name: document.name }),
      confirmLabel: t('documents.trash.delete-confirm'),
    });
    if (!isConfirmed) return;
    try {
      await remove.mutateAsync(document.id);
      toast.success(t('documents.trash.deleted-title'), {
        description: t('documents.trash.deleted-description', { name: document.name }),
      });
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        isLoading={restore.isPending}
        onClick={() => void handleRestore()}
        aria-label={t('documents.trash.restore-label', { name: document.name })}
      >
        <RotateCcw aria-hidden="true" />
        <span className="max-sm:sr-only">{t('documents.actions.restore')}</span>
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="text-danger hover:text-danger"
        isLoading={remove.isPending}
        onClick={() => void handleDelete()}
        aria-label={t('documents.trash.delete-label', { name: document.name })}
      >
        <Trash2 aria-hidden="true" />
        <span className="max-sm:sr-only">{t('documents.trash.delete')}</span>
      </Button>
    </>
  );
}

/**
 * The trash (spec §2): retention notice, empty state, Delete all, a deletion-time column and per-row
 * Restore and Delete. Every action confirms first (except restore) and refreshes the organization's queries.
 */
export function DeletedDocumentsPage() {
  const { t } = useTranslation();
  const { organizationId } = routeApi.useParams();
  const config = useConfig();
  const confirm = useConfirm();
  const { formatRelative, formatDateTime } = useDateFormatter();
  const retentionDays = config.documents.deletedDocumentsRetentionDays;
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: TRASH_PAGE_SIZE });
  const documents = useQuery(deletedDocumentsQueryOptions({ organizationId, ...pagination }));
  const emptyTrash = useEmptyTrash(organizationId);
  // Bulk selection (issue 30): restore or delete many; "all that match" is the whole trash.
  const pageIds = documents.data?.documents.map((document) => document.id) ?? [];
  const bulk = useBulkSelection({ scopeKey: 'trash', pageIds });

  const handleDeleteAll = async () => {
    const isConfirmed = await confirm({
      title: t('documents.trash.delete-all-title'),
      description: t('documents.trash.delete-all-description', {
        count: documents.data?.documentsCount ?? 0,
      }),
      confirmLabel: t('documents.trash.delete-all-confirm'),
    });
    if (!isConfirmed) return;
    try {
      await emptyTrash.mutateAsync();
      toast.success(t('documents.trash.emptied'));
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };

  const daysLeft = (document: DocumentListItemDto) =>
    document.deletedAt
      ? t('documents.trash.days-left', { count: getRetentionDaysLeft(document.deletedAt, retentionDays) })
      : null;

  const extraColumns: DocumentsTableColumn[] = [
    {
      id: 'deleted-at',
      header: t('documents.table.deleted-at'),
      // Below 640 px the name keeps the room; the days left show under it.
      hideOnMobile: true,
      mobileDetail: daysLeft,
      cell: (document) =>
        document.deletedAt ? (
          <div className="grid gap-0.5 whitespace-nowrap">
            <Tooltip content={formatDateTime(document.deletedAt)}>
              <time dateTime={document.deletedAt} className="w-fit">
                {formatRelative(document.deletedAt)}
              </time>
            </Tooltip>
            <span className="text-xs text-muted-foreground">{daysLeft(document)}</span>
          </div>
        ) : null,
    },
  ];

  const hasDocuments = (documents.data?.documentsCount ?? 0) > 0;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b pb-4">
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold tracking-tight">{t('documents.deleted.title')}</h1>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Info className="size-3.5 shrink-0" aria-hidden="true" />
            {t('documents.trash.retention-notice', { count: retentionDays })}
          </p>
        </div>
        {hasDocuments ? (
          <Button
            variant="destructive"
            size="sm"
            isLoading={emptyTrash.isPending}
            onClick={() => void handleDeleteAll()}
          >
            <Trash2 aria-hidden="true" />
            {t('documents.trash.delete-all')}
          </Button>
        ) : null}
      </div>

      <BulkActionBar
        organizationId={organizationId}
        scope="trash"
        selection={bulk.selection}
        matchingCount={documents.data?.documentsCount ?? 0}
        pageRowCount={pageIds.length}
        isPageSelected={bulk.tableSelection.pageState === true}
        filter={{ scope: 'trash' }}
        onSelectAllMatching={bulk.selectAllMatching}
        onClear={bulk.clear}
      />

      <DocumentsQueryTable
        query={documents}
        selection={bulk.tableSelection}
        empty={
          <EmptyState
            icon={Trash2}
            title={t('documents.trash.empty-title')}
            description={t('documents.trash.empty-description')}
          />
        }
        organizationId={organizationId}
        label={t('documents.deleted.title')}
        pagination={pagination}
        onPaginationChange={setPagination}
        extraColumns={extraColumns}
        showCreationDate={false}
        showTags={false}
        renderActions={(document) => <TrashRowActions organizationId={organizationId} document={document} />}
        // Restore and Delete, each with its label.
        actionsColumnClassName="sm:w-60"
      />
    </div>
  );
}
