import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { ThemeProvider } from '../shared/theme/theme-provider';
import { ConfirmProvider } from '../shared/ui/confirm-dialog';
import { Toaster } from '../shared/ui/toaster';
import { TooltipProvider } from '../shared/ui/tooltip';

/** A synchronous English i18n instance for component tests. */
export function createTestI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    initAsync: false,
    showSupportNotice: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

export function TestProviders({
  children,
  queryClient = createTestQueryClient(),
  i18n = createTestI18n(),
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  i18n?: I18n;
}) {
  return (
    <I18nextProvider i18n={i18n}>
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
    </I18nextProvider>
  );
}

export function renderWithProviders(
  ui: ReactElement,
  options: { queryClient?: QueryClient; i18n?: I18n } = {},
) {
  return render(<TestProviders {...options}>{ui}</TestProviders>);
}

/** A JSON Response, as fetch would answer. */
export function jsonResponse(
  body: unknown,
  init: { status?: number; statusText?: string; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    statusText: init.statusText ?? '',
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}
