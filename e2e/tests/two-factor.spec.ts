import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import {
  startTestOidcProvider,
  TEST_OIDC_CLIENT,
  type TestOidcAccount,
  type TestOidcProvider,
} from '../../apps/server/src/test/test-oidc-provider';
import { type Account, openPage, signUpWithOrganization } from '../support/accounts';
import { type AuthenticatorApp, authenticatorApp } from '../support/authenticator-app';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { freePort } from '../support/ports';
import { backdateSessions } from '../support/sessions-database';
import { type SheafServer, startSheafServer } from '../support/sheaf-server';
import {
  addVirtualAuthenticator,
  recordWebAuthnRequests,
  webAuthnRequests,
} from '../support/virtual-authenticator';

const PROVIDER_ID = 'acme';
const PROVIDER_NAME = 'Acme SSO';
const PASSWORD = 'correct horse battery';
/** FRESH_SIGN_IN_SECONDS (10 minutes) and a bit. */
const STALE_SIGN_IN_SECONDS = 11 * 60;

/** The identity provider's users; tests add theirs. */
const providerAccounts: TestOidcAccount[] = [];
let idp: TestOidcProvider;
/** Sheaf with e-mail and password only: /login shows the e-mail form (and its passkey autofill) at once. */
let sheaf: SheafServer;
/** Sheaf with the identity provider too, on a SQLite file the tests can reach (to age a sign-in). */
let sheafWithProvider: SheafServer;
let databaseDir: string;
let providerDatabaseFile: string;

test.beforeAll(async () => {
  // Two servers starting on a machine of two cores.
  test.setTimeout(300_000);
  const [port, providerPort] = [await freePort(), await freePort()];
  const providerOrigin = `http://localhost:${providerPort}`;
  idp = await startTestOidcProvider({
    accounts: providerAccounts,
    redirectUris: [`${providerOrigin}/api/auth/callback/${PROVIDER_ID}`],
    postLogoutRedirectUris: [`${providerOrigin}/login`],
  });
  databaseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-e2e-two-factor-'));
  providerDatabaseFile = path.join(databaseDir, 'db.sqlite');
  const env = {
    AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false',
    // The tests sign in and out far more often than a person would within a minute, all from 127.0.0.1.
    AUTH_RATE_LIMIT_MAX_REQUESTS: '500',
  };
  [sheaf, sheafWithProvider] = await Promise.all([
    startSheafServer({ port, baseUrl: `http://localhost:${port}`, env }),
    startSheafServer({
      port: providerPort,
      baseUrl: providerOrigin,
      env: {
        ...env,
        DATABASE_URL: `file:${providerDatabaseFile}`,
        AUTH_PROVIDERS_CUSTOMS: JSON.stringify([
          {
            providerId: PROVIDER_ID,
            providerName: PROVIDER_NAME,
            clientId: TEST_OIDC_CLIENT.clientId,
            clientSecret: TEST_OIDC_CLIENT.clientSecret,
            discoveryUrl: idp.discoveryUrl,
          },
        ]),
      },
    }),
  ]);
});

test.afterAll(async () => {
  await Promise.all([sheaf?.stop(), sheafWithProvider?.stop()]);
  await idp?.stop();
  if (databaseDir) fs.rmSync(databaseDir, { recursive: true, force: true });
});

/** Where the screenshots go (looked at by hand): A11Y_SHOTS_DIR, else the test's output. */
function shotPath(name: string): string {
  const dir = process.env.A11Y_SHOTS_DIR ?? test.info().outputPath('shots');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}

/**
 * The screen as it is now, light and dark, 390 and 1440 px wide: no serious axe violation in any,
 * and a screenshot of each (`<name>-<width>-<scheme>.png`): of the whole page, or of the window
 * with `show` scrolled into it (a card in the middle of a long page, an open dialog).
 */
async function checkEveryWay(page: Page, name: string, { show }: { show?: Locator } = {}) {
  const viewport = page.viewportSize();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await show?.scrollIntoViewIfNeeded();
      // Axe first: it waits for the transitions under way to end, so the screenshot is of the settled screen.
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({
        path: shotPath(`${name}-${width}-${colorScheme}`),
        fullPage: show === undefined,
      });
    }
  }
  await page.emulateMedia({ colorScheme: null });
  if (viewport) await page.setViewportSize(viewport);
}

