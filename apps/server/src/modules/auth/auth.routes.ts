import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import type { AppEnv } from '../../app/app.types';
import type { ResolveClientAddress } from '../../shared/client-address';
import { type Auth, CLIENT_IP_HEADER } from './auth';
import { toApiErrorResponse } from './auth.responses';

/**
 * Mounts better-auth at /api/auth/*. The client address — the connection's, or behind trusted
 * proxies the one they forwarded — is put in a header of ours (replacing anything the client
 * sent), which better-auth rate-limits by and records on sessions. Its error answers are given the
 * API's `{ error: { code, message } }` shape.
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
    return toApiErrorResponse(await auth.handler(new Request(c.req.raw, { headers })));
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
