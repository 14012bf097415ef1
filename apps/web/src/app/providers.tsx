import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from '../shared/theme/theme-provider';
import { ConfirmProvider } from '../shared/ui/confirm-dialog';
import { Toaster } from '../shared/ui/toaster';
import { TooltipProvider } from '../shared/ui/tooltip';

/** Everything the app needs above the router: i18n, query cache, theme, tooltips, confirm dialog, toasts. */
export function Providers({
  i18n,
  queryClient,
  children,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <Suspense fallback={null}>
        <QueryClientProvider client={queryClient}>
          <ThemeProvider>
            <TooltipProvider>
              <ConfirmProvider>
                {children}
                <Toaster />
              </ConfirmProvider>
            </TooltipProvider>
          </ThemeProvider>
        </QueryClientProvider>
      </Suspense>
    </I18nextProvider>
  );
}
