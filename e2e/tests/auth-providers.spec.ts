import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  startTestOidcProvider,
  TEST_OIDC_CLIENT,
  type TestOidcAccount,
  type TestOidcProvider,
} from '../../apps/server/src/test/test-oidc-provider';
import { type Account, openPage } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { freePort } from '../support/ports';
import { type SheafServer, startSheafServer } from '../support/sheaf-server';

const PROVIDER_ID = 'acme';
const PROVIDER_NAME = 'Acme SSO';
const PROVIDER_PASSWORD = 'provider password';

/** The identity provider's users (its "accounts table"); tests add theirs. */
const accounts: TestOidcAccount[] = [];
let idp: TestOidcProvider;
let sheaf: SheafServer;
/** A second Sheaf, with AUTH_PROVIDERS_SIGN_OUT_AT_PROVIDER on. */
let sheafSigningOutAtProvider: SheafServer;

// A real OpenID Connect provider on loopback (oidc-provider, PKCE, client_secret_basic), then Sheaf
// servers configured with it through AUTH_PROVIDERS_CUSTOMS, discovery included.
test.beforeAll(async () => {
  const ports = [await freePort(), await freePort()];
  const origins = ports.map((port) => `http://localhost:${port}`);
  idp = await startTestOidcProvider({
    accounts,
    redirectUris: origins.map((origin) => `${origin}/api/auth/callback/${PROVIDER_ID}`),
    postLogoutRedirectUris: origins.map((origin) => `${origin}/login`),
  });
  const providers = JSON.stringify([
    {
      providerId: PROVIDER_ID,
      providerName: PROVIDER_NAME,
      clientId: TEST_OIDC_CLIENT.clientId,
      clientSecret: TEST_OIDC_CLIENT.clientSecret,
      discoveryUrl: idp.discoveryUrl,
    },
  ]);
  const env = { AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false', AUTH_PROVIDERS_CUSTOMS: providers };
  [sheaf, sheafSigningOutAtProvider] = await Promise.all([
    startSheafServer({ port: ports[0] as number, baseUrl: origins[0] as string, env }),
    startSheafServer({
      port: ports[1] as number,
      baseUrl: origins[1] as string,
      env: { ...env, AUTH_PROVIDERS_SIGN_OUT_AT_PROVIDER: 'true' },
    }),
  ]);
});

test.afterAll(async () => {
  await Promise.all([sheaf?.stop(), sheafSigningOutAtProvider?.stop()]);
  await idp?.stop();
});

function addProviderUser(email: string, name: string): TestOidcAccount {
  const account = { sub: `subject-${accounts.length + 1}`, email, name, password: PROVIDER_PASSWORD };
  accounts.push(account);
  return account;
}

/** At the provider's own login page: sign in as this user. */
async function signInAtProvider(page: Page, account: TestOidcAccount) {
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(idp.issuer);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The login page with providers shows the e-mail form behind a button. */
async function signInWithPassword(page: Page, { email, password }: Pick<Account, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with e-mail' }).click();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
}

async function continueWithProvider(browser: Browser, server: SheafServer) {
  const { context, page } = await openPage(browser, server.url);
  await page.goto('/login');
  await page.getByRole('button', { name: `Continue with ${PROVIDER_NAME}` }).click();
  return { context, page };
}

test('“Continue with …” signs a new user in at the identity provider and lands in Sheaf; Log out returns to /login', async ({
  browser,
}) => {
  const grace = addProviderUser('grace@example.org', 'Grace Hopper');
  const { context, page } = await continueWithProvider(browser, sheaf);

  await signInAtProvider(page, grace);

  // Signed in as a new user, who has no organization yet.
  await expect(page).toHaveURL(`${sheaf.url}/organizations/first`);
  await page.goto('/settings');
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(grace.email);
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Grace Hopper');
  const methods = page.getByRole('list', { name: 'Connected sign-in methods' });
  const acmeRow = methods.getByRole('listitem').filter({ hasText: PROVIDER_NAME });
  await expect(acmeRow.getByText('Connected', { exact: true })).toBeVisible();
  await expect(acmeRow.getByRole('button', { name: `Disconnect ${PROVIDER_NAME}` })).toBeDisabled();
  await expect(
    acmeRow.getByText('Your only way to sign in: connect another one before removing it.'),
  ).toBeVisible();

  await logOut(page);
  await expect(page).toHaveURL(`${sheaf.url}/login`);
  await expect(page.getByRole('button', { name: `Continue with ${PROVIDER_NAME}` })).toBeVisible();
  await page.goto('/settings');
  await expect(page).toHaveURL(`${sheaf.url}/login`);
  await context.close();
});

test('a sign-in cancelled at the provider shows why under the provider’s button on /login', async ({
  browser,
}) => {
  const { context, page } = await continueWithProvider(browser, sheaf);
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(
    `${sheaf.url}/login?error=auth.provider_access_denied&provider=${PROVIDER_ID}`,
  );
  const message = 'Sign-in was cancelled or refused at the provider.';
  await expect(page.getByRole('alert')).toHaveText(message);
  await expect(
    page.getByRole('button', { name: `Continue with ${PROVIDER_NAME}` }),
  ).toHaveAccessibleDescription(message);
  await expectNoSeriousAxeViolations(page);
  await context.close();
});

test('a provider identity whose e-mail has a password account is refused with a message, then connected from account settings', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const account = { email: 'ada@example.org', name: 'Ada Lovelace', password: 'correct horse battery' };
  const setup = await openPage(browser, sheaf.url);
  const signUp = await setup.page.request.post('/api/auth/sign-up/email', {
    data: account,
    headers: { origin: sheaf.url },
  });
  expect(signUp.ok()).toBe(true);
  await setup.context.close();
  const ada = addProviderUser(account.email, 'Ada at Acme');

  // The provider is not trusted for account linking: no automatic takeover of the password account.
  const refused = await continueWithProvider(browser, sheaf);
  await signInAtProvider(refused.page, ada);
  await expect(refused.page).toHaveURL(
    `${sheaf.url}/login?error=auth.account_not_linked&provider=${PROVIDER_ID}`,
  );
  await expect(refused.page.getByRole('alert')).toHaveText(
    'An account with this e-mail address already exists. Sign in with your password, then connect this provider in your account settings.',
  );
  await refused.context.close();

  // Signed in with the password, the user connects the provider from account settings…
  const { context, page } = await openPage(browser, sheaf.url);
  await signInWithPassword(page, account);
  await page.goto('/settings');
  const methods = page.getByRole('list', { name: 'Connected sign-in methods' });
  const acmeRow = methods.getByRole('listitem').filter({ hasText: PROVIDER_NAME });
  await expect(acmeRow.getByText('Not connected')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await acmeRow.getByRole('button', { name: 'Connect' }).click();
  await signInAtProvider(page, ada);
  await expect(page.getByText(`${PROVIDER_NAME} connected.`)).toBeVisible();
  await expect(page).toHaveURL(`${sheaf.url}/settings`);
  await expect(acmeRow.getByText('Connected', { exact: true })).toBeVisible();

  // …then signs in with it, and finally disconnects it again.
  await logOut(page);
  await expect(page).toHaveURL(`${sheaf.url}/login`);
  await page.getByRole('button', { name: `Continue with ${PROVIDER_NAME}` }).click();
  // The provider remembers the user: straight back to Sheaf, signed in as the password account's user.
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/settings');
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue(account.name);
  await acmeRow.getByRole('button', { name: `Disconnect ${PROVIDER_NAME}` }).click();
  await page
    .getByRole('alertdialog', { name: `Disconnect ${PROVIDER_NAME}?` })
    .getByRole('button', { name: 'Disconnect' })
    .click();
  await expect(page.getByText(`${PROVIDER_NAME} disconnected.`)).toBeVisible();
  await expect(acmeRow.getByText('Not connected')).toBeVisible();
  await context.close();
});

test('with AUTH_PROVIDERS_SIGN_OUT_AT_PROVIDER, Log out also signs out at the provider, which returns to Sheaf’s /login', async ({
  browser,
}) => {
  const alan = addProviderUser('alan@example.org', 'Alan Turing');
  const { context, page } = await continueWithProvider(browser, sheafSigningOutAtProvider);
  await signInAtProvider(page, alan);
  await expect(page).toHaveURL(`${sheafSigningOutAtProvider.url}/organizations/first`);

  await logOut(page);

  // The provider asks for confirmation on its own page, then sends the browser back.
  await expect(page.getByRole('heading', { name: 'Sign out' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(idp.issuer);
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${sheafSigningOutAtProvider.url}/login`);

  // Signed out at the provider too: the next sign-in asks for the password again.
  await page.getByRole('button', { name: `Continue with ${PROVIDER_NAME}` }).click();
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await context.close();
});
