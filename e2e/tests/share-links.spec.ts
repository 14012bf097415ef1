import { expect, test } from '@playwright/test';
import { openOrganization, openPage } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { uploadTextPdf } from '../support/documents';
import { shoot } from '../support/screenshots';
import { useSheafServer } from '../support/sheaf-server';

const sheafServer = useSheafServer({ AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false' });

test('shares a document with a password, opens it in a fresh browser, and revokes it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const sheaf = sheafServer();
  const { page, organizationUrl } = await openOrganization(browser, sheaf.url, {
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    password: 'correct horse battery',
  });

  await page.goto(`${organizationUrl}/documents`);
  await uploadTextPdf(page, 'Lease 2026.pdf', ['Lease of the flat, 2026']);
  await page.getByRole('table', { name: 'Documents' }).getByRole('link', { name: 'Lease 2026.pdf' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lease 2026.pdf' })).toBeVisible();

  // The dialog: 30 days, a password, download allowed.
  await page.getByRole('button', { name: 'Share link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share link' });
  await dialog.getByText('30 days').click();
  await dialog.getByLabel('Password (optional)').fill('open sesame');
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'dialog');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const urlField = dialog.getByRole('textbox', { name: 'Link' });
  await expect(urlField).toHaveValue(new RegExp(`^${sheaf.url}/s/[A-Za-z0-9_-]{32}$`));
  const url = await urlField.inputValue();
  await expect(dialog.getByText('1 active link')).toBeVisible();
  await shoot(page, 'dialog-created');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // A visitor with no account, in a fresh browser context.
  const visitor = await openPage(browser, sheaf.url);
  const locked = await visitor.page.goto(url);
  expect(locked?.status()).toBe(200);
  expect(locked?.headers()['x-robots-tag']).toContain('noindex');
  expect(locked?.headers()['referrer-policy']).toBe('no-referrer');
  expect(locked?.headers()['content-security-policy']).toContain("default-src 'none'");
  await expect(visitor.page.getByRole('heading', { name: 'This document is protected' })).toBeVisible();
  await expect(visitor.page.getByText('Lease 2026.pdf')).toHaveCount(0);
  await expectNoSeriousAxeViolations(visitor.page);
  await shoot(visitor.page, 'public-password');

  await visitor.page.getByLabel('Password').fill('open barley');
  await visitor.page.getByRole('button', { name: 'Open' }).click();
  await expect(visitor.page.getByRole('alert')).toHaveText('This password is not the right one.');
  await visitor.page.getByLabel('Password').fill('open sesame');
  await visitor.page.getByRole('button', { name: 'Open' }).click();
  await expect(visitor.page.getByRole('heading', { level: 1, name: 'Lease 2026.pdf' })).toBeVisible();
  await expect(visitor.page.locator('iframe[title="Lease 2026.pdf"]')).toBeVisible();
  const download = visitor.page.getByRole('link', { name: 'Download' });
  const file = await visitor.page.request.get(
    new URL((await download.getAttribute('href')) ?? '', url).toString(),
  );
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toMatch(/^attachment/);
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expectNoSeriousAxeViolations(visitor.page);
  await shoot(visitor.page, 'public-document');

  // Organization settings → Share links: the link with its creator and last access; revoke it.
  await page.goto(`${organizationUrl}/settings/share-links`);
  const list = page.getByRole('list', { name: 'Active share links' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Created by Ada Lovelace');
  await expect(list).toContainText('Last opened');
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'settings');
  await page.getByRole('button', { name: 'Revoke the link to Lease 2026.pdf' }).click();
  await page
    .getByRole('alertdialog', { name: 'Revoke this link?' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(page.getByRole('heading', { name: 'No active share links' })).toBeVisible();

  const gone = await visitor.page.goto(url);
  expect(gone?.status()).toBe(404);
  await expect(visitor.page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await shoot(visitor.page, 'public-not-found');
  await visitor.context.close();
});
