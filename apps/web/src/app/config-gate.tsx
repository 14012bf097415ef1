import { useQuery } from '@tanstack/react-query';
import { ServerCrash } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigContext } from '../modules/config/config-context';
import { apiClient } from '../shared/http/api-client';
import { Button } from '../shared/ui/button';
import { Spinner } from '../shared/ui/spinner';
import { startupConfigQueryOptions } from './config-query';

/** Loads GET /api/config before rendering the app; shows 'Server unreachable' with Retry on failure. */
export function ConfigGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const query = useQuery(startupConfigQueryOptions(apiClient));

  if (query.data) {
    return <ConfigContext value={query.data}>{children}</ConfigContext>;
  }

  if (query.isPending) {
    return (
      <main className="flex min-h-dvh items-center justify-center p-6">
        <Spinner size="lg" className="text-primary" label={t('config-gate.loading')} />
      </main>
    );
  }

  const retry = async () => {
    const result = await query.refetch();
    if (result.isError) {
      // sonner is not part of the entry chunk; the toaster has loaded it long since.
      const { toast } = await import('sonner');
      toast.error(t('config-gate.still-unreachable.title'), {
        description: t('config-gate.still-unreachable.description'),
      });
    }
  };

  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div className="flex max-w-sm flex-col items-center gap-4 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <ServerCrash className="size-6" aria-hidden="true" />
        </div>
        <div className="grid gap-1.5">
          <h1 className="text-lg font-semibold">{t('config-gate.unreachable.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('config-gate.unreachable.description')}</p>
        </div>
        <Button onClick={retry} isLoading={query.isFetching}>
          {t('config-gate.unreachable.retry')}
        </Button>
      </div>
    </main>
  );
}
