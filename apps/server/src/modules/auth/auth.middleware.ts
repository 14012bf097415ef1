import type { ApiKeyPermission } from '@sheaf/contracts/permissions';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../shared/app.types';
import type { ApiKeysUsecases } from '../api-keys/api-keys.usecases';
import type { Auth } from './auth';
import { readBearerToken } from './auth.bearer';
import { createForbiddenError, createUnauthorizedError } from './auth.errors.http';
import type { SessionActor } from './auth.session-cache';

export type RequireAuthOptions = {
  /**
   * Permissions an API key needs for this route. Without it the route accepts sessions only
   * (key management, account, members, invitations…).
   */
  apiKeyPermissions?: ApiKeyPermission[];
};

export type RequireAuth = ReturnType<typeof createRequireAuth>;

/**
 * The one guard of every authenticated route: a session cookie, or `Authorization: Bearer`
 * (scheme in any case) with an API key whose expiry, permissions and organization scope allow this request.
 */
export function createRequireAuth({ auth, apiKeys }: { auth: Auth; apiKeys: ApiKeysUsecases }) {
  const readSession = createSessionReader({ auth });
  return ({ apiKeyPermissions }: RequireAuthOptions = {}) =>
    createMiddleware<AppEnv>(async (c, next) => {
      // Only Bearer means an API key; another scheme (Basic…) is ignored and the cookie counts. A
      // Bearer token that fails is 401 even beside a session cookie: no silent fallback.
      const token = readBearerToken(c.req.header('authorization'));
      if (token !== undefined) {
        if (!token)
          throw createUnauthorizedError('Malformed Authorization header: expected "Bearer <API key>".');
        const apiKey = await apiKeys.authenticate({ token });
        if (!apiKey) throw createUnauthorizedError('Invalid or expired API key.');
        if (!apiKeyPermissions)
          throw createForbiddenError('This route does not accept API keys; sign in instead.');
        const missing = apiKeyPermissions.filter((permission) => !apiKey.permissions.includes(permission));
        if (missing.length > 0)
          throw createForbiddenError(`This API key lacks the permission ${missing.join(', ')}.`);
        const organizationId = c.req.param('organizationId');
        if (organizationId && !apiKey.allOrganizations && !apiKey.organizationIds.includes(organizationId)) {
          throw createForbiddenError('This API key is not allowed in this organization.');
        }
        c.set('actor', {
          kind: 'api-key',
          userId: apiKey.user.id,
          email: apiKey.user.email,
          name: apiKey.user.name,
          apiKey: {
            id: apiKey.id,
            permissions: apiKey.permissions,
            organizationIds: apiKey.organizationIds,
            allOrganizations: apiKey.allOrganizations,
          },
        });
        return next();
      }

      const actor = await readSession(c);
      if (!actor) throw createUnauthorizedError();
      c.set('actor', actor);
      return next();
    });
}

/**
 * The signed-in user of a request, from its session cookie: read through better-auth (signature,
 * expiry, refresh), then kept for a few seconds in the session cache (see auth.session-cache.ts
 * for how long a session ended elsewhere may still be served). No session cookie, no lookup.
 */
function createSessionReader({ auth }: { auth: Auth }) {
  const { sessionCache } = auth;
  let cookieName: string | undefined;

  return async (c: Context<AppEnv>): Promise<SessionActor | undefined> => {
    cookieName ??= (await auth.$context).authCookies.sessionToken.name;
    const cookieValue = getCookie(c, cookieName);
    if (!cookieValue) return undefined;
    const key = sessionCache.keyOf(cookieValue);
    const cached = sessionCache.get(key);
    if (cached) return cached;

    const generation = sessionCache.generation;
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return undefined;
    const actor: SessionActor = {
      kind: 'session',
      userId: session.user.id,
      email: session.user.email,
      name: session.user.name,
    };
    // Only under the cookie that carries this very session (not another session cookie sent alongside).
    if (cookieValue.startsWith(`${session.session.token}.`)) {
      sessionCache.set(
        key,
        { token: session.session.token, expiresAt: session.session.expiresAt, actor },
        generation,
      );
    }
    return actor;
  };
}
