import type { PaperlessImportDto } from '@sheaf/contracts/paperless-imports';
import { Link } from '@tanstack/react-router';
import { FileArchive, FolderOpen } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDateFormatter } from '../../../shared/format/date';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { isImportActive, useCancelPaperlessImport } from '../api';
import { formatCount } from '../format';
import { ImportError } from './import-error';
import { ImportProgress } from './import-progress';
import { ImportStatusBadge } from './import-status-badge';

/** What a finished import did, in one line: documents imported, then what needs a look. */
export function useSummaryLine(item: PaperlessImportDto): string | null {
  const { t, i18n } = useTranslation();
  const summary = item.summary;
  if (!summary) return null;
  const n = (value: number) => formatCount(value, i18n.language);
  return [
    t('paperless-imports.summary.documents', {
      count: summary.imported.documents,
      n: n(summary.imported.documents),
    }),
    summary.skippedCount > 0
      ? t('paperless-imports.summary.skipped', { count: summary.skippedCount, n: n(summary.skippedCount) })
      : null,
    summary.checksumMismatchCount > 0
      ? t('paperless-imports.summary.checksum-mismatches', {
          count: summary.checksumMismatchCount,
          n: n(summary.checksumMismatchCount),
        })
      : null,
    summary.missingFileCount > 0
      ? t('paperless-imports.summary.missing-files', {
          count: summary.missingFileCount,
          n: n(summary.missingFileCount),
        })
      : null,
    summary.overLimitCount > 0
      ? t('paperless-imports.summary.over-limit', {
          count: summary.overLimitCount,
          n: n(summary.overLimitCount),
        })
      : null,
  ]
    .filter((part): part is string => part !== null)
    .join(' · ');
}

/** When it started, or ended, in words ("Started 3 minutes ago"), with the exact time on hover. */
function ImportTimes({ item }: { item: PaperlessImportDto }) {
  const { t } = useTranslation();
  const { formatRelative, formatDateTime } = useDateFormatter();
  const [key, at] = item.finishedAt
    ? (['paperless-imports.times.finished', item.finishedAt] as const)
    : item.startedAt
      ? (['paperless-imports.times.started', item.startedAt] as const)
      : (['paperless-imports.times.created', item.createdAt] as const);
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {t(key, { when: formatRelative(at) })}
    </time>
  );
}

/** Asks before cancelling: what was imported stays, and a new import of the same export goes on from there. */
function CancelImportButton({ organizationId, item }: { organizationId: string; item: PaperlessImportDto }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const cancel = useCancelPaperlessImport(organizationId);
  const onCancel = async () => {
    const isConfirmed = await confirm({
      title: t('paperless-imports.cancel.title'),
      description: t('paperless-imports.cancel.description', { name: item.sourceName }),
      confirmLabel: t('paperless-imports.cancel.confirm'),
      cancelLabel: t('paperless-imports.cancel.keep'),
    });
    if (!isConfirmed) return;
    try {
      await cancel.mutateAsync(item.id);
      toast.success(t('paperless-imports.cancel.done'));
    } catch (error) {
      toast.error(t('paperless-imports.cancel.failed'), { description: getErrorMessage(error, t) });
    }
  };
  return (
    <Button
      variant="outline"
      size="sm"
      isLoading={cancel.isPending}
      aria-label={t('paperless-imports.cancel.button-label', { name: item.sourceName })}
      onClick={() => void onCancel()}
    >
      {t('paperless-imports.cancel.button')}
    </Button>
  );
}

/** One import of the list: its source and status, the progress while it runs, then how it ended. */
export function ImportCard({ organizationId, item }: { organizationId: string; item: PaperlessImportDto }) {
  const { t } = useTranslation();
  const titleId = useId();
  const summaryLine = useSummaryLine(item);
  const isActive = isImportActive(item);
  const SourceIcon = item.source === 'folder' ? FolderOpen : FileArchive;
  return (
    <article aria-labelledby={titleId} className="grid gap-3 rounded-xl border bg-surface p-4 shadow-xs">
      {/* Read out when the import ends (not at each step of its progress). */}
      <span role="status" className="sr-only">
        {isActive
          ? ''
          : t('paperless-imports.announce', {
              name: item.sourceName,
              status: t(`paperless-imports.status.${item.status}`),
            })}
      </span>
      <div className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <div className="row-span-2 flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
          <SourceIcon className="size-4.5" aria-hidden="true" />
        </div>
        <div className="flex min-w-0 flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h3 id={titleId} className="min-w-0 text-sm font-semibold [overflow-wrap:anywhere]">
            {item.sourceName}
          </h3>
          <ImportStatusBadge status={item.status} />
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted-foreground">
          <span>
            {item.source === 'folder'
              ? t('paperless-imports.source.folder')
              : t('paperless-imports.source.upload')}
          </span>
          <span aria-hidden="true">·</span>
          <ImportTimes item={item} />
          {item.summary?.paperlessVersion ? (
            <>
              <span aria-hidden="true">·</span>
              <span>{t('paperless-imports.version', { version: item.summary.paperlessVersion })}</span>
            </>
          ) : null}
        </p>
      </div>
      {isActive ? (
        <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <ImportProgress
            item={item}
            label={t('paperless-imports.progress.label', { name: item.sourceName })}
          />
          <div className="flex justify-end">
            <CancelImportButton organizationId={organizationId} item={item} />
          </div>
        </div>
      ) : null}
      {item.status === 'failed' && item.error ? <ImportError error={item.error} /> : null}
      {!isActive && (summaryLine || item.summary) ? (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p className="text-sm text-muted-foreground tabular-nums">{summaryLine}</p>
          <Button asChild variant="outline" size="sm">
            <Link
              to="/organizations/$organizationId/settings/import/$importId"
              params={{ organizationId, importId: item.id }}
              aria-label={t('paperless-imports.report.open-label', { name: item.sourceName })}
            >
              {t('paperless-imports.report.open')}
            </Link>
          </Button>
        </div>
      ) : null}
    </article>
  );
}
