import { FILE_TYPE_GROUPS } from '@sheaf/contracts/document-filters';
import { SEARCH_SYNTAX_HELP } from '@sheaf/contracts/search-query';
import { CircleHelp } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../shared/ui/cn';
import { Popover, PopoverContent, PopoverTrigger } from '../../shared/ui/popover';

/**
 * The "?" beside a search box: a popover listing the query syntax (contracts' search-query, each
 * row's meaning translated by its id), shared by the palette and the documents list.
 */
export function SearchSyntaxHelp({ className }: { className?: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Popover>
      <PopoverTrigger
        aria-label={t('search-syntax.open')}
        className={cn(
          'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground outline-none',
          'transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
          className,
        )}
      >
        <CircleHelp className="size-4" aria-hidden="true" />
      </PopoverTrigger>
      <PopoverContent
        align="end"
        aria-labelledby={titleId}
        className="max-h-[min(28rem,70dvh)] w-[min(24rem,calc(100vw-2rem))] overflow-y-auto"
      >
        <h2 id={titleId} className="text-sm font-semibold">
          {t('search-syntax.title')}
        </h2>
        <p className="mt-1 text-xs text-muted-foreground">{t('search-syntax.description')}</p>
        <dl className="mt-3 grid gap-2.5 text-sm">
          {SEARCH_SYNTAX_HELP.map((item) => (
            <div key={item.id} className="grid gap-0.5">
              <dt>
                <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground">
                  {item.example}
                </code>
              </dt>
              <dd className="text-xs text-muted-foreground">
                {t(`search-syntax.items.${item.id}`, {
                  defaultValue: item.meaning,
                  types: FILE_TYPE_GROUPS.join(', '),
                })}
              </dd>
            </div>
          ))}
        </dl>
      </PopoverContent>
    </Popover>
  );
}
