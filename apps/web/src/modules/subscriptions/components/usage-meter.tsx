import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { getCurrentLocale } from '../../../shared/i18n/i18n';
import { cn } from '../../../shared/ui/cn';
import { formatPercent, usagePercent } from '../usage';

export type MeterSegment = { value: number; label: string; className: string };

/**
 * One usage line: what it is, how much of the limit is used, and a bar (stacked when it has parts, such
 * as documents and trash). Percentages are capped at 100; a null limit reads "Unlimited" with no bar.
 */
export function UsageMeter({
  icon: Icon,
  title,
  usedLabel,
  limitLabel,
  used,
  limit,
  segments,
  legend,
  note,
}: {
  icon: LucideIcon;
  title: string;
  usedLabel: string;
  limitLabel: string | null;
  used: number;
  limit: number | null;
  /** The bar's parts, in order; by default one part with `used`. */
  segments?: MeterSegment[];
  legend?: ReactNode;
  note?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const percent = usagePercent(used, limit);
  const isFull = limit !== null && used >= limit;
  const isHigh = percent !== null && percent >= 80;
  const parts = segments ?? [{ value: used, label: title, className: '' }];
  const scale = limit === null ? 0 : Math.max(limit, used);

  return (
    <section
      aria-labelledby={titleId}
      className="grid content-start gap-3 rounded-xl border bg-surface p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2.5">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
            <Icon className="size-4" aria-hidden="true" />
          </span>
          <h2 id={titleId} className="text-sm font-semibold">
            {title}
          </h2>
        </div>
        <span
          className={cn(
            'shrink-0 text-2xl font-semibold tracking-tight tabular-nums',
            isFull ? 'text-danger' : isHigh ? 'text-warning' : 'text-foreground',
          )}
        >
          {percent === null ? (
            <span className="text-base font-medium text-muted-foreground">
              {t('subscriptions.unlimited')}
            </span>
          ) : (
            formatPercent(percent, getCurrentLocale(i18n))
          )}
        </span>
      </div>
      {limit === null ? null : (
        <>
          <meter
            className="sr-only"
            aria-labelledby={titleId}
            min={0}
            max={100}
            value={percent ?? 0}
            aria-valuetext={t('subscriptions.usage.of-limit', { used: usedLabel, limit: limitLabel })}
          />
          <div aria-hidden="true" className="flex h-2.5 w-full overflow-hidden rounded-full bg-muted">
            {parts.map((part) =>
              part.value > 0 ? (
                <div
                  key={part.label}
                  className={cn(
                    'h-full first:rounded-l-full last:rounded-r-full',
                    part.className || (isFull ? 'bg-danger' : isHigh ? 'bg-warning' : 'bg-primary'),
                  )}
                  style={{ width: `${Math.min(100, (part.value / scale) * 100)}%` }}
                />
              ) : null,
            )}
          </div>
        </>
      )}
      <p className="text-sm text-muted-foreground">
        {limitLabel === null
          ? t('subscriptions.usage.used-unlimited', { used: usedLabel })
          : t('subscriptions.usage.of-limit', { used: usedLabel, limit: limitLabel })}
      </p>
      {legend}
      {note}
    </section>
  );
}
