import type { SavedViewDto } from '@sheaf/contracts/saved-views';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Bookmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { cn } from '../../../shared/ui/cn';
import { documentsQueryOptions } from '../../documents/api';
import { documentFiltersOf } from '../../documents/search-params';
import { savedViewsQueryOptions } from '../api';
import { applyViewColumns, droppedText } from '../apply-view';
import { searchOfView } from '../view-search';

/** The number of documents a view shows now (a one-item page of the list: only its count is read). */
function ViewCount({ organizationId, view }: { organizationId: string; view: SavedViewDto }) {
  const { t, i18n } = useTranslation();
  const search = searchOfView(view);
  const count = useQuery({
    ...documentsQueryOptions({ organizationId, pageSize: 1, filters: documentFiltersOf(search) }),
    select: (page) => page.documentsCount,
  });
  if (count.data === undefined) return null;
  return (
    <span className="ml-auto text-xs text-muted-foreground tabular-nums">
      <span aria-hidden="true">{new Intl.NumberFormat(i18n.language).format(count.data)}</span>
      <span className="sr-only">{t('saved-views.nav.count', { count: count.data })}</span>
    </span>
  );
}

/**
 * The views the member pinned, under the main items, each with its live count. A click applies the
 * view: its columns here, its filters and sort through the link's URL.
 */
export function PinnedViewsNav({
  organizationId,
  linkClassName,
  onNavigate,
}: {
  organizationId: string;
  linkClassName: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const views = useQuery(savedViewsQueryOptions(organizationId));
  const pinned = (views.data ?? []).filter(({ isPinned }) => isPinned);
  if (pinned.length === 0) return null;
  return (
    <nav aria-labelledby="pinned-views-heading" className="grid gap-1">
      <h2
        id="pinned-views-heading"
        className="px-2.5 text-xs font-medium tracking-wide text-muted-foreground uppercase"
      >
        {t('saved-views.nav.label')}
      </h2>
      <ul className="grid gap-0.5">
        {pinned.map((view) => (
          <li key={view.id}>
            <Link
              to="/organizations/$organizationId/documents"
              params={{ organizationId }}
              search={searchOfView(view)}
              activeOptions={{ exact: true }}
              className={cn(linkClassName, 'min-w-0')}
              onClick={(event) => {
                // A new tab or window keeps this list's columns as they are.
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                applyViewColumns(organizationId, view.columns);
                const dropped = droppedText(view, t);
                if (dropped) toast.info(dropped);
                onNavigate?.();
              }}
            >
              <Bookmark aria-hidden="true" />
              <span className="truncate">{view.name}</span>
              <ViewCount organizationId={organizationId} view={view} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
