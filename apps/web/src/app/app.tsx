import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import { ConfigGate } from './config-gate';
import { Providers } from './providers';
import type { AppRouter } from './router';

export function App({
  i18n,
  queryClient,
  router,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  router: AppRouter;
}) {
  return (
    <Providers i18n={i18n} queryClient={queryClient}>
      <ConfigGate>
        <RouterProvider router={router} />
      </ConfigGate>
    </Providers>
  );
}
