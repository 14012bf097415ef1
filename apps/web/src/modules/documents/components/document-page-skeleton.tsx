import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/ui/cn';

function Bone({ className }: { className?: string }) {
  return <div className={cn('animate-pulse rounded-md bg-muted', className)} />;
}

/**
 * The document page's shape while it loads (its code on a first visit, then the document): the back
 * link, the name, the actions, the tabs and the preview, so the page is never blank. Announced once as
 * "Loading the document…".
 */
export function DocumentPageSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-label={t('documents.loading-document')}
      data-testid="document-page-skeleton"
      className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] xl:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]"
    >
      <span className="sr-only">{t('documents.loading-document')}</span>
      <div className="grid content-start gap-5" aria-hidden="true">
        <div className="grid gap-2">
          <Bone className="h-4 w-32" />
          <Bone className="h-7 w-3/4" />
          <Bone className="h-5 w-24 rounded-full" />
        </div>
        <div className="flex gap-2">
          <Bone className="h-8 w-28" />
          <Bone className="h-8 w-24" />
        </div>
        <Bone className="h-9 w-full" />
        <Bone className="h-9 w-full" />
        <div className="grid gap-3">
          {[0, 1, 2, 3, 4].map((row) => (
            <div key={row} className="grid grid-cols-[8.5rem_1fr] gap-3">
              <Bone className="h-4" />
              <Bone className="h-4 w-2/3" />
            </div>
          ))}
        </div>
      </div>
      <div className="min-w-0 lg:border-l lg:pl-8" aria-hidden="true">
        <Bone className="aspect-[3/4] w-full max-h-[70dvh]" />
      </div>
    </div>
  );
}
