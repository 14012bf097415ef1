import type { PaperlessImportDto } from '@sheaf/contracts/paperless-imports';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowLeft, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '../../../shared/format/date';
import { Button } from '../../../shared/ui/button';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryStates } from '../../../shared/ui/query-states';
import { Spinner } from '../../../shared/ui/spinner';
import { myMemberQueryOptions } from '../../members/api';
import {
  isImportActive,
  paperlessImportQueryOptions,
  paperlessImportReportQueryOptions,
  paperlessImportReportUrl,
} from '../api';
import { ImportError } from '../components/import-error';
import { ImportProgress } from '../components/import-progress';
import { ImportReport } from '../components/import-report';
import { ImportStatusBadge } from '../components/import-status-badge';
import { ImportsForbidden } from '../components/imports-forbidden';
import { canManagePaperlessImports } from '../permissions';

const routeApi = getRouteApi('/private/organizations/$organizationId/settings/import/$importId');

/** Whether the import has a report: it has ended, and got past reading the export (a failed one may not have). */
const hasReport = (item: PaperlessImportDto) =>
  !isImportActive(item) && !(item.status === 'failed' && item.summary === null);

/** The import's facts: status, version, when it ran; and the JSON download once it has ended. */
function ImportFacts({ organizationId, item }: { organizationId: string; item: PaperlessImportDto }) {
  const { t } = useTranslation();
  const { formatDateTime } = useDateFormatter();
  const facts = [
    item.summary?.paperlessVersion
      ? t('paperless-imports.version', { version: item.summary.paperlessVersion })
      : null,
    item.startedAt ? t('paperless-imports.times.started-at', { when: formatDateTime(item.startedAt) }) : null,
    item.finishedAt
      ? t('paperless-imports.times.finished-at', { when: formatDateTime(item.finishedAt) })
      : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <ImportStatusBadge status={item.status} />
        {facts.map((fact) => (
          <span key={fact}>{fact}</span>
        ))}
      </div>
      {hasReport(item) ? (
        <Button asChild variant="outline" size="sm">
          <a
            href={paperlessImportReportUrl(organizationId, item.id)}
            download={`paperless-import-${item.id}.json`}
          >
            <Download aria-hidden="true" />
            {t('paperless-imports.report.download')}
          </a>
        </Button>
      ) : null}
    </div>
  );
}

/** The report itself, once the import has ended. */
function ReportContent({ organizationId, importId }: { organizationId: string; importId: string }) {
  const report = useQuery(paperlessImportReportQueryOptions(organizationId, importId));
  return (
    <QueryStates query={report}>
      {(data) => <ImportReport organizationId={organizationId} report={data} />}
    </QueryStates>
  );
}

function ImportDetails({ organizationId, importId }: { organizationId: string; importId: string }) {
  const { t } = useTranslation();
  const item = useQuery(paperlessImportQueryOptions(organizationId, importId));
  return (
    <QueryStates query={item}>
      {(data) => (
        <div className="grid gap-6">
          <ImportFacts organizationId={organizationId} item={data} />
          {isImportActive(data) ? (
            <div className="grid gap-3 rounded-xl border bg-surface p-4">
              <ImportProgress
                item={data}
                label={t('paperless-imports.progress.label', { name: data.sourceName })}
              />
              <p className="text-sm text-muted-foreground">{t('paperless-imports.report.when-ended')}</p>
            </div>
          ) : null}
          {data.status === 'failed' && data.error ? <ImportError error={data.error} /> : null}
          {hasReport(data) ? <ReportContent organizationId={organizationId} importId={importId} /> : null}
        </div>
      )}
    </QueryStates>
  );
}

/** `/organizations/:id/settings/import/:importId`: one import's progress, then its report. */
export function PaperlessImportReportPage() {
  const { t } = useTranslation();
  const { organizationId, importId } = routeApi.useParams();
  const me = useQuery(myMemberQueryOptions(organizationId));
  const item = useQuery({ ...paperlessImportQueryOptions(organizationId, importId), enabled: false });
  return (
    <div className="grid max-w-4xl gap-6">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to="/organizations/$organizationId/settings/import" params={{ organizationId }}>
            <ArrowLeft aria-hidden="true" />
            {t('paperless-imports.report.back')}
          </Link>
        </Button>
      </div>
      <PageHeader
        title={t('paperless-imports.report.title')}
        description={item.data?.sourceName}
        textClassName="[overflow-wrap:anywhere]"
      />
      {me.isPending ? (
        <div className="flex justify-center py-10 text-primary">
          <Spinner size="lg" />
        </div>
      ) : me.data && !canManagePaperlessImports(me.data.role) ? (
        <ImportsForbidden />
      ) : (
        <ImportDetails organizationId={organizationId} importId={importId} />
      )}
    </div>
  );
}
