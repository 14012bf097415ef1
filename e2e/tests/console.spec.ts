import { expect, type Page, test } from '@playwright/test';
import { createTextPdf } from '../../apps/server/src/test/test-files';
import { openPage } from '../support/accounts';
import { useSheafServer } from '../support/sheaf-server';

const sheafServer = useSheafServer({ AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false' });

/** Every failed request and console error of a page, as short lines a failure message can show. */
function watchForErrors(page: Page) {
  const problems: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) {
      problems.push(
        `${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`,
      );
    }
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

test('a walk through the app as a new user makes no failing request and logs no error', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const sheaf = sheafServer();
  const { context, page } = await openPage(browser, sheaf.url);
  const problems = watchForErrors(page);

  // A visitor: the home page sends to sign-in, then to registration.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('link', { name: 'Create one' }).click();
  // The sign-in page has an E-mail field too: fill the registration form once it is there.
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill('mary@example.org');
  await page.getByRole('textbox', { name: 'Full name' }).fill('Mary Somerville');
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();

  // The first organization, a document, and every page of the organization.
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page).toHaveURL(/\/organizations\/org_[a-z0-9]{24}$/);
  const organizationUrl = page.url();
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: 'lease.pdf',
      mimeType: 'application/pdf',
      buffer: createTextPdf([['Lease agreement for the flat']]),
    });
  await expect(page.getByRole('link', { name: 'lease.pdf' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'lease.pdf' }).first().click();
  await expect(page.getByRole('heading', { name: 'lease.pdf' })).toBeVisible();
  for (const path of ['/documents', '/tags', '/tagging-rules', '/members', '/settings', '/deleted']) {
    await page.goto(`${organizationUrl}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  for (const path of ['/settings', '/settings/api-keys', '/invitations', '/organizations']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  // Sign out, and back in.
  await page.goto(organizationUrl);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('textbox', { name: 'E-mail' }).fill('mary@example.org');
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(organizationUrl);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  expect(problems).toEqual([]);
  await context.close();
});
