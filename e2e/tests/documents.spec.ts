import { expect, type Page, test } from '@playwright/test';
import { createJpxScanPdf, createTextPdf } from '../../apps/server/src/test/test-files';
import { openPage, signUpWithOrganization } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { useSheafServer } from '../support/sheaf-server';

const sheafServer = useSheafServer({ AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false' });

/** Drags files over the page and drops them, as a user dragging from the file manager would. */
async function dropFiles(page: Page, files: { name: string; type: string; bytes: Buffer }[]) {
  const dataTransfer = await page.evaluateHandle(
    (items) => {
      const transfer = new DataTransfer();
      for (const item of items) {
        transfer.items.add(new File([new Uint8Array(item.bytes)], item.name, { type: item.type }));
      }
      return transfer;
    },
    files.map((file) => ({ name: file.name, type: file.type, bytes: [...file.bytes] })),
  );
  await page.dispatchEvent('main', 'dragenter', { dataTransfer });
  await expect(page.getByText('Drag and drop files here to import them')).toBeVisible();
  await page.dispatchEvent('main', 'drop', { dataTransfer });
  await expect(page.getByText('Drag and drop files here to import them')).toBeHidden();
}

/** Waits until the first page of the PDF preview has dark pixels: text or a scan was painted. */
async function expectPreviewPainted(page: Page) {
  const canvas = page.locator('canvas').first();
  await expect(canvas).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(
      () =>
        canvas.evaluate((element: HTMLCanvasElement) => {
          const context = element.getContext('2d');
          if (!context || element.width === 0) return 0;
          const { data } = context.getImageData(0, 0, element.width, element.height);
          let dark = 0;
          for (let index = 0; index < data.length; index += 4) {
            if ((data[index] ?? 255) < 128) dark += 1;
          }
          return dark;
        }),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(100);
}

const pdf = (name: string, lines: string[]) => ({
  name,
  type: 'application/pdf',
  bytes: createTextPdf([lines]),
});

test('documents from drop to permanent deletion', async ({ browser }) => {
  test.setTimeout(180_000);
  const sheaf = sheafServer();
  const { page } = await openPage(browser, sheaf.url);
  const organizationUrl = await signUpWithOrganization(page, sheaf.url, {
    name: 'Grace Hopper',
    email: 'grace@example.org',
    password: 'correct horse battery',
  });
  const organizationId = organizationUrl.split('/').at(-1) ?? '';

  // An empty organization offers a drop zone.
  await expect(page.getByText('No documents yet')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Drop two PDFs (and a picture, which a drop ignores): the panel follows both to success.
  await dropFiles(page, [
    pdf('electricity-march.pdf', ['Northwind Energy', 'Invoice NE-2026-0312', 'Total due 68.40 EUR']),
    pdf('water-bill.pdf', ['Riverside Water', 'Consumption 14 m3']),
    { name: 'holiday.png', type: 'image/png', bytes: Buffer.from('not really a picture') },
  ]);
  const panel = page.getByRole('region', { name: '2 documents imported' });
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByRole('link', { name: 'electricity-march.pdf' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'water-bill.pdf' })).toBeVisible();
  await expect(page.getByText('1 file was ignored: only PDF files can be dropped.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Close the import panel' }).click();
  await expect(panel).toBeHidden();

  // The home screen counts them and lists them.
  await expect(page.getByText('documents in total')).toBeVisible();
  const latest = page.getByRole('table', { name: 'Latest imported documents' });
  await expect(latest.getByRole('link', { name: 'water-bill.pdf' })).toBeVisible();
  await expect(latest.getByRole('link', { name: 'electricity-march.pdf' })).toBeVisible();

  // Sixteen more through the API: 18 documents, two pages of 15.
  for (let index = 1; index <= 16; index++) {
    const response = await page.request.post(`/api/organizations/${organizationId}/documents`, {
      headers: { origin: sheaf.url },
      multipart: {
        file: {
          name: `statement-${String(index).padStart(2, '0')}.pdf`,
          mimeType: 'application/pdf',
          buffer: createTextPdf([[`Bank statement number ${index}`]]),
        },
      },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto(`${organizationUrl}/documents`);
  const table = page.getByRole('table', { name: 'Documents' });
  await expect(table.getByRole('row')).toHaveCount(19);
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '15' }).click();
  await expect(table.getByRole('row')).toHaveCount(16);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to previous page' })).toBeDisabled();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('link', { name: 'electricity-march.pdf' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The document page: the PDF preview paints the page.
  await table.getByRole('link', { name: 'electricity-march.pdf' }).click();
  await expect(page).toHaveURL(/\/documents\/doc_[a-z0-9]{24}$/);
  const documentUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'electricity-march.pdf' })).toBeVisible();
  await expectPreviewPainted(page);
  await expectNoSeriousAxeViolations(page);

  // The Content tab shows the extracted text; edit and save it.
  await page.getByRole('tab', { name: 'Content' }).click();
  await expect(page).toHaveURL(/\?tab=content$/);
  const content = page.getByRole('region', { name: 'Document content' });
  await expect(content).toContainText('Invoice NE-2026-0312', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const editor = page.getByRole('textbox', { name: 'Document content' });
  await editor.fill('Northwind Energy — paid on 2026-04-02');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(content).toContainText('Invoice NE-2026-0312');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await editor.fill('Northwind Energy — paid on 2026-04-02');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Document content updated', { exact: true })).toBeVisible();
  await expect(content).toContainText('paid on 2026-04-02');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Document content' })).toContainText('paid on 2026-04-02');

  // Activity lists the creation and the content update.
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page.getByText('Grace Hopper edited the text')).toBeVisible();
  await expect(page.getByText('Grace Hopper added the document')).toBeVisible();

  // Rename: the dialog offers the name without its extension and keeps it.
  await page.getByRole('button', { name: 'Rename document' }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename document' });
  const nameField = renameDialog.getByRole('textbox', { name: 'New name' });
  await expect(nameField).toHaveValue('electricity-march');
  await nameField.fill('Electricity March 2026');
  await renameDialog.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByText('Document renamed', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Electricity March 2026.pdf' })).toBeVisible();

  // Delete: back to the list, and the trash shows the days left.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Document deleted', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${organizationUrl}/documents`);
  await page.getByRole('link', { name: 'Deleted documents' }).first().click();
  const trash = page.getByRole('table', { name: 'Deleted documents' });
  await expect(trash.getByRole('link', { name: 'Electricity March 2026.pdf' })).toBeVisible();
  // Shown in the Deleted column, and under the name below 640 px.
  await expect(trash.getByText('30 days left').filter({ visible: true })).toBeVisible();
  await expect(
    page.getByText('Deleted documents are kept for 30 days, then permanently deleted.'),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The deleted document's page says so too.
  await page.goto(documentUrl);
  await expect(page.getByText(/permanently deleted in 30 days/)).toBeVisible();
  await page.goBack();

  // Restore, then delete again and remove it for good.
  await trash.getByRole('button', { name: 'Restore Electricity March 2026.pdf' }).click();
  await expect(page.getByText('Document restored', { exact: true })).toBeVisible();
  await expect(page.getByText('The trash is empty')).toBeVisible();
  await page.goto(documentUrl);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(`${organizationUrl}/documents`);
  await page.goto(`${organizationUrl}/deleted`);
  await trash.getByRole('button', { name: 'Permanently delete Electricity March 2026.pdf' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete permanently' }).click();
  await expect(page.getByText('Document permanently deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('The trash is empty')).toBeVisible();
  const gone = await page.request.get(documentUrl.replace('/organizations/', '/api/organizations/'));
  expect(gone.status()).toBe(404);
});

test('a scan stored as JPEG 2000: the preview paints it and its text is read by OCR', async ({ browser }) => {
  test.setTimeout(120_000);
  const sheaf = sheafServer();
  const { page } = await openPage(browser, sheaf.url);
  await signUpWithOrganization(page, sheaf.url, {
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    password: 'correct horse battery',
  });
  await page.getByTestId('document-file-input').setInputFiles({
    name: 'archived-scan.pdf',
    mimeType: 'application/pdf',
    buffer: createJpxScanPdf(),
  });
  const panel = page.getByRole('region', { name: /document imported/ });
  await panel.getByRole('link', { name: 'archived-scan.pdf' }).click({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'archived-scan.pdf' })).toBeVisible();
  await expectPreviewPainted(page);

  await page.getByRole('tab', { name: 'Content' }).click();
  await expect(page.getByRole('region', { name: 'Document content' })).toContainText(/harbour invoice/i, {
    timeout: 30_000,
  });
});
