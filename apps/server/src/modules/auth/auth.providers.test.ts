import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readError, readJson } from '../../test/http';
import { createTestServer } from '../../test/test-app';
import { authRequest, createVerifiedUser, pathOf, TEST_ORIGIN } from '../../test/test-auth';
import { testDialects, useTestDatabase } from '../../test/test-database';
import {
  completeInteraction,
  startTestOidcProvider,
  TEST_OIDC_CLIENT,
  type TestOidcAccount,
  type TestOidcProvider,
} from '../../test/test-oidc-provider';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server';
import {
  type Browser,
  createBrowser,
  currentUser,
  signInWithPassword,
  signInWithProvider,
} from './auth.test-helpers';

const PROVIDER_IDS = ['acme', 'acme-endpoints', 'acme-trusted', 'directory', 'acme-wrong-secret'];
const PROVIDER_PASSWORD = 'provider password';

type LinkedAccount = { id: string; providerId: string; accountId: string; userId: string };

async function listAccounts(app: ReturnType<typeof createTestServer>['app'], browser: Browser) {
  const response = await authRequest(app, '/api/auth/list-accounts', {
    method: 'GET',
    cookie: browser.sheaf.header(),
  });
  expect(response.status).toBe(200);
  return readJson<LinkedAccount[]>(response);
}

function errorRedirect(code: string, providerId: string, page = '/login') {
  return `${TEST_ORIGIN}${page}?error=${encodeURIComponent(code)}&provider=${providerId}`;
}

