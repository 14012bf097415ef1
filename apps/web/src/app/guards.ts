import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { Session } from '../modules/auth/api';
import type { ProviderErrorSearch } from '../modules/auth/search-params';

type AuthApi = typeof import('../modules/auth/api');
let authApi: Promise<AuthApi> | undefined;

/**
 * The session module and better-auth's client. Not part of the entry chunk: main.tsx starts
 * loading it at start-up, beside the entry, and the guards wait for it.
 */
export function loadAuthApi(): Promise<AuthApi> {
  authApi ??= import('../modules/auth/api');
  return authApi;
}

/** Guards stop redirecting after this many redirects in a row without a settled navigation (spec §9). */
export const MAX_ROUTER_REDIRECTS = 100;

let consecutiveRedirects = 0;

/** Called when a navigation settles. */
export function resetRedirectCount() {
  consecutiveRedirects = 0;
}

function countRedirect() {
  consecutiveRedirects += 1;
  if (consecutiveRedirects > MAX_ROUTER_REDIRECTS) {
    consecutiveRedirects = 0;
    throw new Error(`Too many redirects (more than ${MAX_ROUTER_REDIRECTS})`);
  }
}

function boundedRedirect(to: '/'): never {
  countRedirect();
  throw redirect({ to, replace: true });
}

function boundedRedirectToLogin(search: ProviderErrorSearch): never {
  countRedirect();
  throw redirect({ to: '/login', search, replace: true });
}

export async function getSession(queryClient: QueryClient): Promise<Session | null> {
  const { sessionQueryOptions } = await loadAuthApi();
  return queryClient.ensureQueryData(sessionQueryOptions());
}

/**
 * Private routes: a visitor without a session goes to /login, taking along a provider sign-in
 * error (`?error=…&provider=…`) that was sent to a private page such as /.
 */
export async function requireSession(
  queryClient: QueryClient,
  providerError: ProviderErrorSearch = {},
): Promise<{ session: Session }> {
  const session = await getSession(queryClient);
  if (!session) {
    boundedRedirectToLogin(providerError);
  }
  return { session };
}

/** Public-only routes: a visitor with a session goes to /. */
export async function requireNoSession(queryClient: QueryClient): Promise<void> {
  const session = await getSession(queryClient);
  if (session) {
    boundedRedirect('/');
  }
}
