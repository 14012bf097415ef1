import { LayoutGrid, List } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/ui/cn';

/** How the documents list is shown: rows of a table, or a grid of cards with thumbnails. */
export const DOCUMENTS_VIEWS = ['list', 'grid'] as const;
export type DocumentsView = (typeof DOCUMENTS_VIEWS)[number];

const DEFAULT_VIEW: DocumentsView = 'list';

/** Per user (people sharing a browser each keep theirs); `anonymous` before the session is known. */
export const documentsViewStorageKey = (userId: string | undefined) =>
  `sheaf.documents.view.${userId ?? 'anonymous'}`;

function readView(userId: string | undefined): DocumentsView {
  try {
    const stored = window.localStorage.getItem(documentsViewStorageKey(userId));
    return stored === 'grid' || stored === 'list' ? stored : DEFAULT_VIEW;
  } catch {
    // Storage refused (private mode): the default view.
    return DEFAULT_VIEW;
  }
}

function writeView(userId: string | undefined, view: DocumentsView) {
  try {
    window.localStorage.setItem(documentsViewStorageKey(userId), view);
  } catch {
    // Not remembered, but shown for this visit.
  }
}

/** The documents list's view, remembered per user in this browser (as the columns are). */
export function useDocumentsView(userId: string | undefined) {
  const [state, setState] = useState(() => ({ userId, view: readView(userId) }));
  if (state.userId !== userId) {
    // The session arrived, or another user: their own choice.
    setState({ userId, view: readView(userId) });
  }
  const setView = (view: DocumentsView) => {
    writeView(userId, view);
    setState({ userId, view });
  };
  return [state.view, setView] as const;
}

const ICONS = { list: List, grid: LayoutGrid } as const;

/** List or grid: two toggle buttons (`aria-pressed`) in a labelled group, each a tab stop. */
export function DocumentsViewSwitch({
  value,
  onChange,
  className,
}: {
  value: DocumentsView;
  onChange: (view: DocumentsView) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={cn('inline-flex h-8 items-center rounded-md border bg-surface p-0.5', className)}>
      <legend className="sr-only">{t('documents.list.view.label')}</legend>
      {DOCUMENTS_VIEWS.map((view) => {
        const Icon = ICONS[view];
        const isChosen = value === view;
        return (
          <button
            key={view}
            type="button"
            aria-pressed={isChosen}
            aria-label={t(`documents.list.view.${view}`)}
            title={t(`documents.list.view.${view}`)}
            onClick={() => onChange(view)}
            className={cn(
              'inline-flex h-full items-center justify-center rounded-sm px-2 text-muted-foreground outline-none transition-colors',
              'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
              isChosen && 'bg-muted text-foreground',
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
          </button>
        );
      })}
    </fieldset>
  );
}
