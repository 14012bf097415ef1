import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import './app/styles.css';
import { loadAuthApi } from './app/guards';
import { apiClient } from './shared/http/api-client';
import { createI18n } from './shared/i18n/i18n';

// The session module (better-auth's client) is not in the entry chunk: load it now, beside it.
void loadAuthApi();

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });

// A 401 anywhere means the session is gone: forget it and go to the sign-in page.
apiClient.setOnUnauthorized(() => {
  void loadAuthApi().then(({ sessionQueryKey }) => {
    queryClient.setQueryData(sessionQueryKey, null);
    if (router.state.location.pathname !== '/login') {
      void router.navigate({ to: '/login' });
    }
  });
});

const rootElement = document.getElementById('root');
if (!rootElement) {
  throw new Error('Missing #root element');
}

// The demo build answers the API in the page (src/demo/, spec §1 "demo mode"); in any other build
// this is a constant false and the demo's code is not in the bundle (scripts/check-demo-bundle.mjs).
const demo =
  import.meta.env.VITE_DEMO_MODE === 'true'
    ? import('./demo/start').then(({ startDemo }) => startDemo())
    : undefined;

void Promise.all([createI18n(), demo]).then(([i18n, demoMode]) => {
  createRoot(rootElement).render(
    <StrictMode>
      <App i18n={i18n} queryClient={queryClient} router={router} />
    </StrictMode>,
  );
  void demoMode?.mountPopup(i18n);
});
