import { RotateCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { cn } from '../../../shared/ui/cn';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Spinner } from '../../../shared/ui/spinner';

export function PreviewLoading({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex min-h-64 items-center justify-center rounded-xl border bg-surface', className)}>
      <Spinner size="lg" className="text-muted-foreground" label={t('documents.preview.loading')} />
    </div>
  );
}

export function PreviewError({ onRetry, description }: { onRetry: () => void; description?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div role="alert">
      <EmptyState
        icon={TriangleAlert}
        title={t('documents.preview.error-title')}
        description={description ?? t('documents.preview.error-description')}
        action={
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            {t('documents.preview.retry')}
          </Button>
        }
      />
    </div>
  );
}
