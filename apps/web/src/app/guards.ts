import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { Session } from '../modules/auth/api';

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

function boundedRedirect(to: '/' | '/login'): never {
  consecutiveRedirects += 1;
  if (consecutiveRedirects > MAX_ROUTER_REDIRECTS) {
    consecutiveRedirects = 0;
    throw new Error(`Too many redirects (more than ${MAX_ROUTER_REDIRECTS})`);
  }
  throw redirect({ to, replace: true });
}

export async function getSession(queryClient: QueryClient): Promise<Session | null> {
  const { sessionQueryOptions } = await loadAuthApi();
  return queryClient.ensureQueryData(sessionQueryOptions());
}

/** Private routes: a visitor without a session goes to /login. */
export async function requireSession(queryClient: QueryClient): Promise<{ session: Session }> {
  const session = await getSession(queryClient);
  if (!session) {
    boundedRedirect('/login');
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
