import { type Browser, expect, type Page, request } from '@playwright/test';
import { type TestSmtpServer, waitForLink } from './mail';

export type Account = { email: string; name: string; password: string };

export async function openPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

export async function register(page: Page, { email, name, password }: Account) {
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Full name' }).fill(name);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/email-validation-required/);
}

/** Follows an e-mailed link outside the browser, so the browser session stays as it was. */
export async function followLink(link: string) {
  const api = await request.newContext();
  const response = await api.get(link, { maxRedirects: 0 });
  expect(response.status()).toBeLessThan(400);
  await api.dispose();
}

export async function signIn(page: Page, { email, password }: Pick<Account, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Registers through the UI and verifies the address with the link of the real e-mail. */
export async function createVerifiedAccount(page: Page, smtp: TestSmtpServer, account: Account) {
  const before = smtp.received.length;
  await register(page, account);
  await followLink(
    await waitForLink(smtp, { to: account.email, linkPart: '/api/auth/verify-email', after: before }),
  );
}

/**
 * Signs up through the API in the page's own context, so the browser holds the session (for servers
 * started without e-mail verification), then creates the first organization and returns its URL.
 */
export async function signUpWithOrganization(
  page: Page,
  serverUrl: string,
  { name, email, password }: Account,
) {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password },
    headers: { origin: serverUrl },
  });
  expect(response.ok()).toBe(true);
  await page.goto('/');
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page).toHaveURL(/\/organizations\/org_[a-z0-9]{24}$/);
  return page.url();
}

/**
 * A fresh browser context on the server (at `viewport` when given) whose page signed up through the
 * API and made its first organization; with what seeding through the API takes: `api`, the
 * organization's API path, and `headers`, the origin the API asks of writes.
 */
export async function openOrganization(
  browser: Browser,
  serverUrl: string,
  account: Account,
  { viewport }: { viewport?: { width: number; height: number } } = {},
) {
  const { context, page } = await openPage(browser, serverUrl);
  if (viewport) await page.setViewportSize(viewport);
  const organizationUrl = await signUpWithOrganization(page, serverUrl, account);
  const organizationId = organizationUrl.split('/').at(-1) ?? '';
  return {
    context,
    page,
    organizationUrl,
    organizationId,
    api: `/api/organizations/${organizationId}`,
    headers: { origin: serverUrl },
  };
}
