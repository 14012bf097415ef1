import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import type { AppEnv } from '../../shared/app.types';
import type { ResolveClientAddress } from '../../shared/client-address';
import { type Auth, CLIENT_IP_HEADER } from './auth';
import { isProviderStartPath } from './auth.provider-errors';
import { toApiErrorResponse } from './auth.responses';

/**
 * Mounts better-auth at /api/auth/*. The client address — the connection's, or behind trusted
 * proxies the one they forwarded — is put in a header of ours (replacing anything the client
 * sent), which better-auth rate-limits by and records on sessions. Its error answers are given the
 * API's `{ error: { code, message } }` shape, and a failed provider sign-in's redirect one of our
 * `auth.*` codes (see auth.provider-errors).
 */
export function createAuthRoutes({
  auth,
  resolveClientAddress,
}: {
  auth: Auth;
  resolveClientAddress: ResolveClientAddress;
}) {
  return new Hono<AppEnv>().on(['GET', 'POST'], '/auth/*', async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const address = resolveClientAddress({
      socketAddress: socketAddress(c),
      forwardedFor: c.req.header('x-forwarded-for'),
    });
    if (address) headers.set(CLIENT_IP_HEADER, address);
    const request = new Request(c.req.raw, { headers });
    // Starting a provider sign-in: its body names the provider, read again if better-auth refuses it.
    const requestCopy = isProviderStartPath(c.req.path) ? request.clone() : undefined;
    const response = await auth.providerErrors.track(async () =>
      auth.providerErrors.rewriteErrorRedirect(await auth.handler(request), c.req.path),
    );
    const answer = await toApiErrorResponse(response);
    return requestCopy ? auth.providerErrors.toUnavailableProvider(answer, c.req.path, requestCopy) : answer;
  });
}

function socketAddress(c: Parameters<typeof getConnInfo>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // No socket (requests built in-process); better-auth then applies no per-client limit.
    return undefined;
  }
}
