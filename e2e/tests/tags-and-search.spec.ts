import { expect, type Page, test } from '@playwright/test';
import { createTextPdf } from '../../apps/server/src/test/test-files';
import { openPage, signUpWithOrganization } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { useSheafServer } from '../support/sheaf-server';

const sheafServer = useSheafServer({ AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false' });

async function createTag(page: Page, name: string, customHex?: string) {
  await page.getByRole('button', { name: 'Create tag' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create tag' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  if (customHex) {
    await dialog.getByRole('button', { name: 'Custom colour' }).click();
    await page.getByRole('textbox', { name: 'Hex colour' }).fill(customHex);
    await page.keyboard.press('Escape');
  }
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`Tag "${name}" created`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function upload(page: Page, name: string, lines: string[]) {
  await page.getByTestId('document-file-input').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer: createTextPdf([lines]),
  });
  const panel = page.getByRole('region', { name: /documents? imported/ });
  await expect(panel.getByRole('link', { name })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Close the import panel' }).click();
}

test('tags, a tagging rule, the command palette and the tag filter', async ({ browser }) => {
  test.setTimeout(180_000);
  const sheaf = sheafServer();
  const { page } = await openPage(browser, sheaf.url);
  const organizationUrl = await signUpWithOrganization(page, sheaf.url, {
    name: 'Katherine Johnson',
    email: 'katherine@example.org',
    password: 'correct horse battery',
  });
  const organizationId = organizationUrl.split('/').at(-1) ?? '';

  // Two tags, one with a custom hex colour (sent lower-case).
  await page.goto(`${organizationUrl}/tags`);
  await expect(page.getByText('No tags yet')).toBeVisible();
  await createTag(page, 'Invoices');
  await createTag(page, 'Housing', '#3366CC');
  const tags = await (await page.request.get(`/api/organizations/${organizationId}/tags`)).json();
  expect(tags.tags.find((tag: { name: string }) => tag.name === 'Housing')?.color).toBe('#3366cc');
  await expectNoSeriousAxeViolations(page);

  // A rule: name contains "invoice" → Invoices.
  await page.goto(`${organizationUrl}/tagging-rules`);
  await page.getByRole('link', { name: 'Create rule' }).first().click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Invoices by name');
  await page.getByRole('button', { name: 'Add condition' }).click();
  await expect(page.getByRole('combobox', { name: 'Condition 1 field' })).toContainText('Document name');
  await expect(page.getByRole('combobox', { name: 'Condition 1 operator' })).toContainText('contains');
  await page.getByRole('textbox', { name: 'Condition 1 value' }).fill('invoice');
  await page.getByRole('group', { name: 'Tags' }).getByRole('checkbox', { name: 'Invoices' }).check();
  await page.getByRole('button', { name: 'Create rule' }).click();
  await expect(page.getByText('Tagging rule created')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Invoices by name' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Upload invoice-2024.pdf: once its text is extracted, the rule tags it.
  await page.goto(`${organizationUrl}/documents`);
  await upload(page, 'invoice-2024.pdf', ['Invoice 2024', 'Harbour Consulting', 'Amount 1200 EUR']);
  await upload(page, 'lease-contract.pdf', ['Lease contract', 'Flat 4B, Quayside', 'Clause zanzibarite 7']);
  const table = page.getByRole('table', { name: 'Documents' });
  const invoiceRow = table.getByRole('row').filter({ hasText: 'invoice-2024.pdf' });
  await expect(async () => {
    await page.reload();
    // A row holds its tags twice: in their column (md and up) and under the name (below md).
    await expect(invoiceRow.getByText('Invoices').filter({ visible: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(
    table.getByRole('row').filter({ hasText: 'lease-contract.pdf' }).getByText('Invoices'),
  ).toHaveCount(0);

  // Ctrl+K, a word found only inside the lease's text, Enter: its page opens.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search' });
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox', { name: 'Search documents and actions' }).fill('zanzibar');
  await expect(palette.getByRole('option', { name: /lease-contract\.pdf/ })).toBeVisible({ timeout: 15_000 });
  await expectNoSeriousAxeViolations(page);
  await palette.getByRole('option', { name: /lease-contract\.pdf/ }).click();
  await expect(palette).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'lease-contract.pdf' })).toBeVisible();

  // Tag the lease with both tags through the picker on its page.
  const picker = page.getByRole('combobox', { name: 'Tags' });
  await picker.click();
  await page.getByRole('option', { name: 'Housing' }).click();
  await picker.click();
  await page.getByRole('option', { name: 'Invoices' }).click();
  await expect(page.getByRole('button', { name: 'Remove Housing' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Invoices' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Filter the list by the two tags: only the lease carries both.
  await page.goto(`${organizationUrl}/documents`);
  await page.getByRole('button', { name: 'Filter by tag' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Invoices' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Housing' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\?tags=tag_[a-z0-9]{24}%2Ctag_[a-z0-9]{24}$/);
  await expect(table.getByRole('link', { name: 'lease-contract.pdf' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'invoice-2024.pdf' })).toBeHidden();
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  await chips.getByRole('button', { name: 'Remove the filter Tag: Housing' }).click();
  await expect(chips.getByRole('listitem')).toHaveCount(1);
  await expect(page).toHaveURL(/\?tags=tag_[a-z0-9]{24}$/);
  await expect(table.getByRole('link', { name: 'invoice-2024.pdf' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'lease-contract.pdf' })).toBeVisible();
});

test('a tagging rule applied to documents imported before it, as a background run', async ({ browser }) => {
  test.setTimeout(120_000);
  const sheaf = sheafServer();
  const { page } = await openPage(browser, sheaf.url);
  const organizationUrl = await signUpWithOrganization(page, sheaf.url, {
    name: 'Dorothy Vaughan',
    email: 'dorothy@example.org',
    password: 'correct horse battery',
  });
  await page.goto(`${organizationUrl}/documents`);
  await upload(page, 'receipt-bakery.pdf', ['Receipt', 'Bakery on the corner']);
  await upload(page, 'insurance-policy.pdf', ['Insurance policy', 'Home and contents']);

  await page.goto(`${organizationUrl}/tags`);
  await createTag(page, 'Receipts');
  await page.goto(`${organizationUrl}/tagging-rules`);
  await page.getByRole('link', { name: 'Create rule' }).first().click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Receipts by name');
  await page.getByRole('button', { name: 'Add condition' }).click();
  await page.getByRole('textbox', { name: 'Condition 1 value' }).fill('receipt');
  await page.getByRole('group', { name: 'Tags' }).getByRole('checkbox', { name: 'Receipts' }).check();
  await page.getByRole('button', { name: 'Create rule' }).click();
  await expect(page.getByText('Tagging rule created')).toBeVisible();

  const card = page.getByRole('article', { name: 'Receipts by name' });
  await card.getByRole('button', { name: 'Apply Receipts by name to existing documents' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('1 document tagged', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText(/Applied to existing documents .*: 1 document tagged/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.goto(`${organizationUrl}/documents`);
  const table = page.getByRole('table', { name: 'Documents' });
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: 'receipt-bakery.pdf' })
      .getByText('Receipts')
      .filter({ visible: true }),
  ).toBeVisible();
  await expect(
    table.getByRole('row').filter({ hasText: 'insurance-policy.pdf' }).getByText('Receipts'),
  ).toHaveCount(0);
});
