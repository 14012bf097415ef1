import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_QUERY_LENGTH } from '@sheaf/contracts/limits';
import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/ui/cn';
import { inputClasses } from '../../../shared/ui/input';
import { SearchSyntaxHelp } from '../search-syntax-help';

/**
 * The list's search box: what is typed reaches the URL's `q` after SEARCH_DEBOUNCE_MS of quiet (at
 * once on Enter; Escape clears it), and a `q` changed elsewhere (back, forward, the palette) shows
 * here. Beside it, the query syntax's help.
 */
export function ListSearchBox({
  query,
  onQueryChange,
  className,
}: {
  query: string;
  /** `immediate`: typed-in commits (Enter, clearing) rather than a pause in typing. */
  onQueryChange: (query: string, options: { immediate: boolean }) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (shownQuery !== query) {
    // The URL changed under us: show its query.
    setShownQuery(query);
    setDraft(query);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (value: string, immediate: boolean) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setShownQuery(value);
    onQueryChange(value, { immediate });
  };

  const onChange = (value: string) => {
    setDraft(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(value, false), SEARCH_DEBOUNCE_MS);
  };

  return (
    <div className={cn('flex min-w-0 items-center gap-1', className)}>
      <search className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <input
          type="search"
          value={draft}
          maxLength={SEARCH_MAX_QUERY_LENGTH}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit(draft, true);
            } else if (event.key === 'Escape' && draft !== '') {
              event.preventDefault();
              setDraft('');
              commit('', true);
            }
          }}
          aria-label={t('documents.list.search.label')}
          placeholder={t('documents.list.search.placeholder')}
          className={cn(inputClasses, 'pr-8 pl-8 [&::-webkit-search-cancel-button]:hidden')}
        />
        {draft !== '' ? (
          <button
            type="button"
            onClick={() => {
              setDraft('');
              commit('', true);
            }}
            aria-label={t('documents.list.search.clear')}
            className="absolute top-1/2 right-1 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-sm text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        ) : null}
      </search>
      <SearchSyntaxHelp />
    </div>
  );
}
