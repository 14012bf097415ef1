import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { lazy, type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from '../shared/theme/theme-provider';

/** sonner is loaded beside the entry chunk, not in it; toasts appear once it is there. */
const Toaster = lazy(() => import('../shared/ui/toaster').then(({ Toaster }) => ({ default: Toaster })));

/**
 * Everything the app needs above the router: i18n, query cache, theme, toasts. Tooltips and the
 * confirmation dialog are provided by the private pages' layout (layouts/private-layout.tsx).
 */
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
            {children}
            {/* Its own boundary: the app does not wait for the toaster. */}
            <Suspense fallback={null}>
              <Toaster />
            </Suspense>
          </ThemeProvider>
        </QueryClientProvider>
      </Suspense>
    </I18nextProvider>
  );
}
