import { expect, type Page, test } from '@playwright/test';
import { createTextPdf } from '../../apps/server/src/test/test-files';
import { openPage, signUpWithOrganization } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { useSheafServer } from '../support/sheaf-server';

const sheafServer = useSheafServer({ AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false' });

/** Any of the translated reasons an extraction can fail with (the server decides which applies). */
const FAILURE_REASON =
  /took too long and was stopped|too large to read its text|damaged or is not what its type says|could not be extracted/;

async function importFile(page: Page, file: { name: string; buffer: Buffer }) {
  await page.getByTestId('document-file-input').setInputFiles({ ...file, mimeType: 'application/pdf' });
  const panel = page.getByRole('region', { name: /documents? imported/ });
  await expect(panel.getByRole('link', { name: file.name })).toBeVisible({ timeout: 20_000 });
  return panel;
}

test('an imported PDF becomes searchable, and the palette shows its snippet with the match highlighted', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const sheaf = sheafServer();
  const { page } = await openPage(browser, sheaf.url);
  const organizationUrl = await signUpWithOrganization(page, sheaf.url, {
    name: 'Mary Jackson',
    email: 'mary@example.org',
    password: 'correct horse battery',
  });
  await page.goto(`${organizationUrl}/documents`);

  const panel = await importFile(page, {
    name: 'tenancy-notice.pdf',
    buffer: createTextPdf([
      ['Tenancy notice', 'The quokkaberry orchard lease ends in June.', 'Keys go back to the agent.'],
    ]),
  });
  const row = panel.getByRole('listitem').filter({ hasText: 'tenancy-notice.pdf' });
  await expect(row.getByText('Searchable')).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Close the import panel' }).click();

  // Once extracted, the list shows no extraction badge for it.
  const table = page.getByRole('table', { name: 'Documents' });
  const tableRow = table.getByRole('row').filter({ hasText: 'tenancy-notice.pdf' });
  await expect(tableRow).toBeVisible();
  await expect(tableRow.getByText(/^Extract/)).toHaveCount(0);

  // Ctrl+K, a word found only inside its text: the hit shows a snippet with the match in a mark.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search' });
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox', { name: 'Search documents and actions' }).fill('quokkaberry');
  const hit = palette.getByRole('option', { name: /tenancy-notice\.pdf/ });
  await expect(hit).toBeVisible({ timeout: 15_000 });
  await expect(hit).toContainText('orchard lease');
  await expect(hit.locator('mark').first()).toHaveText(/quokkaberry/i);
  await expect(palette.getByText('1 document', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await hit.click();
  await expect(palette).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'tenancy-notice.pdf' })).toBeVisible();
  await page.getByRole('tab', { name: 'Content' }).click();
  await expect(page.getByRole('region', { name: 'Document content' })).toContainText('quokkaberry orchard');
});

test('a damaged PDF: the failure reason, then Retry queues the extraction again and it fails again', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const sheaf = sheafServer();
  const { page } = await openPage(browser, sheaf.url);
  const organizationUrl = await signUpWithOrganization(page, sheaf.url, {
    name: 'Annie Easley',
    email: 'annie@example.org',
    password: 'correct horse battery',
  });
  await page.goto(`${organizationUrl}/documents`);

  // A PDF header followed by garbage: stored like any upload, its text cannot be read.
  const damaged = Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.from(Array.from({ length: 2048 }, (_, index) => (index * 7919 + 13) % 251)),
  ]);
  const panel = await importFile(page, { name: 'damaged-scan.pdf', buffer: damaged });
  const importRow = panel.getByRole('listitem').filter({ hasText: 'damaged-scan.pdf' });
  await expect(importRow.getByText(FAILURE_REASON)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Close the import panel' }).click();

  // The list marks it, with the reason in a tooltip that keyboard focus opens.
  const table = page.getByRole('table', { name: 'Documents' });
  const badge = table
    .getByRole('row')
    .filter({ hasText: 'damaged-scan.pdf' })
    .locator('[tabindex="0"]')
    .filter({ hasText: 'Extraction failed' });
  await expect(badge).toBeVisible();
  await badge.focus();
  await expect(page.getByRole('tooltip')).toContainText(FAILURE_REASON);
  await expectNoSeriousAxeViolations(page);

  // Its page: the reason and a Retry button in the Content tab.
  await table.getByRole('link', { name: 'damaged-scan.pdf' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'damaged-scan.pdf' })).toBeVisible();
  // The browser cannot draw it either: the preview says so, rather than blaming the connection.
  await expect(page.getByText('This file cannot be displayed')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('tab', { name: 'Content' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Text extraction failed' })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText(FAILURE_REASON)).toBeVisible();
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Retry: the route answers 202 with the document queued again; the page says it is extracting...
  const [answer] = await Promise.all([
    page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/extraction'),
    ),
    retry.click(),
  ]);
  expect(answer.status()).toBe(202);
  expect((await answer.json()).document.extractionStatus).toBe('pending');
  await expect(page.getByRole('heading', { level: 3, name: 'Extracting text…' })).toBeVisible();
  await expect(page.getByText('Extracting', { exact: true })).toBeVisible();

  // ...then the extraction fails again, with its reason and Retry back.
  await expect(page.getByRole('heading', { level: 3, name: 'Text extraction failed' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('tabpanel').getByText(FAILURE_REASON)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

  // The Info tab tells the same.
  await page.getByRole('tab', { name: 'Info' }).click();
  const info = page.getByRole('tabpanel');
  await expect(info.getByText('Text extraction')).toBeVisible();
  await expect(info.getByText('Failed', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
