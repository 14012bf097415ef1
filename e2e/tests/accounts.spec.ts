import { type Browser, expect, type Page, request, test } from '@playwright/test';
import {
  type Account,
  createVerifiedAccount as createAccount,
  followLink,
  openPage as openAccountPage,
  register,
  signIn,
} from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { startTestSmtpServer, type TestSmtpServer, waitForLink } from '../support/mail';
import { freePort } from '../support/ports';
import { startSheafServer } from '../support/sheaf-server';

// One Sheaf server with a real SMTP server on loopback catching its e-mail, for this file.
let smtp: TestSmtpServer;
let sheaf: Awaited<ReturnType<typeof startSheafServer>>;

test.beforeAll(async () => {
  smtp = await startTestSmtpServer();
  const port = await freePort();
  sheaf = await startSheafServer({
    port,
    baseUrl: `http://localhost:${port}`,
    env: { EMAILS_DRIVER: 'smtp', SMTP_URL: smtp.url },
  });
});

test.afterAll(async () => {
  await sheaf?.stop();
  await smtp?.close();
});

test.use({ baseURL: undefined });

const openPage = (browser: Browser) => openAccountPage(browser, sheaf.url);
const createVerifiedAccount = (page: Page, account: Account) => createAccount(page, smtp, account);

test('a new user registers, verifies the e-mail, signs in, renames themself and logs out', async ({
  browser,
}) => {
  const { context, page } = await openPage(browser);
  const account = { email: 'ada@example.com', name: 'Ada Lovelace', password: 'analytical engine' };
  const before = smtp.received.length;
  await register(page, account);

  // Not verified yet: signing in leads back to the verification notice.
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/email-validation-required/);

  await followLink(
    await waitForLink(smtp, { to: account.email, linkPart: '/api/auth/verify-email', after: before }),
  );
  await signIn(page, account);

  await page.goto('/settings');
  const nameField = page.getByRole('textbox', { name: 'Full name' });
  await expect(nameField).toHaveValue(account.name);
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(account.email);
  const update = page.getByRole('button', { name: 'Update name' });
  await expect(update).toBeDisabled();
  await nameField.fill('Ada King');
  await expect(update).toBeEnabled();
  await update.click();
  await expect(page.getByText('Your name has been updated.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Ada King');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});

test('a user who forgot the password resets it by the e-mailed link and signs in with the new one', async ({
  browser,
}) => {
  const { context, page } = await openPage(browser);
  const account = { email: 'grace@example.com', name: 'Grace Hopper', password: 'first password' };
  await createVerifiedAccount(page, account);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/request-password-reset/);
  // The sign-in page has an E-mail field too: fill this page's once it is there.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  const before = smtp.received.length;
  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  const link = await waitForLink(smtp, {
    to: account.email,
    linkPart: '/api/auth/reset-password/',
    after: before,
  });
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password', { exact: true }).fill('second password');
  await page.getByLabel('Confirm the new password').fill('second password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Sign in with e-mail' }).getByRole('alert')).toBeVisible();

  await signIn(page, { email: account.email, password: 'second password' });
  await context.close();
});

test('an API key is shown once, works against the API, and stops working once deleted', async ({
  browser,
}) => {
  const { context, page } = await openPage(browser);
  const account = { email: 'linus@example.com', name: 'Linus', password: 'kernel hacker' };
  await createVerifiedAccount(page, account);
  await signIn(page, account);

  await page.goto('/api-keys');
  await page
    .getByRole('link', { name: /Create/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/api-keys\/create$/);
  await page.getByRole('textbox', { name: 'Name' }).fill('Backup script');
  await page.getByRole('button', { name: 'Create API key' }).click();
  const tokenField = page.getByRole('textbox', { name: 'Your API key' });
  await expect(tokenField).toBeVisible();
  const token = await tokenField.inputValue();
  expect(token).toMatch(/^sheaf_[A-Za-z0-9]{64}$/);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();

  const api = await request.newContext();
  const call = () =>
    api.get(`${sheaf.url}/api/organizations`, { headers: { authorization: `Bearer ${token}` } });
  expect((await call()).status()).toBe(200);

  await page.getByRole('link', { name: 'Back to API keys' }).click();
  const card = page.getByRole('article', { name: 'Backup script' });
  await expect(card).toContainText(token.slice(0, 11));
  await expect(page.getByText(token)).toHaveCount(0);
  await card.getByRole('button', { name: 'Delete API key Backup script' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this API key?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('API key deleted')).toBeVisible();
  await expect(card).toHaveCount(0);

  expect((await call()).status()).toBe(401);
  await api.dispose();
  await context.close();
});

test('the account pages have no serious axe violation, light and dark', async ({ browser }) => {
  // Eight pages checked by axe, after an account is made: past 30 s on a slow 2-core machine.
  test.setTimeout(90_000);
  const { context, page } = await openPage(browser);
  const account = { email: 'axe@example.com', name: 'Axe Tester', password: 'accessible pages' };
  await createVerifiedAccount(page, account);
  await signIn(page, account);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const path of ['/settings', '/api-keys', '/api-keys/create', '/invitations']) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    }
  }
  await context.close();
});