let accountNumber = 0;

function newAccount(name: string): Account {
  accountNumber += 1;
  const first = name.split(' ')[0]?.toLowerCase() ?? 'user';
  return { name, email: `${first}-${accountNumber}@example.org`, password: PASSWORD };
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The password step on /login; an account with two-factor sign-in then shows the code step. */
async function submitPassword(page: Page, { email, password }: Pick<Account, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signed in: past /login, in the app (its user menu shown). Sign-out forgets the organization last
 * opened, so the home page is the organizations list (or an organization).
 */
async function expectSignedIn(page: Page) {
  await expect(page).toHaveURL(/\/organizations(\/org_[a-z0-9]+)?$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}

function codeStep(page: Page) {
  return page.getByRole('form', { name: 'Two-factor sign-in' });
}

/** An account settings card, by its title (an h2 in the card's header, itself in the card). */
function settingsCard(page: Page, title: string): Locator {
  return page.getByRole('heading', { level: 2, name: title, exact: true }).locator('xpath=../..');
}

const twoFactorCard = (page: Page) => settingsCard(page, 'Two-factor sign-in');
const passkeysCard = (page: Page) => settingsCard(page, 'Passkeys');

/**
 * In account settings: "Turn on", the password when the account has one, then the key read off the
 * screen into an authenticator app, whose current code turns it on. Returns the app and the ten
 * backup codes shown, leaving their dialog open. `whileSettingUp` runs with the setup dialog open.
 */
async function turnOnTwoFactor(
  page: Page,
  { password, whileSettingUp }: { password?: string; whileSettingUp?: () => Promise<void> } = {},
): Promise<{ app: AuthenticatorApp; backupCodes: string[]; codesDialog: Locator }> {
  await page.goto('/settings');
  const card = twoFactorCard(page);
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Turn on' }).click();
  if (password !== undefined) {
    const confirm = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await confirm.getByLabel('Current password').fill(password);
    await confirm.getByRole('button', { name: 'Continue' }).click();
  }
  const setup = page.getByRole('dialog', { name: 'Set up your authenticator app' });
  await expect(setup).toBeVisible();
  await expect(setup.getByLabel('Current password')).toHaveCount(0);
  await expect(
    setup.getByRole('img', { name: 'QR code of the key for your authenticator app' }),
  ).toBeVisible();
  const writtenOutKey = (await setup.locator('code').textContent()) ?? '';
  // A base32 key of at least 160 bits, in groups of four for reading.
  expect(writtenOutKey).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4}){7,}$/);
  const app = authenticatorApp(writtenOutKey);
  await whileSettingUp?.();
  await setup.getByRole('textbox', { name: '6-digit code from your app' }).fill(app.currentCode());
  await setup.getByRole('button', { name: 'Turn on' }).click();

  const codesDialog = page.getByRole('dialog', { name: 'Save your backup codes' });
  await expect(codesDialog).toBeVisible();
  const backupCodes = await codesDialog
    .getByRole('list', { name: 'Backup codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(backupCodes).toHaveLength(10);
  expect(new Set(backupCodes).size).toBe(10);
  await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible();
  return { app, backupCodes, codesDialog };
}

async function closeBackupCodes(page: Page, codesDialog: Locator) {
  await codesDialog.getByRole('button', { name: 'Done' }).click();
  await expect(codesDialog).toBeHidden();
  await expect(twoFactorCard(page).getByText('On', { exact: true })).toBeVisible();
}

test('TOTP: turned on in account settings with a code from an authenticator app, then asked for at sign-in; a backup code works once, and a trusted device skips the step', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const ada = newAccount('Ada Lovelace');
  const { context, page } = await openPage(browser, sheaf.url);
  await signUpWithOrganization(page, sheaf.url, ada);

  const { app, backupCodes, codesDialog } = await turnOnTwoFactor(page, {
    password: ada.password,
    whileSettingUp: () =>
      checkEveryWay(page, 'two-factor-setup', {
        show: page.getByRole('dialog', { name: 'Set up your authenticator app' }),
      }),
  });
  await checkEveryWay(page, 'two-factor-backup-codes', { show: codesDialog });
  await closeBackupCodes(page, codesDialog);
  await expect(twoFactorCard(page).getByRole('button', { name: 'Regenerate backup codes' })).toBeVisible();

  // Sign-in: the password, then the code step.
  await logOut(page);
  await submitPassword(page, ada);
  const step = codeStep(page);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  const codeField = step.getByRole('textbox', { name: 'Code' });
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toBeFocused();
  await checkEveryWay(page, 'login-code-step');

  // A wrong code is refused in the field…
  await codeField.fill('000000');
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(
    step.getByText('This code is not valid. Check your authenticator app, or use a backup code.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // …the app's code signs in. The current step's code confirmed the setup and a code is accepted
  // once, so this is the next step's (accepted one step early), typed as apps show it: "123 456".
  const nextCode = app.nextCode();
  await codeField.fill(`${nextCode.slice(0, 3)} ${nextCode.slice(3)}`);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expectSignedIn(page);

  // A backup code in the same field, this device trusted for 30 days.
  await logOut(page);
  await submitPassword(page, ada);
  await step.getByRole('textbox', { name: 'Code' }).fill(backupCodes[0] as string);
  await step.getByRole('checkbox', { name: 'Trust this device for 30 days' }).check();
  await step.getByRole('button', { name: 'Verify' }).click();
  await expectSignedIn(page);

  // The trusted browser signs in with the password alone.
  await logOut(page);
  await submitPassword(page, ada);
  await expectSignedIn(page);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toHaveCount(0);

  // Another browser is asked for a code, and the backup code already used is refused there.
  const other = await openPage(browser, sheaf.url);
  await submitPassword(other.page, ada);
  const otherStep = codeStep(other.page);
  await otherStep.getByRole('textbox', { name: 'Code' }).fill(backupCodes[0] as string);
  await otherStep.getByRole('button', { name: 'Verify' }).click();
  await expect(otherStep.getByRole('textbox', { name: 'Code' })).toHaveAttribute('aria-invalid', 'true');
  await otherStep.getByRole('textbox', { name: 'Code' }).fill(backupCodes[1] as string);
  await otherStep.getByRole('button', { name: 'Verify' }).click();
  await expectSignedIn(other.page);
  await other.context.close();
  await context.close();
});

const PASSKEY_OPTIONS_PATH = '/api/auth/passkey/generate-authenticate-options';

/**
 * The next request for passkey sign-in options fails (as offline); the ones after it go through.
 * Returns a wait for that failure.
 */
async function failNextPasskeyOptions(page: Page): Promise<() => Promise<unknown>> {
  const failed = page.waitForEvent('requestfailed', {
    predicate: (request) => request.url().includes(PASSKEY_OPTIONS_PATH),
    timeout: 30_000,
  });
  await page.route(`**${PASSKEY_OPTIONS_PATH}`, (route) => route.abort('internetdisconnected'), {
    times: 1,
  });
  return () => failed;
}

test('passkeys: one added in account settings through the browser’s authenticator signs in from /login, with the button and with the e-mail field’s autofill', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const grace = newAccount('Grace Hopper');
  const { context, page } = await openPage(browser, sheaf.url);
  await signUpWithOrganization(page, sheaf.url, grace);
  const authenticator = await addVirtualAuthenticator(page);
  await recordWebAuthnRequests(context);

  await page.goto('/settings');
  const card = passkeysCard(page);
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await addDialog.getByRole('textbox', { name: 'Name' }).fill('Chromium test key');
  await checkEveryWay(page, 'passkeys-add-dialog', { show: addDialog });
  await addDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passkey “Chromium test key” added.')).toBeVisible();
  await expect(addDialog).toBeHidden();
  const list = card.getByRole('list', { name: 'Passkeys' });
  const item = list.getByRole('listitem').filter({ hasText: 'Chromium test key' });
  await expect(item).toBeVisible();
  await expect(item.getByText(/Never used/)).toBeVisible();
  // A resident key (a passkey) for this server, with user verification.
  const [credential, ...others] = await authenticator.credentials();
  expect(others).toEqual([]);
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
  // The two-factor card is still off: a passkey is a second factor of its own.
  await expect(twoFactorCard(page).getByText('Off', { exact: true })).toBeVisible();
  await checkEveryWay(page, 'passkeys-card', { show: card });

  // "Sign in with a passkey": the authenticator answers, the browser is signed in. /login also starts
  // the autofill's request as it opens, which the virtual authenticator would answer first: its
  // options are refused once, so the autofill gives up, and the sign-in is the button's.
  const autofillRefused = await failNextPasskeyOptions(page);
  await logOut(page);
  await autofillRefused();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expectSignedIn(page);
  expect(await webAuthnRequests(page)).toEqual(['none']);
  await page.goto('/settings');
  await expect(
    passkeysCard(page)
      .getByRole('listitem')
      .filter({ hasText: 'Chromium test key' })
      .getByText(/Last used on/),
  ).toBeVisible();

  // Conditional mediation: the e-mail field offers passkeys in the browser's autofill
  // (autocomplete "username webauthn"), through a request with mediation "conditional" that /login
  // starts as it opens, without any click. What a headless Chromium proves: that request is made,
  // and answered by the virtual authenticator with the passkey it holds (its automatic presence
  // stands for the person picking it), after which the page signs in by itself. What it does not:
  // the autofill menu itself, which headless Chromium does not draw.
  const firstAutofillRefused = await failNextPasskeyOptions(page);
  await logOut(page);
  await firstAutofillRefused();
  const emailField = page.getByRole('textbox', { name: 'E-mail' });
  await expect(emailField).toHaveAttribute('autocomplete', 'username webauthn');
  const conditionalOptions = page.waitForResponse(
    (response) => response.url().includes(PASSKEY_OPTIONS_PATH) && response.ok(),
  );
  const verified = page.waitForResponse(
    (response) => response.url().includes('/api/auth/passkey/verify-authentication') && response.ok(),
  );
  await page.reload();
  await conditionalOptions;
  await verified;
  await expectSignedIn(page);
  expect(await webAuthnRequests(page)).toEqual(['conditional']);
  await context.close();
});

test('an account signed up through an identity provider turns two-factor sign-in on without a password, and signs in at its provider again once its sign-in is no longer fresh', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const linus = {
    sub: 'subject-linus',
    email: 'linus@example.org',
    name: 'Linus Pauling',
    password: 'idp pw',
  };
  providerAccounts.push(linus);
  const { context, page } = await openPage(browser, sheafWithProvider.url);
  await page.goto('/login');
  await page.getByRole('button', { name: `Continue with ${PROVIDER_NAME}` }).click();
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(linus.email);
  await page.getByLabel('Password').fill(linus.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${sheafWithProvider.url}/organizations/first`);

  // Just signed in: "Turn on" goes straight to the authenticator's key, no password asked.
  const { app, codesDialog } = await turnOnTwoFactor(page);
  await closeBackupCodes(page, codesDialog);

  // Ten minutes later (the session's start moved back in the database), changes ask for a new sign-in.
  await backdateSessions(providerDatabaseFile, linus.email, STALE_SIGN_IN_SECONDS);
  await page.reload();
  const card = twoFactorCard(page);
  await expect(card.getByText('Sign in again to continue')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Turn off' })).toHaveCount(0);
  await checkEveryWay(page, 'two-factor-fresh-sign-in', { show: card });

  // Through the provider (which remembers the user), then the code step (two-factor sign-in is on
  // for this account, whichever way it signs in), and back to the account settings.
  await card.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(new RegExp(`^${sheafWithProvider.url}/login\\?step=two-factor`));
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Code' }).fill(app.nextCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(new RegExp(`^${sheafWithProvider.url}/settings`));
  await expect(card.getByRole('button', { name: 'Turn off' })).toBeVisible();

  // Fresh again: turning it off asks for no password either.
  await card.getByRole('button', { name: 'Turn off' }).click();
  const confirm = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
  await expect(confirm.getByLabel('Current password')).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Two-factor sign-in is off.')).toBeVisible();
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await context.close();
});

async function inviteAndJoin(
  browser: Browser,
  owner: Page,
  organizationId: string,
  member: Account,
): Promise<Page> {
  const invited = await owner.request.post(`/api/organizations/${organizationId}/members/invitations`, {
    headers: { origin: sheaf.url },
    data: { email: member.email, role: 'member' },
  });
  expect(invited.status()).toBe(201);
  const { page } = await openPage(browser, sheaf.url);
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: sheaf.url },
    data: member,
  });
  expect(signUp.ok()).toBe(true);
  const { invitations } = (await (await page.request.get('/api/invitations')).json()) as {
    invitations: { id: string }[];
  };
  expect(invitations).toHaveLength(1);
  const accepted = await page.request.post(`/api/invitations/${invitations[0]?.id}/accept`, {
    headers: { origin: sheaf.url },
  });
  expect(accepted.ok()).toBe(true);
  return page;
}

test('organization policy: an owner with two-factor sign-in requires it of members, and a member without a second factor is sent to the page that explains it', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const owner = newAccount('Katherine Johnson');
  const member = newAccount('Dorothy Vaughan');
  const { context, page } = await openPage(browser, sheaf.url);
  const organizationUrl = await signUpWithOrganization(page, sheaf.url, owner);
  const organizationId = organizationUrl.split('/').pop() as string;
  const memberPage = await inviteAndJoin(browser, page, organizationId, member);

  // Without a second factor of their own, the owner cannot turn the policy on.
  await page.goto(`${organizationUrl}/settings`);
  const policy = page.getByRole('switch', { name: 'Require two-factor sign-in for members' });
  await expect(policy).not.toBeChecked();
  await policy.click();
  await page
    .getByRole('alertdialog', { name: 'Require two-factor sign-in?' })
    .getByRole('button', { name: 'Require two-factor sign-in' })
    .click();
  await expect(
    page.getByText(
      'Set up two-factor sign-in or a passkey on your own account before requiring it of members.',
    ),
  ).toBeVisible();
  await expect(policy).not.toBeChecked();

  const { codesDialog } = await turnOnTwoFactor(page, { password: owner.password });
  await closeBackupCodes(page, codesDialog);

  // With it, they can; they are told first that one member would be shut out.
  await page.goto(`${organizationUrl}/settings`);
  await policy.click();
  const confirm = page.getByRole('alertdialog', { name: 'Require two-factor sign-in?' });
  await expect(confirm).toContainText('1 member of');
  await confirm.getByRole('button', { name: 'Require two-factor sign-in' }).click();
  await expect(page.getByText('Members now need two-factor sign-in to open the organization.')).toBeVisible();
  await expect(policy).toBeChecked();
  await expect(
    page.getByText('1 member has no second factor yet and cannot open the organization.'),
  ).toBeVisible();
  await checkEveryWay(page, 'organization-security-policy', { show: policy });

  // The members page says who has a second factor.
  await page.goto(`${organizationUrl}/members`);
  const table = page.getByRole('table', { name: 'Organization members' });
  await expect(
    table.getByRole('row').filter({ hasText: owner.name }).getByText('Has two-factor sign-in'),
  ).toBeAttached();
  await expect(
    table.getByRole('row').filter({ hasText: member.name }).getByText('No second factor'),
  ).toBeVisible();
  await checkEveryWay(page, 'members-second-factor');

  // The member opening the organization lands on the page that explains, linking to the settings.
  await memberPage.goto(organizationUrl);
  await expect(memberPage).toHaveURL(`${organizationUrl}/two-factor-required`);
  await expect(memberPage.getByRole('heading', { name: 'Two-factor sign-in required' })).toBeVisible();
  await checkEveryWay(memberPage, 'organization-two-factor-required');
  const refused = await memberPage.request.get(`/api/organizations/${organizationId}/documents`);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
    'organization.two_factor_required',
  );
  await memberPage.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
  await expect(memberPage).toHaveURL(`${sheaf.url}/settings`);

  // A passkey is enough: once the member adds one, the organization opens.
  await addVirtualAuthenticator(memberPage);
  await passkeysCard(memberPage).getByRole('button', { name: 'Add a passkey' }).click();
  const addDialog = memberPage.getByRole('dialog', { name: 'Add a passkey' });
  await addDialog.getByRole('textbox', { name: 'Name' }).fill('Laptop');
  await addDialog.getByRole('button', { name: 'Continue' }).click();
  await expect(memberPage.getByText('Passkey “Laptop” added.')).toBeVisible();
  await memberPage.goto(organizationUrl);
  await expect(memberPage).toHaveURL(organizationUrl);
  await expect(memberPage.getByRole('heading', { name: 'Two-factor sign-in required' })).toHaveCount(0);
  await memberPage.context().close();
  await context.close();
});
