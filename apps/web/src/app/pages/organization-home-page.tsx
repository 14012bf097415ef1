import { DOCUMENTS_PAGE_SIZE } from '@sheaf/contracts/limits';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentStatisticsQueryOptions, documentsQueryOptions } from '../../modules/documents/api';
import { DocumentsEmptyState } from '../../modules/documents/components/documents-empty-state';
import {
  DocumentsQueryTable,
  type PaginationState,
} from '../../modules/documents/components/documents-table';
import { useImportDocuments } from '../../modules/documents/import/import-context';
import { organizationQueryOptions } from '../../modules/organizations/api';
import { formatBytes } from '../../shared/format/bytes';

const routeApi = getRouteApi('/private/organizations/$organizationId/');

function StatCard({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex items-baseline gap-2 rounded-xl border bg-surface px-5 py-4">
      <span className="text-2xl font-semibold tabular-nums tracking-tight">{value}</span>
      <span className="text-sm text-muted-foreground">{label}</span>
    </div>
  );
}

/** The organization home (spec §2): upload button, document count and total size, the latest documents. */
export function OrganizationHomePage() {
  const { t, i18n } = useTranslation();
  const { organizationId } = routeApi.useParams();
  const organization = useQuery(organizationQueryOptions(organizationId));
  const { openFilePicker } = useImportDocuments();
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: DOCUMENTS_PAGE_SIZE,
  });
  const statistics = useQuery(documentStatisticsQueryOptions(organizationId));
  const documents = useQuery(documentsQueryOptions({ organizationId, ...pagination }));
  const count = statistics.data?.documentsCount;

  return (
    <div className="grid gap-8">
      <h1 className="truncate text-xl font-semibold tracking-tight">
        {organization.data?.name ?? t('organizations.home.title')}
      </h1>

      <div className="grid gap-3 sm:grid-cols-3">
        <button
          type="button"
          onClick={openFilePicker}
          className="flex items-center gap-3 rounded-xl bg-primary px-5 py-4 text-left font-medium text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          <Upload className="size-5 shrink-0" aria-hidden="true" />
          {t('organizations.home.upload')}
        </button>
        <StatCard
          value={count === undefined ? '–' : new Intl.NumberFormat(i18n.language).format(count)}
          label={t('organizations.home.documents-count', { count: count ?? 0 })}
        />
        <StatCard
          value={
            statistics.data ? formatBytes(statistics.data.documentsSize, { locale: i18n.language }) : '–'
          }
          label={t('organizations.home.total-size')}
        />
      </div>

      <section className="grid gap-3" aria-labelledby="latest-documents-title">
        <h2 id="latest-documents-title" className="text-base font-semibold">
          {t('organizations.home.latest-documents')}
        </h2>
        <DocumentsQueryTable
          query={documents}
          empty={<DocumentsEmptyState />}
          organizationId={organizationId}
          label={t('organizations.home.latest-documents')}
          pagination={pagination}
          onPaginationChange={setPagination}
        />
      </section>
    </div>
  );
}
