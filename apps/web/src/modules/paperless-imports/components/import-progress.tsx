import type { PaperlessImportDto } from '@sheaf/contracts/paperless-imports';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/ui/cn';
import { formatCount, formatDuration, formatRate, percentDone } from '../format';

/**
 * A running import's progress: the bar with documents processed of the total (a moving bar while the
 * export is being read and the total is not known yet), then the rate and the time left.
 */
export function ImportProgress({ item, label }: { item: PaperlessImportDto; label: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { total, processed, skipped, failed } = item.progress;
  const isKnown = total !== null;
  const percent = isKnown ? percentDone(processed, total) : 0;
  const counts = isKnown
    ? t('paperless-imports.progress.documents', {
        processed: formatCount(processed, locale),
        total: formatCount(total, locale),
        count: total,
      })
    : item.status === 'queued'
      ? t('paperless-imports.progress.waiting')
      : t('paperless-imports.progress.reading');
  const details = [
    item.ratePerSecond === null
      ? null
      : t('paperless-imports.progress.rate', { rate: formatRate(item.ratePerSecond, locale) }),
    item.etaSeconds === null
      ? null
      : t('paperless-imports.progress.eta', { time: formatDuration(item.etaSeconds, locale) }),
    skipped > 0 ? t('paperless-imports.progress.skipped', { count: skipped }) : null,
    failed > 0 ? t('paperless-imports.progress.failed', { count: failed }) : null,
  ].filter((part): part is string => part !== null);

  return (
    <div className="grid gap-1.5">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={isKnown ? percent : undefined}
        aria-valuetext={counts}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          // A new bar once the total is known: the moving one does not shrink into place.
          key={isKnown ? 'known' : 'unknown'}
          className={cn(
            'h-full rounded-full bg-primary transition-[width] duration-500',
            !isKnown && 'w-1/3 motion-safe:animate-pulse',
          )}
          style={isKnown ? { width: `${percent}%` } : undefined}
        />
      </div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 text-xs text-muted-foreground tabular-nums">
        <span className="font-medium text-foreground">
          {counts}
          {isKnown ? <span className="ml-1.5 text-muted-foreground">({percent}%)</span> : null}
        </span>
        {details.length > 0 ? <span>{details.join(' · ')}</span> : null}
      </div>
    </div>
  );
}
