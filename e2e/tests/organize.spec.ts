import { expect, type Page, test } from '@playwright/test';
import { openPage, signUpWithOrganization } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { createProperty, uploadTextPdf } from '../support/documents';
import { useSheafServer } from '../support/sheaf-server';

const sheafServer = useSheafServer({ AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false' });

/** Opens a document from the list by its name, and waits for its detected date. */
async function openDocument(page: Page, organizationUrl: string, name: string) {
  await page.goto(`${organizationUrl}/documents`);
  await page.getByRole('table', { name: 'Documents' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return page.getByRole('region', { name: 'Properties' });
}

/**
 * Picks an option of the open listbox from the keyboard: typed (the list's type-ahead), then moved
 * to with the arrow keys if the type-ahead lost part of it (it forgets what was typed after a second
 * without a key, which a loaded machine can take between two keys).
 */
async function chooseOptionByKeyboard(page: Page, name: string) {
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  const wanted = listbox.getByRole('option', { name, exact: true });
  await page.keyboard.type(name);
  if (!(await wanted.evaluate((option) => option === document.activeElement))) {
    await page.keyboard.press('Home');
    for (
      let step = 0;
      step < 50 && !(await wanted.evaluate((option) => option === document.activeElement));
      step++
    )
      await page.keyboard.press('ArrowDown');
  }
  await expect(wanted).toBeFocused();
  await page.keyboard.press('Enter');
}

async function setAmount(page: Page, amount: string) {
  const properties = page.getByRole('region', { name: 'Properties' });
  await properties.getByRole('button', { name: 'Edit Amount' }).click();
  const input = properties.getByRole('textbox', { name: 'Amount: amount' });
  await input.fill(amount);
  await expect(properties.getByRole('combobox', { name: 'Amount: currency' })).toHaveValue('EUR');
  await input.press('Enter');
  await expect(input).toBeHidden();
}

test('properties, document dates and notes, filtered from the URL and found with the query syntax', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const sheaf = sheafServer();
  const { page } = await openPage(browser, sheaf.url);
  const organizationUrl = await signUpWithOrganization(page, sheaf.url, {
    name: 'Grace Hopper',
    email: 'grace@example.org',
    password: 'correct horse battery',
  });
  const organizationId = organizationUrl.split('/').at(-1) ?? '';

  // Organization settings → Properties: an amount of money in euros, and a status to choose.
  await page.goto(organizationUrl);
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await page
    .getByRole('navigation', { name: 'Organization settings' })
    .first()
    .getByRole('link', { name: 'Properties' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible();
  await expect(page.getByText('No properties yet')).toBeVisible();

  const amountDialog = await createProperty(page, { name: 'Amount', type: 'Amount of money' });
  await expect(amountDialog.getByRole('combobox', { name: 'Default currency' })).toHaveValue('EUR');
  await amountDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Property "Amount" created')).toBeVisible();
  await expect(amountDialog).toBeHidden();

  const statusDialog = await createProperty(page, {
    name: 'Status',
    type: 'Single select',
    options: ['Open', 'Paid'],
  });
  await expect(
    statusDialog.getByRole('list', { name: 'Options' }).getByRole('textbox').filter({ visible: true }),
  ).toHaveCount(2);
  await statusDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Property "Status" created')).toBeVisible();
  await expect(statusDialog).toBeHidden();

  const propertiesTable = page.getByRole('table', { name: 'Properties' });
  await expect(propertiesTable.getByRole('row').filter({ hasText: 'Amount' })).toContainText(
    'Amount of money',
  );
  await expect(
    propertiesTable.getByRole('list', { name: 'Options of Status' }).getByRole('listitem'),
  ).toHaveText(['Open', 'Paid']);
  await expectNoSeriousAxeViolations(page);

  const { properties } = (await (
    await page.request.get(`/api/organizations/${organizationId}/properties`)
  ).json()) as { properties: { id: string; name: string }[] };
  const amountId = properties.find((property) => property.name === 'Amount')?.id ?? '';
  expect(amountId).toMatch(/^prop_/);

  // Three documents whose text carries a date, in three ways of writing one.
  await page.goto(`${organizationUrl}/documents`);
  await uploadTextPdf(page, 'harbour-invoice.pdf', [
    'Invoice 12 March 2024',
    'Harbour Consulting',
    'Total 150 EUR',
  ]);
  await uploadTextPdf(page, 'quayside-invoice.pdf', [
    'Invoice 3 June 2023',
    'Quayside Supplies',
    'Total 80 EUR',
  ]);
  await uploadTextPdf(page, 'meeting-notes.pdf', [
    'Meeting notes 2024-05-02',
    'Northwind quarterly review',
    'Attendees: the whole team',
  ]);

  // The date read from the text shows on the document page, marked as detected; the values are
  // set in place.
  const harbour = await openDocument(page, organizationUrl, 'harbour-invoice.pdf');
  await expect(harbour.getByText('Mar 12, 2024')).toBeVisible({ timeout: 30_000 });
  await expect(harbour.getByText(/^Detected/)).toBeVisible();
  await setAmount(page, '150');
  await expect(harbour.getByText('€150.00')).toBeVisible();
  await harbour.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Paid' }).click();
  await expect(harbour.getByRole('combobox', { name: 'Status' })).toContainText('Paid');
  await expectNoSeriousAxeViolations(page);

  const quayside = await openDocument(page, organizationUrl, 'quayside-invoice.pdf');
  await expect(quayside.getByText('Jun 3, 2023')).toBeVisible({ timeout: 30_000 });
  await setAmount(page, '80');
  await expect(quayside.getByText('€80.00')).toBeVisible();

  const meeting = await openDocument(page, organizationUrl, 'meeting-notes.pdf');
  await expect(meeting.getByText('May 2, 2024')).toBeVisible({ timeout: 30_000 });

  // The list, filtered from its URL: an amount of at least 100 and a date in 2024 or later.
  await page.goto(
    `${organizationUrl}/documents?property=${amountId}:between:100..&documentDateFrom=2024-01-01`,
  );
  const table = page.getByRole('table', { name: 'Documents' });
  await expect(table.getByRole('link', { name: 'harbour-invoice.pdf' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'quayside-invoice.pdf' })).toBeHidden();
  await expect(table.getByRole('link', { name: 'meeting-notes.pdf' })).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '1 document' })).toBeVisible();
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  const amountChip = chips.getByRole('button', { name: /^Remove the filter Amount ≥ €100/ });
  await expect(amountChip).toBeVisible();
  await expect(chips.getByRole('button', { name: /^Remove the filter Date: from / })).toBeVisible();

  // The amount as a column of the list.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Amount' }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: /Amount/ })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'harbour-invoice.pdf' })).toContainText('€150.00');
  await expectNoSeriousAxeViolations(page);

  // A chip removed from the keyboard: the list widens to every document dated 2024 or later.
  await amountChip.focus();
  await page.keyboard.press('Backspace');
  await expect(chips.getByRole('listitem')).toHaveCount(1);
  await expect(page).not.toHaveURL(/property=/);
  await expect(page).toHaveURL(/documentDateFrom=2024-01-01/);
  await expect(table.getByRole('link', { name: 'meeting-notes.pdf' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'harbour-invoice.pdf' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'quayside-invoice.pdf' })).toBeHidden();
  // Focus stays on the chips, so the next Backspace removes the next one.
  await expect(chips.getByRole('button', { name: /^Remove the filter Date: from / })).toBeFocused();

  // The filter builder, from the keyboard only: Amount is at least 100 narrows the list again.
  await page.getByRole('button', { name: 'Filter', exact: true }).focus();
  await page.keyboard.press('Enter');
  const builder = page.getByRole('dialog', { name: 'Add a filter' });
  await expect(builder).toBeVisible();
  await builder.getByRole('combobox', { name: 'Filter on' }).focus();
  await page.keyboard.press('Enter');
  await chooseOptionByKeyboard(page, 'Amount');
  await expect(builder.getByRole('combobox', { name: 'Filter on' })).toHaveText('Amount');
  await page.keyboard.press('Tab');
  await expect(builder.getByRole('combobox', { name: 'Condition' })).toBeFocused();
  await page.keyboard.press('Enter');
  await chooseOptionByKeyboard(page, 'is at least');
  await expect(builder.getByRole('combobox', { name: 'Condition' })).toHaveText('is at least');
  await page.keyboard.press('Tab');
  await page.keyboard.type('100');
  await page.keyboard.press('Enter');
  await expect(builder).toBeHidden();
  await expect(chips.getByRole('button', { name: /^Remove the filter Amount ≥ €100/ })).toBeVisible();
  await expect(page).toHaveURL(/property=prop_[a-z0-9]+%3Abetween%3A100\.\./);
  await expect(table.getByRole('link', { name: 'harbour-invoice.pdf' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'meeting-notes.pdf' })).toBeHidden();

  // The palette reads the query syntax: a property condition by the property's name…
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search' });
  const paletteInput = palette.getByRole('combobox', { name: 'Search documents and actions' });
  await paletteInput.fill('amount>100');
  await expect(palette.getByRole('option', { name: /harbour-invoice\.pdf/ })).toBeVisible({
    timeout: 15_000,
  });
  await expect(palette.getByRole('option', { name: /quayside-invoice\.pdf/ })).toBeHidden();
  await expect(palette.getByRole('option', { name: /meeting-notes\.pdf/ })).toBeHidden();

  // …and a date: every document dated in 2024, then all of them in the list.
  await paletteInput.fill('date:2024');
  await expect(palette.getByRole('option', { name: /meeting-notes\.pdf/ })).toBeVisible({
    timeout: 15_000,
  });
  await expect(palette.getByRole('option', { name: /harbour-invoice\.pdf/ })).toBeVisible();
  await expect(palette.getByRole('option', { name: /quayside-invoice\.pdf/ })).toBeHidden();
  await expectNoSeriousAxeViolations(page);
  await palette.getByRole('option', { name: 'See all 2 results' }).click();
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/\/documents\?q=date%3A2024$/);
  await expect(page.getByRole('searchbox', { name: 'Search documents' })).toHaveValue('date:2024');
  await expect(page.getByRole('status').filter({ hasText: '2 results' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'meeting-notes.pdf' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'harbour-invoice.pdf' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'quayside-invoice.pdf' })).toBeHidden();

  // A note on the meeting notes; a word found only in that note finds the document.
  await openDocument(page, organizationUrl, 'meeting-notes.pdf');
  const notes = page.getByRole('region', { name: 'Notes' });
  await expect(notes.getByText('No notes yet.')).toBeVisible();
  await notes.getByRole('textbox', { name: 'Add a note' }).fill('Bring the zanzibarite samples next time.');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note added')).toBeVisible();
  await expect(notes.getByRole('listitem').filter({ hasText: 'zanzibarite' })).toContainText('Grace Hopper');
  await expectNoSeriousAxeViolations(page);

  await page.goto(`${organizationUrl}/documents`);
  const searchBox = page.getByRole('searchbox', { name: 'Search documents' });
  await searchBox.fill('zanzibarite');
  await searchBox.press('Enter');
  await expect(page).toHaveURL(/\?q=zanzibarite$/);
  await expect(table.getByRole('link', { name: 'meeting-notes.pdf' })).toBeVisible({ timeout: 15_000 });
  await expect(table.getByRole('link', { name: 'harbour-invoice.pdf' })).toBeHidden();
  await expect(table.getByRole('link', { name: 'quayside-invoice.pdf' })).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '1 result' })).toBeVisible();
});
