import { expect, test } from '@playwright/test';
import { openOrganization } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { createTagThroughApi, uploadTextPdf } from '../support/documents';
import { shoot } from '../support/screenshots';
import { useSheafServer } from '../support/sheaf-server';

const sheafServer = useSheafServer({ AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false' });

test('saves a filtered list as a view, pins it with its count, opens on it by default, and survives its tag being deleted', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const sheaf = sheafServer();
  const organization = await openOrganization(
    browser,
    sheaf.url,
    { name: 'Grace Hopper', email: 'grace@example.org', password: 'correct horse battery' },
    { viewport: { width: 1440, height: 900 } },
  );
  const { page, organizationUrl, api, headers } = organization;

  await page.goto(`${organizationUrl}/documents`);
  await uploadTextPdf(page, 'Invoice March.pdf', ['Invoice for March']);
  await uploadTextPdf(page, 'Meeting memo.pdf', ['Notes of the meeting']);
  const tagId = await createTagThroughApi(page, organization, { name: 'Invoices', color: '#d8ff75' });
  const { documents } = (await (await page.request.get(`${api}/documents`)).json()) as {
    documents: { id: string; name: string }[];
  };
  const invoice = documents.find(({ name }) => name === 'Invoice March.pdf');
  expect(
    (
      await page.request.post(`${api}/documents/${invoice?.id}/tags`, {
        data: { tagId },
        headers,
      })
    ).ok(),
  ).toBe(true);

  // Filter the list, then save it as a view (pinned by default).
  await page.goto(`${organizationUrl}/documents?tags=${tagId}&sort=name`);
  const table = page.getByRole('table', { name: 'Documents' });
  await expect(table.getByRole('link', { name: 'Invoice March.pdf' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Meeting memo.pdf' })).toBeHidden();
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Save view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Invoices only');
  await shoot(page, 'saved-views-save-dialog');
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(page.getByText('View “Invoices only” saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'View: Invoices only' })).toBeVisible();

  // Pinned in the sidebar with its live count; from anywhere it opens the filtered list.
  const pinned = page
    .getByRole('navigation', { name: 'Pinned views' })
    .getByRole('link', { name: /Invoices only/ });
  await expect(pinned).toContainText('1');
  await page.goto(organizationUrl);
  await pinned.click();
  await expect(page).toHaveURL(new RegExp(`/documents\\?.*tags=${tagId}`));
  await expect(table.getByRole('link', { name: 'Invoice March.pdf' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Meeting memo.pdf' })).toBeHidden();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'saved-views-list');

  // Made the default, it is what the plain documents list opens on.
  await page.getByRole('button', { name: 'View: Invoices only' }).click();
  await page.getByRole('menuitem', { name: 'Manage views…' }).click();
  const manage = page.getByRole('dialog', { name: 'Saved views' });
  await manage.getByRole('button', { name: 'Open the documents list with this view' }).click();
  await expect(
    manage.getByRole('button', { name: 'Open the documents list with this view' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'saved-views-manage');
  await page.keyboard.press('Escape');
  await page.goto(`${organizationUrl}/documents`);
  await expect(page).toHaveURL(new RegExp(`tags=${tagId}`));
  await expect(table.getByRole('link', { name: 'Meeting memo.pdf' })).toBeHidden();

  // Its tag deleted, the view still opens (every document) and says what it dropped.
  expect((await page.request.delete(`${api}/tags/${tagId}`, { headers })).status()).toBe(204);
  await page.goto(organizationUrl);
  await pinned.click();
  await expect(
    page.getByText('Deleted since the view was saved, no longer filtered on: tag “Invoices”'),
  ).toBeVisible();
  await expect(table.getByRole('link', { name: 'Meeting memo.pdf' })).toBeVisible();
  await expect(pinned).toContainText('2');
});
