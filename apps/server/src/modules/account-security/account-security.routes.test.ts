import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readError, readJson } from '../../test/http';
import { createTestServer } from '../../test/test-app';
import { authRequest, cookiesFrom, TEST_ORIGIN } from '../../test/test-auth';
import { testDialects, useTestDatabase } from '../../test/test-database';
import {
  startTestOidcProvider,
  TEST_OIDC_CLIENT,
  type TestOidcAccount,
  type TestOidcProvider,
} from '../../test/test-oidc-provider';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server';
import { createBrowser, currentUser, signInWithProvider } from '../auth/auth.test-helpers';

type SecurityAnswer = {
  security: { twoFactorEnabled: boolean; hasPassword: boolean; isSignInFresh: boolean; passkeys: unknown[] };
};

const TEN_MINUTES_AND_A_BIT = 11 * 60 * 1000;

describe.each(testDialects)('account security on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const accounts: TestOidcAccount[] = [];
  let idp: TestOidcProvider;
  let smtp: TestSmtpServer;
  // The server's clock: moved forward to make a sign-in stale (better-auth dates sessions by the real time).
  let clockOffsetMs = 0;
  const clock = { now: () => new Date(Date.now() + clockOffsetMs) };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    idp = await startTestOidcProvider({
      accounts,
      redirectUris: ['http://localhost:8080/api/auth/callback/acme'],
    });
  });
  afterAll(async () => {
    await idp?.stop();
    await smtp?.close();
  });

  const server = () =>
    createTestServer({
      database: testDatabase.database,
      clock,
      env: {
        EMAILS_DRIVER: 'smtp',
        SMTP_URL: smtp.url,
        AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false',
        AUTH_PROVIDERS_CUSTOMS: JSON.stringify([
          {
            providerId: 'acme',
            providerName: 'Acme SSO',
            ...TEST_OIDC_CLIENT,
            discoveryUrl: idp.discoveryUrl,
          },
        ]),
      },
    });

  it('lets an account without a password change its second factors only within ten minutes of signing in', async () => {
    const { app } = server();
    accounts.push({
      sub: `${dialect}-grace`,
      email: `grace-${dialect}@example.com`,
      name: 'Grace',
      password: 'pw',
    });
    const { browser } = await signInWithProvider(app, {
      providerId: 'acme',
      login: `grace-${dialect}@example.com`,
      password: 'pw',
    });
    const cookie = browser.sheaf.header();

    const security = await readJson<SecurityAnswer>(
      await authRequest(app, '/api/users/me/security', { method: 'GET', cookie }),
    );
    expect(security.security).toMatchObject({
      hasPassword: false,
      isSignInFresh: true,
      twoFactorEnabled: false,
    });

    // Fresh: no password asked.
    expect((await authRequest(app, '/api/auth/two-factor/enable', { cookie, body: {} })).status).toBe(200);

    clockOffsetMs = TEN_MINUTES_AND_A_BIT;
    try {
      const stale = await authRequest(app, '/api/auth/two-factor/enable', { cookie, body: {} });
      expect(stale.status).toBe(403);
      expect((await readError(stale)).error.code).toBe('auth.fresh_sign_in_required');
      const deletion = await authRequest(app, '/api/auth/delete-user', { cookie, body: {} });
      expect(deletion.status).toBe(403);
      expect((await readError(deletion)).error.code).toBe('auth.fresh_sign_in_required');
      const later = await readJson<SecurityAnswer>(
        await authRequest(app, '/api/users/me/security', { method: 'GET', cookie }),
      );
      expect(later.security.isSignInFresh).toBe(false);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('asks an account with two-factor sign-in for its code after its identity provider too', async () => {
    const { app } = server();
    const email = `hedy-${dialect}@example.com`;
    accounts.push({ sub: `${dialect}-hedy`, email, name: 'Hedy', password: 'pw' });
    const first = await signInWithProvider(app, { providerId: 'acme', login: email, password: 'pw' });
    const cookie = first.browser.sheaf.header();
    const enable = await authRequest(app, '/api/auth/two-factor/enable', { cookie, body: {} });
    const { totpURI } = await readJson<{ totpURI: string }>(enable);
    const totp = new TOTP({
      secret: new URL(totpURI).searchParams.get('secret') ?? '',
      digits: 6,
      period: 30,
    });
    const confirm = await authRequest(app, '/api/auth/two-factor/verify-totp', {
      cookie,
      body: { code: totp.generate() },
    });
    expect(confirm.status).toBe(200);

    const browser = createBrowser();
    const again = await signInWithProvider(app, {
      providerId: 'acme',
      login: email,
      password: 'pw',
      browser,
    });
    expect(again.status).toBe(302);
    expect(again.location).toMatch(new RegExp(`^${TEST_ORIGIN}/login\\?step=two-factor`));
    expect((await currentUser(app, browser)).status).toBe(401);

    const code = totp.generate({ timestamp: Date.now() + 30_000 });
    const verify = await authRequest(app, '/api/auth/two-factor/verify-totp', {
      cookie: browser.sheaf.header(),
      body: { code },
    });
    expect(verify.status).toBe(200);
    browser.sheaf.store(verify);
    expect((await currentUser(app, browser)).user?.email).toBe(email);
  });

  it('refuses every sign-in of a disabled account and stops its API keys', async () => {
    const { app } = server();
    const email = `disabled-${dialect}@example.com`;
    const signUp = await authRequest(app, '/api/auth/sign-up/email', {
      body: { email, password: 'correct horse battery', name: 'Dora' },
    });
    const cookie = cookiesFrom(signUp);
    const key = await authRequest(app, '/api/api-keys', {
      cookie,
      body: {
        name: 'Script',
        permissions: ['organizations:read'],
        organizationIds: [],
        allOrganizations: true,
      },
    });
    expect(key.status).toBe(201);
    const { token } = await readJson<{ token: string }>(key);
    const withKey = () =>
      app.request('/api/organizations', { headers: { authorization: `Bearer ${token}` } });
    expect((await withKey()).status).toBe(200);

    await testDatabase.db
      .updateTable('users')
      .set({ disabled_at: new Date().toISOString() })
      .where('email', '=', email)
      .execute();

    const signIn = await authRequest(app, '/api/auth/sign-in/email', {
      body: { email, password: 'correct horse battery' },
      ip: '203.0.113.99',
    });
    expect(signIn.status).toBe(403);
    expect((await readError(signIn)).error.code).toBe('auth.account_disabled');
    expect((await withKey()).status).toBe(401);
  });
});
