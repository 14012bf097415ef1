import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../../shared/http/http-client';

/** The signed-in user as better-auth's get-session answers it (fields beyond id and email may vary). */
export type SessionUser = {
  id: string;
  email: string;
  name?: string | null;
  image?: string | null;
  emailVerified?: boolean;
};

export type Session = {
  session: { id: string; userId: string; expiresAt: string };
  user: SessionUser;
};

export const sessionQueryKey = ['auth', 'session'] as const;

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const user = (value as { user?: unknown }).user;
  return typeof user === 'object' && user !== null && typeof (user as { id?: unknown }).id === 'string';
}

/**
 * Reads the current session. Any failure (non-2xx, network error) or an empty body means "no session".
 * To plug better-auth's client in, replace the queryFn with `authClient.getSession()`.
 */
export async function fetchSession(client: HttpClient): Promise<Session | null> {
  try {
    const body = await client.request<unknown>('/api/auth/get-session', { skipUnauthorizedHook: true });
    return isSession(body) ? body : null;
  } catch {
    return null;
  }
}

export function sessionQueryOptions(client: HttpClient) {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: () => fetchSession(client),
    staleTime: 60_000,
  });
}

/** Signs out (errors ignored: the user leaves either way). */
export async function signOut(client: HttpClient): Promise<void> {
  try {
    await client.request('/api/auth/sign-out', { method: 'POST', body: {} });
  } catch {
    // Ignored on purpose.
  }
}
