import type { EndpointAnswer, EndpointDefinition, EndpointRequest } from '@sheaf/contracts/endpoint';
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

/** better-auth's error answer as an ApiError (status, body `{ code, message }` or `{ error: { code, message } }`). */
function toApiError(error: BetterFetchError, path: string, retryAfter: string | null = null): ApiError {
  const { status, statusText, ...body } = error;
  return new ApiError({
    status: typeof status === 'number' ? status : 500,
    statusText: typeof statusText === 'string' ? statusText : '',
    data: body,
    url: `${apiClient.baseUrl}${path}`,
    retryAfter,
  });
}

/**
 * Turns better-auth's `{ data, error }` answer into the data, or throws an ApiError carrying the status
 * and the body (`{ code, message }` from better-auth or `{ error: { code, message } }` from Sheaf), so
 * every auth error goes through the same `getErrorMessage` as the rest of the API.
 */
export async function unwrapAuth<T>(call: Promise<AuthResult<T>>, path = AUTH_BASE_PATH): Promise<T> {
  const { data, error } = await call;
  if (error) {
    throw toApiError(error, path);
  }
  return data as T;
}

/**
 * Calls a route of better-auth's plugins this client has no part for (two-factor, passkey: their
 * client parts would bring @simplewebauthn/browser into this chunk), typed by its catalogue entry:
 * `callAuthRoute<typeof accountSecurityEndpoints.verifyTotp>(…)`, a type only, so no schema is
 * loaded. An error answer throws as with unwrapAuth, with its `Retry-After`.
 */
export async function callAuthRoute<Endpoint extends EndpointDefinition>(
  { method, path }: Pick<Endpoint, 'method' | 'path'>,
  { body, signal }: Pick<EndpointRequest<Endpoint>, 'body'> & { signal?: AbortSignal },
): Promise<EndpointAnswer<Endpoint>> {
  let retryAfter: string | null = null;
  const { data, error } = await authClient.$fetch<EndpointAnswer<Endpoint>>(
    path.slice(AUTH_BASE_PATH.length),
    {
      method,
      body,
      signal,
      // better-fetch's error carries the body, not the headers.
      onError: ({ response }) => {
        retryAfter = response.headers.get('retry-after');
      },
    },
  );
  if (error) {
    throw toApiError(error, path, retryAfter);
  }
  return data as EndpointAnswer<Endpoint>;
}
