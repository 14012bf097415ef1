import { inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { apiClient } from '../../shared/http/api-client';
import { ApiError } from '../../shared/http/api-error';

export const AUTH_BASE_PATH = '/api/auth';

/**
 * better-auth's client, mounted at /api/auth on the API's origin.
 * Custom OAuth2/OIDC providers (better-auth's generic-oauth plugin, 1.7) are registered server-side as
 * social providers, so they sign in through `signIn.social({ provider: providerId })`; the plugin has no
 * client part any more in this version.
 */
export const authClient = createAuthClient({
  baseURL: apiClient.baseUrl,
  basePath: AUTH_BASE_PATH,
  fetchOptions: {
    credentials: 'include',
    // Resolved on each call (not captured once) so tests and the demo mode can replace fetch.
    customFetchImpl: (input, init) => globalThis.fetch(input, init),
  },
  plugins: [inferAdditionalFields({ user: { locale: { type: 'string', required: false } } })],
});

export type AuthSession = typeof authClient.$Infer.Session;

type BetterFetchError = { status?: number; statusText?: string; [key: string]: unknown };

type AuthResult<T> = { data: T | null; error: BetterFetchError | null } | { data: T; error: null };

/**
 * Turns better-auth's `{ data, error }` answer into the data, or throws an ApiError carrying the status
 * and the body (`{ code, message }` from better-auth or `{ error: { code, message } }` from Sheaf), so
 * every auth error goes through the same `getErrorMessage` as the rest of the API.
 */
export async function unwrapAuth<T>(call: Promise<AuthResult<T>>, path = AUTH_BASE_PATH): Promise<T> {
  const { data, error } = await call;
  if (error) {
    const { status, statusText, ...body } = error;
    throw new ApiError({
      status: typeof status === 'number' ? status : 500,
      statusText: typeof statusText === 'string' ? statusText : '',
      data: body,
      url: `${apiClient.baseUrl}${path}`,
    });
  }
  return data as T;
}
