import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { formatCount } from '../format';

/** Rows a report section shows at first, and how many more each "Show more" adds. */
export const REPORT_PAGE_SIZE = 50;

/**
 * A long list of a report shown a page at a time: the first REPORT_PAGE_SIZE items, then a button
 * that shows the next ones (a report of thousands of documents stays quick to open).
 */
export function ShowMoreList<Item>({
  items,
  pageSize = REPORT_PAGE_SIZE,
  children,
  label,
}: {
  items: readonly Item[];
  pageSize?: number;
  /** Renders the shown items (a list, a table). */
  children: (shown: readonly Item[]) => ReactNode;
  /** What the list holds, for the button's accessible name ("Show more imported documents"). */
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const [shownCount, setShownCount] = useState(pageSize);
  const shown = items.slice(0, shownCount);
  const left = items.length - shown.length;
  return (
    <div className="grid gap-2">
      {children(shown)}
      {left > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
          <span>
            {t('paperless-imports.report.showing', {
              shown: formatCount(shown.length, i18n.language),
              total: formatCount(items.length, i18n.language),
            })}
          </span>
          <Button
            variant="outline"
            size="sm"
            aria-label={t('paperless-imports.report.show-more-label', {
              list: label,
              count: Math.min(left, pageSize),
            })}
            onClick={() => setShownCount((count) => count + pageSize)}
          >
            {t('paperless-imports.report.show-more', { count: Math.min(left, pageSize) })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
