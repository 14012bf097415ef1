import { authEndpoints } from '@sheaf/contracts/auth';
import { type EndpointDefinition, isJsonAnswer } from '@sheaf/contracts/endpoint';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { findContractViolation } from '../../app/answer-check';
import { createTestServer } from '../../test/test-app';
import { authRequest, cookiesFrom } from '../../test/test-auth';
import { testDialects, useTestDatabase } from '../../test/test-database';

const PASSWORD = 'correct horse battery';
const ORIGIN = 'http://localhost:8080';

/**
 * better-auth serves these routes, so the answer check of the test app does not see them: this
 * walks each one through the real library and checks its answers (and error codes) against the
 * catalogue's entry, and the request bodies sent against the entry's body schema.
 */
describe.each(testDialects)('authentication routes as the catalogue describes them on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const server = (env: Record<string, string> = {}) =>
    createTestServer({
      database: testDatabase.database,
      env: {
        AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false',
        AUTH_RATE_LIMIT_MAX_REQUESTS: '1000',
        AUTH_PROVIDERS_GITHUB_IS_ENABLED: 'true',
        AUTH_PROVIDERS_GITHUB_CLIENT_ID: 'github-client',
        AUTH_PROVIDERS_GITHUB_CLIENT_SECRET: 'github-secret',
        ...env,
      },
    });
  type App = ReturnType<typeof server>['app'];

  /** Sends a request as the web does, after checking its body against the entry's schema. */
  async function send(
    app: App,
    endpoint: EndpointDefinition,
    { body, cookie, query = '' }: { body?: unknown; cookie?: string; query?: string } = {},
  ) {
    if (body !== undefined) {
      const schema = endpoint.body;
      if (!schema) throw new Error(`${endpoint.path} takes no body`);
      expect(schema.safeParse(body).error?.issues ?? [], `${endpoint.path} body`).toEqual([]);
    }
    return authRequest(app, `${endpoint.path}${query}`, {
      method: endpoint.method,
      ...(body !== undefined ? { body } : endpoint.method === 'POST' ? { body: {} } : {}),
      ...(cookie ? { cookie } : {}),
    });
  }

  /** The answer's status is `status`, and it matches the entry (schema, or a declared error code). */
  async function expectAnswer(endpoint: EndpointDefinition, response: Response, status: number) {
    const text = await response.clone().text();
    expect(response.status, `${endpoint.method} ${endpoint.path}: ${text.slice(0, 300)}`).toBe(status);
    expect(await findContractViolation(endpoint, response)).toBeUndefined();
    return JSON.parse(text) as unknown;
  }

  async function signUp(app: App, email: string) {
    const response = await send(app, authEndpoints.signUpEmail, {
      body: { name: 'Ada Lovelace', email, password: PASSWORD, locale: 'fr' },
    });
    await expectAnswer(authEndpoints.signUpEmail, response, 200);
    return cookiesFrom(response);
  }

  it('signs up, reads the session (null signed out), signs in and out', async () => {
    const { app } = server();
    const signedOut = await send(app, authEndpoints.getSession);
    expect(await expectAnswer(authEndpoints.getSession, signedOut, 200)).toBeNull();

    const cookie = await signUp(app, 'contract@example.com');
    const session = await send(app, authEndpoints.getSession, { cookie, query: '?disableRefresh=true' });
    expect(await expectAnswer(authEndpoints.getSession, session, 200)).toMatchObject({
      user: { email: 'contract@example.com', locale: 'fr', image: null },
    });

    const plain = await send(app, authEndpoints.signInEmail, {
      body: { email: 'contract@example.com', password: PASSWORD },
    });
    expect(await expectAnswer(authEndpoints.signInEmail, plain, 200)).toMatchObject({ redirect: false });
    const redirected = await send(app, authEndpoints.signInEmail, {
      body: { email: 'contract@example.com', password: PASSWORD, rememberMe: false, callbackURL: ORIGIN },
    });
    expect(await expectAnswer(authEndpoints.signInEmail, redirected, 200)).toMatchObject({
      redirect: true,
      url: ORIGIN,
    });

    const signOut = await send(app, authEndpoints.signOut, { cookie });
    expect(await expectAnswer(authEndpoints.signOut, signOut, 200)).toEqual({ success: true });
    const afterSignOut = await send(app, authEndpoints.getSession, { cookie });
    expect(await expectAnswer(authEndpoints.getSession, afterSignOut, 200)).toBeNull();
  });

  it('answers a sign-up with verification required with a null token', async () => {
    const { app } = server({ AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'true' });
    const response = await send(app, authEndpoints.signUpEmail, {
      body: { name: 'Grace Hopper', email: 'verify@example.com', password: PASSWORD, callbackURL: ORIGIN },
    });
    expect(await expectAnswer(authEndpoints.signUpEmail, response, 200)).toMatchObject({ token: null });
    const resend = await send(app, authEndpoints.sendVerificationEmail, {
      body: { email: 'verify@example.com', callbackURL: ORIGIN },
    });
    await expectAnswer(authEndpoints.sendVerificationEmail, resend, 200);
  });

  it('answers its refusals with the codes the entries declare', async () => {
    const { app } = server();
    await signUp(app, 'refusals@example.com');
    const wrongPassword = await send(app, authEndpoints.signInEmail, {
      body: { email: 'refusals@example.com', password: 'not the password' },
    });
    // 401 cannot be listed in an entry's `errors` yet: checked by hand.
    expect(wrongPassword.status).toBe(401);
    expect(await wrongPassword.json()).toMatchObject({ error: { code: 'auth.invalid_credentials' } });

    const taken = await authRequest(app, authEndpoints.signUpEmail.path, {
      body: { name: 'Again', email: 'refusals@example.com', password: PASSWORD },
    });
    await expectAnswer(authEndpoints.signUpEmail, taken, 422);
    const short = await authRequest(app, authEndpoints.signUpEmail.path, {
      body: { name: 'Short', email: 'short@example.com', password: 'short' },
    });
    await expectAnswer(authEndpoints.signUpEmail, short, 400);
    const unknownProvider = await send(app, authEndpoints.signInSocial, { body: { provider: 'nowhere' } });
    await expectAnswer(authEndpoints.signInSocial, unknownProvider, 404);
    const badToken = await send(app, authEndpoints.resetPassword, {
      body: { newPassword: 'battery staple horse', token: 'not-a-token' },
    });
    await expectAnswer(authEndpoints.resetPassword, badToken, 400);
    const signedOut = await send(app, authEndpoints.listSessions);
    await expectAnswer(authEndpoints.listSessions, signedOut, 401);

    const { app: closed } = server({ AUTH_IS_REGISTRATION_ENABLED: 'false' });
    const refused = await send(closed, authEndpoints.signUpEmail, {
      body: { name: 'Nobody', email: 'nobody@example.com', password: PASSWORD },
    });
    await expectAnswer(authEndpoints.signUpEmail, refused, 403);
  });

  it("lists, revokes and changes the signed-in user's sessions, accounts and password", async () => {
    const { app } = server();
    const cookie = await signUp(app, 'settings@example.com');
    const other = cookiesFrom(
      await send(app, authEndpoints.signInEmail, {
        body: { email: 'settings@example.com', password: PASSWORD },
      }),
    );

    const sessions = await send(app, authEndpoints.listSessions, { cookie });
    expect(await expectAnswer(authEndpoints.listSessions, sessions, 200)).toHaveLength(2);
    const accounts = await send(app, authEndpoints.listAccounts, { cookie });
    expect(await expectAnswer(authEndpoints.listAccounts, accounts, 200)).toEqual([
      expect.objectContaining({ providerId: 'credential', scopes: [] }),
    ]);
    const lastWay = await send(app, authEndpoints.unlinkAccount, {
      cookie,
      body: { accountId: ((await accounts.json()) as Array<{ id: string }>)[0]?.id ?? '' },
    });
    await expectAnswer(authEndpoints.unlinkAccount, lastWay, 400);

    const link = await send(app, authEndpoints.linkSocial, {
      cookie,
      body: { provider: 'github', callbackURL: `${ORIGIN}/settings`, errorCallbackURL: `${ORIGIN}/settings` },
    });
    expect(await expectAnswer(authEndpoints.linkSocial, link, 200)).toMatchObject({ redirect: true });
    const start = await send(app, authEndpoints.signInSocial, {
      body: { provider: 'github', callbackURL: ORIGIN, disableRedirect: true },
    });
    expect(await expectAnswer(authEndpoints.signInSocial, start, 200)).toMatchObject({ redirect: false });

    const updated = await send(app, authEndpoints.updateUser, { cookie, body: { locale: 'de' } });
    await expectAnswer(authEndpoints.updateUser, updated, 200);

    const revokeOthers = await send(app, authEndpoints.revokeOtherSessions, { cookie });
    await expectAnswer(authEndpoints.revokeOtherSessions, revokeOthers, 200);
    expect(
      await expectAnswer(
        authEndpoints.getSession,
        await send(app, authEndpoints.getSession, { cookie: other }),
        200,
      ),
    ).toBeNull();

    const wrong = await send(app, authEndpoints.changePassword, {
      cookie,
      body: { currentPassword: 'not the password', newPassword: 'battery staple horse' },
    });
    await expectAnswer(authEndpoints.changePassword, wrong, 400);
    const kept = await send(app, authEndpoints.changePassword, {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: 'battery staple horse' },
    });
    expect(await expectAnswer(authEndpoints.changePassword, kept, 200)).toMatchObject({ token: null });
    const replaced = await send(app, authEndpoints.changePassword, {
      cookie,
      body: { currentPassword: 'battery staple horse', newPassword: PASSWORD, revokeOtherSessions: true },
    });
    expect(await expectAnswer(authEndpoints.changePassword, replaced, 200)).toMatchObject({
      token: expect.any(String),
    });
    const current = cookiesFrom(replaced);

    const revokeAll = await send(app, authEndpoints.revokeSessions, { cookie: current });
    await expectAnswer(authEndpoints.revokeSessions, revokeAll, 200);
  });

  it('resets a password and deletes an account', async () => {
    const { app } = server();
    await signUp(app, 'reset@example.com');
    const request = await send(app, authEndpoints.requestPasswordReset, {
      body: { email: 'reset@example.com', redirectTo: `${ORIGIN}/reset-password` },
    });
    await expectAnswer(authEndpoints.requestPasswordReset, request, 200);
    const nobody = await send(app, authEndpoints.requestPasswordReset, {
      body: { email: 'nobody@example.com' },
    });
    await expectAnswer(authEndpoints.requestPasswordReset, nobody, 200);

    // The token the e-mail's link carries, read where better-auth keeps it.
    const { rows } = await sql<{ identifier: string }>`
      select identifier from auth_verifications where identifier like 'reset-password:%'
    `.execute(testDatabase.db);
    const token = rows[0]?.identifier.slice('reset-password:'.length) ?? '';
    const reset = await send(app, authEndpoints.resetPassword, {
      body: { newPassword: 'battery staple horse', token },
    });
    await expectAnswer(authEndpoints.resetPassword, reset, 200);

    const signIn = await send(app, authEndpoints.signInEmail, {
      body: { email: 'reset@example.com', password: 'battery staple horse' },
    });
    await expectAnswer(authEndpoints.signInEmail, signIn, 200);
    const cookie = cookiesFrom(signIn);
    const wrong = await send(app, authEndpoints.deleteUser, {
      cookie,
      body: { password: 'not the password' },
    });
    await expectAnswer(authEndpoints.deleteUser, wrong, 400);
    const deleted = await send(app, authEndpoints.deleteUser, {
      cookie,
      body: { password: 'battery staple horse' },
    });
    expect(await expectAnswer(authEndpoints.deleteUser, deleted, 200)).toEqual({
      success: true,
      message: 'User deleted',
    });
  });

  it('gives examples that match the entries', () => {
    for (const endpoint of Object.values(authEndpoints) as EndpointDefinition[]) {
      const { body, answer } = endpoint.example ?? {};
      if (body !== undefined) expect(endpoint.body?.safeParse(body).success, endpoint.path).toBe(true);
      const schema = Object.values(endpoint.answers).find(isJsonAnswer);
      if (answer !== undefined) expect(schema?.safeParse(answer).success, endpoint.path).toBe(true);
      expect(endpoint.servedBy).toBe('auth-library');
    }
  });
});
