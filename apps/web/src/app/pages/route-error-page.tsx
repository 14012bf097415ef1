import type { ErrorComponentProps } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../shared/http/get-error-message';
import { Button } from '../../shared/ui/button';

/** Shown when a route fails to load (a lazy chunk missing after a deployment, a loader error…). */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex min-h-[50dvh] items-center justify-center p-6">
      <div className="flex max-w-md flex-col items-center gap-3 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-muted text-danger">
          <TriangleAlert className="size-6" aria-hidden="true" />
        </div>
        <h1 className="text-lg font-semibold">{t('error-page.title')}</h1>
        <p className="text-sm text-muted-foreground">{getErrorMessage(error, t)}</p>
        <Button variant="outline" onClick={() => window.location.reload()}>
          {t('error-page.reload')}
        </Button>
      </div>
    </div>
  );
}
