import type { PublicConfig } from '@sheaf/contracts/config';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { vi } from 'vitest';
import { createAppRouter } from '../app/router';
import { ConfigContext } from '../modules/config/config-context';
import { publicConfigFixture } from './fixtures';
import { createTestQueryClient, jsonResponse, renderWithProviders } from './render';

export const sessionFixture = {
  session: {
    id: 'ses_1',
    userId: 'usr_1',
    token: 'tok_1',
    expiresAt: '2099-01-01T00:00:00.000Z',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  },
  user: {
    id: 'usr_1',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    emailVerified: true,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  },
};

export type MockRequest = { method: string; path: string; url: URL; body: unknown };
type Handler = (request: MockRequest) => Response | Promise<Response>;

/**
 * Stubs `fetch` with handlers keyed by "METHOD /path" (query string ignored). The session probe answers
 * with a session when `signedIn`, else with no session; anything unhandled answers 404.
 */
export function mockApi(handlers: Record<string, Handler> = {}, { signedIn = false } = {}) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request ? request.url : String(input));
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const rawBody = init?.body ?? (request ? await request.clone().text() : undefined);
    let body: unknown = rawBody;
    if (typeof rawBody === 'string' && rawBody !== '') {
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = rawBody;
      }
    }
    const call = { method, path: url.pathname, url, body };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (handler) {
      return handler(call);
    }
    if (url.pathname === '/api/auth/get-session') {
      return jsonResponse(signedIn ? sessionFixture : null);
    }
    return jsonResponse({ error: { code: 'api.not_found', message: 'Not found' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

type AuthOverrides = Partial<Omit<PublicConfig['auth'], 'providers'>> & {
  providers?: Partial<PublicConfig['auth']['providers']>;
};

/** The config fixture with some auth settings changed. */
export function configWith(auth: AuthOverrides = {}): PublicConfig {
  return {
    ...publicConfigFixture,
    auth: {
      ...publicConfigFixture.auth,
      ...auth,
      providers: { ...publicConfigFixture.auth.providers, ...auth.providers },
    },
  };
}

/** Renders the whole app (router, guards, layouts) at a path, under a runtime configuration. */
export function renderApp(path: string, { config = publicConfigFixture }: { config?: PublicConfig } = {}) {
  const queryClient = createTestQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  const view = renderWithProviders(
    <ConfigContext value={config}>
      <RouterProvider router={router} />
    </ConfigContext>,
    { queryClient },
  );
  return { ...view, router, queryClient };
}