describe.each(testDialects)('sign-in with an OpenID Connect provider on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const accounts: TestOidcAccount[] = [];
  let idp: TestOidcProvider;
  let smtp: TestSmtpServer;
  let nextAccount = 0;

  /** A user of the identity provider, unique to the test. */
  const addIdpUser = (account: Partial<TestOidcAccount> & { email: string }): TestOidcAccount => {
    nextAccount += 1;
    const created: TestOidcAccount = {
      sub: `${dialect}-subject-${nextAccount}`,
      name: 'Grace Hopper',
      password: PROVIDER_PASSWORD,
      ...account,
    };
    accounts.push(created);
    return created;
  };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    idp = await startTestOidcProvider({
      accounts,
      redirectUris: PROVIDER_IDS.map((id) => `${TEST_ORIGIN}/api/auth/callback/${id}`),
      postLogoutRedirectUris: [`${TEST_ORIGIN}/login`],
    });
  });
  afterAll(async () => {
    await idp?.stop();
    await smtp?.close();
  });

  const client = { clientId: TEST_OIDC_CLIENT.clientId, clientSecret: TEST_OIDC_CLIENT.clientSecret };
  const providers = () => [
    { providerId: 'acme', providerName: 'Acme SSO', ...client, discoveryUrl: idp.discoveryUrl },
    {
      providerId: 'acme-endpoints',
      providerName: 'Acme (endpoints)',
      ...client,
      authorizationUrl: idp.authorizationUrl,
      tokenUrl: idp.tokenUrl,
      userInfoUrl: idp.userInfoUrl,
    },
    {
      providerId: 'acme-trusted',
      providerName: 'Acme (trusted)',
      ...client,
      discoveryUrl: idp.discoveryUrl,
      trustedForAccountLinking: true,
    },
    {
      providerId: 'directory',
      providerName: 'Directory',
      ...client,
      discoveryUrl: idp.discoveryUrl,
      scopes: ['openid', 'email', 'directory'],
      idClaim: 'uid',
      emailClaim: 'mail',
      nameClaim: 'display_name',
    },
    {
      providerId: 'acme-wrong-secret',
      providerName: 'Acme (wrong secret)',
      clientId: client.clientId,
      clientSecret: 'not the secret',
      discoveryUrl: idp.discoveryUrl,
    },
  ];
  const server = (env: Record<string, string> = {}) =>
    createTestServer({
      database: testDatabase.database,
      env: {
        EMAILS_DRIVER: 'smtp',
        SMTP_URL: smtp.url,
        AUTH_PROVIDERS_CUSTOMS: JSON.stringify(providers()),
        ...env,
      },
    });

  const usersWithEmail = (email: string) =>
    testDatabase.db.selectFrom('users').select(['id', 'email_verified']).where('email', '=', email).execute();

  it('signs a new user in through discovery, with the e-mail from the userinfo endpoint and the account keyed by sub', async () => {
    const { app } = server();
    const grace = addIdpUser({ email: `grace-${dialect}@example.com`, name: 'Grace Hopper' });

    const { status, location, browser } = await signInWithProvider(app, {
      providerId: 'acme',
      login: grace.email,
    });

    expect(status).toBe(302);
    expect(location).toBe(TEST_ORIGIN);
    const { user } = await currentUser(app, browser);
    expect(user).toMatchObject({ email: grace.email, name: 'Grace Hopper', emailVerified: true });
    expect(await listAccounts(app, browser)).toEqual([
      expect.objectContaining({ providerId: 'acme', accountId: grace.sub, userId: user?.id }),
    ]);
  });

  it('signs in through explicit endpoints when only the userinfo endpoint carries the e-mail', async () => {
    const { app } = server();
    const ada = addIdpUser({ email: `ada-${dialect}@example.com`, name: 'Ada Lovelace' });

    const { location, browser } = await signInWithProvider(app, {
      providerId: 'acme-endpoints',
      login: ada.email,
    });

    expect(location).toBe(TEST_ORIGIN);
    const { user } = await currentUser(app, browser);
    expect(user).toMatchObject({ email: ada.email, name: 'Ada Lovelace' });
    expect(await listAccounts(app, browser)).toEqual([
      expect.objectContaining({ providerId: 'acme-endpoints', accountId: ada.sub }),
    ]);
  });

  it('signs in through explicit endpoints without a userinfo URL when the ID token carries the claims, keyed by sub', async () => {
    const idTokenOnly = await startTestOidcProvider({
      accounts,
      redirectUris: [`${TEST_ORIGIN}/api/auth/callback/id-token-only`],
      idTokenCarriesClaims: true,
    });
    try {
      const { app } = createTestServer({
        database: testDatabase.database,
        env: {
          AUTH_PROVIDERS_CUSTOMS: JSON.stringify([
            {
              providerId: 'id-token-only',
              providerName: 'ID token only',
              ...client,
              authorizationUrl: idTokenOnly.authorizationUrl,
              tokenUrl: idTokenOnly.tokenUrl,
            },
          ]),
        },
      });
      const barbara = addIdpUser({ email: `barbara-${dialect}@example.com`, name: 'Barbara Liskov' });

      const { location, browser } = await signInWithProvider(app, {
        providerId: 'id-token-only',
        login: barbara.email,
      });

      expect(location).toBe(TEST_ORIGIN);
      expect((await currentUser(app, browser)).user).toMatchObject({
        email: barbara.email,
        name: 'Barbara Liskov',
      });
      expect(await listAccounts(app, browser)).toEqual([
        expect.objectContaining({ providerId: 'id-token-only', accountId: barbara.sub }),
      ]);
    } finally {
      await idTokenOnly.stop();
    }
  });

  it('signs the same user in again on a second sign-in, with still one user and one linked account', async () => {
    const { app } = server();
    const alan = addIdpUser({ email: `alan-${dialect}@example.com`, name: 'Alan Turing' });
    const first = await signInWithProvider(app, { providerId: 'acme', login: alan.email });
    const { user: firstUser } = await currentUser(app, first.browser);

    // The same browser: the provider remembers the user and asks nothing this time.
    const again = createBrowser();
    const reusingProviderSession = { sheaf: again.sheaf, provider: first.browser.provider };
    const second = await signInWithProvider(app, { providerId: 'acme', browser: reusingProviderSession });
    // Another browser: the user signs in at the provider again.
    const third = await signInWithProvider(app, { providerId: 'acme', login: alan.email });

    for (const signIn of [second, third]) {
      expect(signIn.location).toBe(TEST_ORIGIN);
      expect((await currentUser(app, signIn.browser)).user?.id).toBe(firstUser?.id);
    }
    expect(await usersWithEmail(alan.email)).toHaveLength(1);
    expect(await listAccounts(app, third.browser)).toHaveLength(1);
  });

  it('reads the account id, e-mail and name from the configured claims of a non-standard provider', async () => {
    const { app } = server();
    const katherine = addIdpUser({
      email: `unused-${dialect}@example.com`,
      directory: {
        uid: `employee-${dialect}-4242`,
        mail: `katherine-${dialect}@example.com`,
        display_name: 'K. Johnson',
      },
    });

    const { location, browser } = await signInWithProvider(app, {
      providerId: 'directory',
      login: katherine.sub,
    });

    expect(location).toBe(TEST_ORIGIN);
    const { user } = await currentUser(app, browser);
    expect(user).toMatchObject({ email: `katherine-${dialect}@example.com`, name: 'K. Johnson' });
    expect(await listAccounts(app, browser)).toEqual([
      expect.objectContaining({ providerId: 'directory', accountId: `employee-${dialect}-4242` }),
    ]);
  });

  it('refuses a new user when registration is disabled, sends auth.registration_disabled to /login and creates nobody', async () => {
    const { app } = server({ AUTH_IS_REGISTRATION_ENABLED: 'false' });
    const newcomer = addIdpUser({ email: `newcomer-${dialect}@example.com` });

    const { location, browser } = await signInWithProvider(app, {
      providerId: 'acme',
      login: newcomer.email,
    });

    expect(location).toBe(errorRedirect('auth.registration_disabled', 'acme'));
    expect((await currentUser(app, browser)).status).toBe(401);
    expect(await usersWithEmail(newcomer.email)).toEqual([]);
  });

  it('does not attach an untrusted provider to an existing account of the same e-mail: auth.account_not_linked', async () => {
    const { app, jobQueue } = server();
    const email = `owner-${dialect}@example.com`;
    const owner = await createVerifiedUser({ app, jobQueue, smtp, email });
    // The provider vouches for the address, but this provider is not trusted for linking.
    addIdpUser({ email, emailVerified: true });

    for (const providerId of ['acme', 'acme-endpoints']) {
      const { location, browser } = await signInWithProvider(app, { providerId, login: email });
      expect(location).toBe(errorRedirect('auth.account_not_linked', providerId));
      expect((await currentUser(app, browser)).status).toBe(401);
    }
    const ownerBrowser = createBrowser();
    await signInWithPassword(app, ownerBrowser, { email: email, password: owner.password });
    expect((await listAccounts(app, ownerBrowser)).map((account) => account.providerId)).toEqual([
      'credential',
    ]);
  });

  it('attaches a provider trusted for account linking to the existing verified account and signs that user in', async () => {
    const { app, jobQueue } = server();
    const email = `trusting-${dialect}@example.com`;
    const owner = await createVerifiedUser({ app, jobQueue, smtp, email });
    const identity = addIdpUser({ email, emailVerified: true });

    const { location, browser } = await signInWithProvider(app, { providerId: 'acme-trusted', login: email });

    expect(location).toBe(TEST_ORIGIN);
    expect((await currentUser(app, browser)).user?.id).toBe(owner.userId);
    expect(
      (await listAccounts(app, browser)).map(({ providerId, accountId }) => ({ providerId, accountId })),
    ).toEqual(
      expect.arrayContaining([
        { providerId: 'credential', accountId: owner.userId },
        { providerId: 'acme-trusted', accountId: identity.sub },
      ]),
    );
  });

  it('never attaches even a trusted provider to a local account whose e-mail is not verified', async () => {
    const { app } = server();
    const email = `unverified-${dialect}@example.com`;
    const signUp = await authRequest(app, '/api/auth/sign-up/email', {
      body: { email, password: 'correct horse battery', name: 'Not Verified' },
    });
    expect(signUp.status).toBe(200);
    addIdpUser({ email, emailVerified: true });

    const { location } = await signInWithProvider(app, { providerId: 'acme-trusted', login: email });

    expect(location).toBe(errorRedirect('auth.account_not_linked', 'acme-trusted'));
  });

  it('connects a provider from account settings, even with another e-mail at the provider, then signs in with it', async () => {
    const { app, jobQueue } = server();
    const owner = await createVerifiedUser({ app, jobQueue, smtp, email: `linker-${dialect}@example.com` });
    const workIdentity = addIdpUser({ email: `linker-${dialect}@work.example.com`, emailVerified: false });
    const browser = createBrowser();
    await signInWithPassword(app, browser, { email: owner.email, password: owner.password });

    const linked = await signInWithProvider(app, {
      providerId: 'acme',
      login: workIdentity.email,
      browser,
      link: true,
    });

    expect(linked.location).toBe(`${TEST_ORIGIN}/settings`);
    expect((await listAccounts(app, browser)).map((account) => account.providerId).sort()).toEqual([
      'acme',
      'credential',
    ]);
    const later = await signInWithProvider(app, { providerId: 'acme', login: workIdentity.email });
    expect(later.location).toBe(TEST_ORIGIN);
    expect((await currentUser(app, later.browser)).user).toMatchObject({
      id: owner.userId,
      email: owner.email,
    });
  });

  it('refuses to connect a provider identity that belongs to another user: auth.provider_account_in_use on the settings page', async () => {
    const { app, jobQueue } = server();
    const taken = addIdpUser({ email: `taken-${dialect}@example.com` });
    await signInWithProvider(app, { providerId: 'acme', login: taken.email });
    const other = await createVerifiedUser({ app, jobQueue, smtp, email: `other-${dialect}@example.com` });
    const browser = createBrowser();
    await signInWithPassword(app, browser, { email: other.email, password: other.password });

    const { location } = await signInWithProvider(app, {
      providerId: 'acme',
      login: taken.email,
      browser,
      link: true,
    });

    expect(location).toBe(errorRedirect('auth.provider_account_in_use', 'acme', '/settings'));
    expect((await listAccounts(app, browser)).map((account) => account.providerId)).toEqual(['credential']);
  });

  it('refuses to unlink the last way to sign in with auth.last_sign_in_method, and unlinks a provider when a password remains', async () => {
    const { app, jobQueue } = server();
    const only = addIdpUser({ email: `only-${dialect}@example.com` });
    const { browser } = await signInWithProvider(app, { providerId: 'acme', login: only.email });
    const [onlyAccount] = await listAccounts(app, browser);

    const refused = await authRequest(app, '/api/auth/unlink-account', {
      body: { accountId: onlyAccount?.id },
      cookie: browser.sheaf.header(),
    });

    expect(refused.status).toBe(400);
    expect((await readError(refused)).error.code).toBe('auth.last_sign_in_method');
    expect(await listAccounts(app, browser)).toHaveLength(1);

    const owner = await createVerifiedUser({ app, jobQueue, smtp, email: `two-ways-${dialect}@example.com` });
    const ownerBrowser = createBrowser();
    await signInWithPassword(app, ownerBrowser, { email: owner.email, password: owner.password });
    const identity = addIdpUser({ email: `two-ways-${dialect}@work.example.com` });
    await signInWithProvider(app, {
      providerId: 'acme',
      login: identity.email,
      browser: ownerBrowser,
      link: true,
    });
    const providerAccount = (await listAccounts(app, ownerBrowser)).find(
      (account) => account.providerId === 'acme',
    );
    const unlinked = await authRequest(app, '/api/auth/unlink-account', {
      body: { accountId: providerAccount?.id },
      cookie: ownerBrowser.sheaf.header(),
    });
    expect(unlinked.status).toBe(200);
    expect((await listAccounts(app, ownerBrowser)).map((account) => account.providerId)).toEqual([
      'credential',
    ]);
  });

  it('refuses to unlink a provider when the password that remains is no way to sign in (e-mail sign-in switched off)', async () => {
    const { app, jobQueue } = server();
    const owner = await createVerifiedUser({
      app,
      jobQueue,
      smtp,
      email: `password-off-${dialect}@example.com`,
    });
    const ownerBrowser = createBrowser();
    await signInWithPassword(app, ownerBrowser, { email: owner.email, password: owner.password });
    const identity = addIdpUser({ email: `password-off-${dialect}@work.example.com` });
    await signInWithProvider(app, {
      providerId: 'acme',
      login: identity.email,
      browser: ownerBrowser,
      link: true,
    });
    const providersOnly = server({ AUTH_PROVIDERS_EMAIL_IS_ENABLED: 'false' }).app;

    const { browser } = await signInWithProvider(providersOnly, {
      providerId: 'acme',
      login: identity.email,
    });
    const providerAccount = (await listAccounts(providersOnly, browser)).find(
      (account) => account.providerId === 'acme',
    );
    const refused = await authRequest(providersOnly, '/api/auth/unlink-account', {
      body: { accountId: providerAccount?.id },
      cookie: browser.sheaf.header(),
    });

    expect(refused.status).toBe(400);
    expect((await readError(refused)).error.code).toBe('auth.last_sign_in_method');
    expect((await listAccounts(providersOnly, browser)).map((account) => account.providerId).sort()).toEqual([
      'acme',
      'credential',
    ]);
  });

  it('sends auth.provider_access_denied to /login when the user cancels at the provider', async () => {
    const { app } = server();

    const { location, browser } = await signInWithProvider(app, { providerId: 'acme', cancel: true });

    expect(location).toBe(errorRedirect('auth.provider_access_denied', 'acme'));
    expect((await currentUser(app, browser)).status).toBe(401);
  });

  it('asks for a verification e-mail when the provider has not verified the address: auth.provider_email_not_verified and no session', async () => {
    const { app, jobQueue } = server();
    const unverified = addIdpUser({ email: `unchecked-${dialect}@example.com`, emailVerified: false });

    const { location, browser } = await signInWithProvider(app, {
      providerId: 'acme',
      login: unverified.email,
    });

    expect(location).toBe(errorRedirect('auth.provider_email_not_verified', 'acme'));
    expect((await currentUser(app, browser)).status).toBe(401);
    await jobQueue.runDueJobs();
    const message = smtp.received.find((received) => received.envelope.to.includes(unverified.email));
    expect(message?.parsed.text).toContain('/api/auth/verify-email?token=');
  });

  it('sends auth.provider_misconfigured to /login when the provider refuses the client secret', async () => {
    const { app } = server();
    const user = addIdpUser({ email: `secret-${dialect}@example.com` });

    const { location } = await signInWithProvider(app, {
      providerId: 'acme-wrong-secret',
      login: user.email,
    });

    expect(location).toBe(errorRedirect('auth.provider_misconfigured', 'acme-wrong-secret'));
  });

  it('sends auth.provider_unavailable to /login when the provider goes down during the sign-in', async () => {
    const flaky = await startTestOidcProvider({
      accounts: [{ sub: 'flaky', email: `flaky-${dialect}@example.com`, password: PROVIDER_PASSWORD }],
      redirectUris: [`${TEST_ORIGIN}/api/auth/callback/flaky`],
    });
    const { app } = createTestServer({
      database: testDatabase.database,
      env: {
        AUTH_PROVIDERS_CUSTOMS: JSON.stringify([
          { providerId: 'flaky', providerName: 'Flaky', ...client, discoveryUrl: flaky.discoveryUrl },
        ]),
      },
    });
    const browser = createBrowser();
    const start = await authRequest(app, '/api/auth/sign-in/social', {
      body: { provider: 'flaky', callbackURL: TEST_ORIGIN },
    });
    browser.sheaf.store(start);
    const { url } = await readJson<{ url: string }>(start);
    const callbackUrl = await completeInteraction({
      authorizationUrl: url,
      jar: browser.provider,
      login: 'flaky',
      password: PROVIDER_PASSWORD,
    });
    await flaky.stop();

    const callback = await authRequest(app, pathOf(callbackUrl), {
      method: 'GET',
      cookie: browser.sheaf.header(),
    });

    expect(callback.headers.get('location')).toBe(errorRedirect('auth.provider_unavailable', 'flaky'));
  });

  it('answers 503 auth.provider_unavailable when the provider’s discovery document cannot be fetched', async () => {
    const gone = await startTestOidcProvider({ accounts: [], redirectUris: [] });
    const discoveryUrl = gone.discoveryUrl;
    await gone.stop();
    const { app } = createTestServer({
      database: testDatabase.database,
      env: {
        AUTH_PROVIDERS_CUSTOMS: JSON.stringify([
          { providerId: 'gone', providerName: 'Gone', ...client, discoveryUrl },
        ]),
      },
    });

    const response = await authRequest(app, '/api/auth/sign-in/social', {
      body: { provider: 'gone', callbackURL: TEST_ORIGIN },
    });

    expect(response.status).toBe(503);
    expect((await readError(response)).error.code).toBe('auth.provider_unavailable');
    const unknown = await authRequest(app, '/api/auth/sign-in/social', {
      body: { provider: 'never-configured', callbackURL: TEST_ORIGIN },
    });
    expect(unknown.status).toBe(404);
  });

  it('logs out of Sheaf only by default, leaving the provider alone', async () => {
    const { app } = server();
    const user = addIdpUser({ email: `logout-${dialect}@example.com` });
    const { browser } = await signInWithProvider(app, { providerId: 'acme', login: user.email });

    const signOut = await authRequest(app, '/api/auth/sign-out', {
      body: {},
      cookie: browser.sheaf.header(),
    });

    expect(signOut.status).toBe(200);
    expect(signOut.headers.get('location')).toBeNull();
    expect(await readJson<{ success: boolean; url?: string }>(signOut)).toEqual({ success: true });
    browser.sheaf.store(signOut);
    expect((await currentUser(app, browser)).status).toBe(401);
  });

  it('with AUTH_PROVIDERS_SIGN_OUT_AT_PROVIDER, logs out at the provider too, which sends the browser back to /login', async () => {
    const { app } = server({ AUTH_PROVIDERS_SIGN_OUT_AT_PROVIDER: 'true' });
    const user = addIdpUser({ email: `logout-everywhere-${dialect}@example.com` });
    const { browser } = await signInWithProvider(app, { providerId: 'acme', login: user.email });

    const signOut = await authRequest(app, '/api/auth/sign-out', {
      body: {},
      cookie: browser.sheaf.header(),
    });
    const { url } = await readJson<{ success: boolean; url: string; redirect: boolean }>(signOut);
    browser.sheaf.store(signOut);

    expect((await currentUser(app, browser)).status).toBe(401);
    expect(url.startsWith(`${idp.issuer}/`)).toBe(true);
    expect(new URL(url).searchParams.get('post_logout_redirect_uri')).toBe(`${TEST_ORIGIN}/login`);
    // At the provider: its confirmation page, then back to Sheaf.
    const confirmation = await fetch(url, { headers: { cookie: browser.provider.header() } });
    browser.provider.store(confirmation);
    const html = await confirmation.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    const confirmed = await fetch(new URL(action ?? '', idp.issuer), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: browser.provider.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: xsrf ?? '', logout: 'yes' }).toString(),
    });
    expect(confirmed.headers.get('location')).toBe(`${TEST_ORIGIN}/login`);
  });
});
