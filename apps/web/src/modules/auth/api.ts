import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { recordLogout } from '../analytics/analytics';
import { configQueryKey } from '../config/api';
import { type AuthSession, authClient } from './auth-client';

/** The signed-in user and session as better-auth's get-session answers them. */
export type Session = AuthSession;
export type SessionUser = AuthSession['user'];

export const sessionQueryKey = ['auth', 'session'] as const;

/** Reads the current session. Any failure (error answer, network error) or an empty body means "no session". */
export async function fetchSession(): Promise<Session | null> {
  try {
    const { data } = await authClient.getSession();
    return data?.user && data.session ? data : null;
  } catch {
    return null;
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: fetchSession,
    staleTime: 60_000,
  });
}

/** The current session (the private routes guarantee there is one under them). */
export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** Refreshes the session (spec §4: after sign-out, update-user, sign-in, sign-up, delete-user, verify-email). */
export function refreshSession(queryClient: QueryClient) {
  // 'all' refetches now even when no component watches the session, so the next guard sees the new one.
  return queryClient.invalidateQueries({ queryKey: sessionQueryKey, refetchType: 'all' });
}

/** Forgets the session and every cached answer but the runtime configuration. */
export function clearSessionData(queryClient: QueryClient) {
  queryClient.setQueryData(sessionQueryKey, null);
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== configQueryKey[0] && query.queryKey[0] !== sessionQueryKey[0],
  });
}

/** Where the sign-out answer sends the browser: the identity provider's logout page, when the server signs out there too. */
function providerLogoutUrl(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) {
    return undefined;
  }
  const { url, redirect } = data as { url?: unknown; redirect?: unknown };
  return redirect === true && typeof url === 'string' && /^https?:\/\//.test(url) ? url : undefined;
}

/**
 * Signs out (errors ignored: the user leaves either way), clears the cache and goes to /login. With
 * AUTH_PROVIDERS_SIGN_OUT_AT_PROVIDER, the answer names the provider's logout page instead: better-auth's
 * client goes there, and the provider sends the browser back to /login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    let logoutAtProvider: string | undefined;
    // Opt-in analytics: the logout event, then a reset (spec §4); nothing when analytics is off.
    await recordLogout();
    try {
      const { data } = await authClient.signOut();
      logoutAtProvider = providerLogoutUrl(data);
    } catch {
      // Ignored on purpose.
    }
    if (logoutAtProvider) {
      clearSessionData(queryClient);
      return;
    }
    // Leave the private pages before their cached answers are dropped: a page still mounted would
    // fetch them again, signed out, and fill the console with 401s.
    queryClient.setQueryData(sessionQueryKey, null);
    await navigate({ to: '/login' });
    clearSessionData(queryClient);
    await refreshSession(queryClient);
  }, [queryClient, navigate]);
}
