import { describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { authRequest, cookiesFrom, deliverEmailsAndGetLinks, pathOf } from '../../test/test-auth';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { insertOrganization } from '../../test/test-organizations';
import { createSessionCache } from './auth.session-cache';

const PASSWORD = 'correct horse battery';

/** The session token inside a `better-auth.session_token=<token>.<signature>` cookie. */
const tokenOf = (cookie: string) => {
  const value = /session_token=([^;]+)/.exec(cookie)?.[1];
  if (!value) throw new Error(`no session cookie in ${cookie}`);
  return decodeURIComponent(value).split('.')[0];
};

describe.each(testDialects)('sessions read through the session cache on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  // A server of its own for each test: `server()`.
  const { serverWith: server, smtp } = useApiTestServer(testDatabase, {
    env: { AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false' },
  });
  type Server = ReturnType<typeof server>;

  const signUp = async ({ app }: Server, email: string) => {
    const response = await authRequest(app, '/api/auth/sign-up/email', {
      body: { email, password: PASSWORD, name: 'Cached User' },
    });
    expect(response.status).toBe(200);
    const { user } = (await response.json()) as { user: { id: string } };
    return { cookie: cookiesFrom(response), userId: user.id, email };
  };
  const signIn = async ({ app }: Server, email: string, password = PASSWORD) => {
    const response = await authRequest(app, '/api/auth/sign-in/email', { body: { email, password } });
    expect(response.status).toBe(200);
    return cookiesFrom(response);
  };
  const me = async ({ app }: Server, cookie: string) =>
    (await authRequest(app, '/api/users/me', { method: 'GET', cookie })).status;
  /** Reads the sessions once, so the next requests are answered from the cache. */
  const warm = async (testServer: Server, ...cookies: string[]) => {
    for (const cookie of cookies) expect(await me(testServer, cookie)).toBe(200);
    expect(testServer.services.auth.sessionCache.size).toBeGreaterThanOrEqual(cookies.length);
  };

  it('refuses a signed-out session on the very next request', async () => {
    const testServer = server();
    const { cookie } = await signUp(testServer, 'sign-out@example.com');
    await warm(testServer, cookie);
    expect(await me(testServer, cookie)).toBe(200);

    const signOut = await authRequest(testServer.app, '/api/auth/sign-out', { cookie, body: {} });
    expect(signOut.status).toBe(200);
    expect(await me(testServer, cookie)).toBe(401);
  });

  it('refuses sessions revoked one by one, all at once, or all but the current one', async () => {
    const testServer = server();
    const { cookie: first, email } = await signUp(testServer, 'revoke@example.com');
    const second = await signIn(testServer, email);
    const third = await signIn(testServer, email);
    await warm(testServer, first, second, third);

    const revokeOne = await authRequest(testServer.app, '/api/auth/revoke-session', {
      cookie: first,
      body: { token: tokenOf(third) },
    });
    expect(revokeOne.status).toBe(200);
    expect(await me(testServer, third)).toBe(401);
    expect(await me(testServer, second)).toBe(200);

    const revokeOthers = await authRequest(testServer.app, '/api/auth/revoke-other-sessions', {
      cookie: first,
      body: {},
    });
    expect(revokeOthers.status).toBe(200);
    expect(await me(testServer, second)).toBe(401);
    expect(await me(testServer, first)).toBe(200);

    const fourth = await signIn(testServer, email);
    await warm(testServer, fourth);
    const revokeAll = await authRequest(testServer.app, '/api/auth/revoke-sessions', {
      cookie: fourth,
      body: {},
    });
    expect(revokeAll.status).toBe(200);
    expect(await me(testServer, first)).toBe(401);
    expect(await me(testServer, fourth)).toBe(401);
  });

  it('refuses the other sessions after a password change that revokes them', async () => {
    const testServer = server();
    const { cookie: current, email } = await signUp(testServer, 'change-password@example.com');
    const other = await signIn(testServer, email);
    await warm(testServer, current, other);

    const change = await authRequest(testServer.app, '/api/auth/change-password', {
      cookie: current,
      body: { currentPassword: PASSWORD, newPassword: 'a brand new secret', revokeOtherSessions: true },
    });
    expect(change.status).toBe(200);
    expect(await me(testServer, other)).toBe(401);
    // better-auth replaces the current session with a new one, set in the answer's cookie.
    expect(await me(testServer, cookiesFrom(change))).toBe(200);
  });

  it('refuses every session after a password reset', async () => {
    const testServer = server();
    const { cookie, email } = await signUp(testServer, 'reset@example.com');
    await warm(testServer, cookie);

    await authRequest(testServer.app, '/api/auth/request-password-reset', {
      body: { email, redirectTo: 'http://localhost:8080/reset-password' },
    });
    const links = await deliverEmailsAndGetLinks({ jobQueue: testServer.jobQueue, smtp, to: email });
    const resetLink = links.find((link) => link.includes('/api/auth/reset-password/'));
    if (!resetLink) throw new Error('no reset link received');
    const redirect = await authRequest(testServer.app, pathOf(resetLink), { method: 'GET' });
    const token = new URL(redirect.headers.get('location') ?? '').searchParams.get('token');
    const reset = await authRequest(testServer.app, '/api/auth/reset-password', {
      body: { newPassword: 'a brand new secret', token },
    });
    expect(reset.status).toBe(200);
    expect(await me(testServer, cookie)).toBe(401);
  });

  it('refuses the sessions of a deleted account', async () => {
    const testServer = server();
    const { cookie, email } = await signUp(testServer, 'delete@example.com');
    const other = await signIn(testServer, email);
    await warm(testServer, cookie, other);

    const deletion = await authRequest(testServer.app, '/api/auth/delete-user', {
      cookie,
      body: { password: PASSWORD },
    });
    expect(deletion.status).toBe(200);
    // Evicted, not merely failing further on for want of a user row.
    expect(testServer.services.auth.sessionCache.size).toBe(0);
    expect(await me(testServer, cookie)).toBe(401);
    expect(await me(testServer, other)).toBe(401);
  });

  it('serves a changed name or e-mail at once', async () => {
    const testServer = server();
    const { cookie } = await signUp(testServer, 'rename@example.com');
    await warm(testServer, cookie);
    const update = await authRequest(testServer.app, '/api/auth/update-user', {
      cookie,
      body: { name: 'Renamed User' },
    });
    expect(update.status).toBe(200);
    // The update evicted the user's sessions: the next request reads them again.
    expect(testServer.services.auth.sessionCache.size).toBe(0);
  });

  it('refuses a forged cookie carrying a cached session token with another signature', async () => {
    const testServer = server();
    const { cookie } = await signUp(testServer, 'forged@example.com');
    await warm(testServer, cookie);
    const forged = `better-auth.session_token=${encodeURIComponent(`${tokenOf(cookie)}.${'A'.repeat(43)}=`)}`;
    expect(await me(testServer, forged)).toBe(401);
  });

  it('applies a member removal, a role change or the deletion of the organization at once', async () => {
    const testServer = server();
    const owner = await signUp(testServer, 'owner@example.com');
    const admin = await signUp(testServer, 'admin@example.com');
    const member = await signUp(testServer, 'member@example.com');
    const organizationId = `org_cache${dialect.padEnd(19, 'x')}`;
    await insertOrganization(testDatabase.db, {
      id: organizationId,
      members: [
        { userId: owner.userId, role: 'owner' },
        { userId: admin.userId, role: 'admin' },
        { userId: member.userId, role: 'member' },
      ],
    });
    // insertOrganization's membership ids: the organization id's suffix and the member's index.
    const adminMembershipId = `mem_${organizationId.slice(4)}1`;
    const memberMembershipId = `mem_${organizationId.slice(4)}2`;
    const organization = (cookie: string) =>
      authRequest(testServer.app, `/api/organizations/${organizationId}`, { method: 'GET', cookie });
    const rename = (cookie: string, name: string) =>
      authRequest(testServer.app, `/api/organizations/${organizationId}`, {
        method: 'PUT',
        cookie,
        body: { name },
      });
    expect((await organization(member.cookie)).status).toBe(200);
    expect((await rename(admin.cookie, 'Renamed by the admin')).status).toBe(200);

    const removal = await authRequest(
      testServer.app,
      `/api/organizations/${organizationId}/members/${memberMembershipId}`,
      { method: 'DELETE', cookie: owner.cookie },
    );
    expect(removal.status).toBe(204);
    expect((await organization(member.cookie)).status).toBe(403);

    const demotion = await authRequest(
      testServer.app,
      `/api/organizations/${organizationId}/members/${adminMembershipId}`,
      { method: 'PATCH', cookie: owner.cookie, body: { role: 'member' } },
    );
    // PATCH answers the updated member ({ member }).
    expect(demotion.status).toBe(200);
    expect((await rename(admin.cookie, 'Renamed again')).status).toBe(403);
    expect((await organization(admin.cookie)).status).toBe(200);

    const deletion = await authRequest(testServer.app, `/api/organizations/${organizationId}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(deletion.status).toBe(204);
    expect((await organization(admin.cookie)).status).toBe(403);
  });
});

describe('the session cache', () => {
  const actor = (userId: string) => ({ kind: 'session' as const, userId, email: 'a@example.com', name: 'A' });
  const inAnHour = () => new Date(Date.now() + 3_600_000);

  it('keeps at most its size, dropping the least recently used session', () => {
    const cache = createSessionCache({ maxEntries: 2 });
    for (const name of ['a', 'b']) {
      cache.set(name, { token: name, expiresAt: inAnHour(), actor: actor(name) }, cache.generation);
    }
    expect(cache.get('a')?.userId).toBe('a');
    cache.set('c', { token: 'c', expiresAt: inAnHour(), actor: actor('c') }, cache.generation);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.userId).toBe('a');
    expect(cache.get('c')?.userId).toBe('c');
  });

  it('never serves a session past its own expiry', () => {
    const cache = createSessionCache();
    cache.set('a', { token: 'a', expiresAt: new Date(Date.now() - 1), actor: actor('a') }, cache.generation);
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not store a session read before an eviction', () => {
    const cache = createSessionCache();
    const generation = cache.generation;
    cache.evictSession('a');
    cache.set('a', { token: 'a', expiresAt: inAnHour(), actor: actor('a') }, generation);
    expect(cache.get('a')).toBeUndefined();
  });

  it('evicts by session token and by user', () => {
    const cache = createSessionCache();
    cache.set('k1', { token: 't1', expiresAt: inAnHour(), actor: actor('u1') }, cache.generation);
    cache.set('k2', { token: 't2', expiresAt: inAnHour(), actor: actor('u1') }, cache.generation);
    cache.set('k3', { token: 't3', expiresAt: inAnHour(), actor: actor('u2') }, cache.generation);
    cache.evictSession('t1');
    expect(cache.get('k1')).toBeUndefined();
    expect(cache.get('k2')).toBeDefined();
    cache.evictUser('u1');
    expect(cache.get('k2')).toBeUndefined();
    expect(cache.get('k3')).toBeDefined();
  });
});
