import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { createTextPdf } from '../../apps/server/src/test/test-files';
import { openOrganization } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { shoot } from '../support/screenshots';
import { useSheafServer } from '../support/sheaf-server';

// Each test server watches a folder of its own (watchedFolderRoot), taking files stable for 1 s.
const sheafServer = useSheafServer({ AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false' });

test('a PDF dropped into the watched folder appears in the open list, and the grid shows its thumbnail', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const sheaf = sheafServer();
  const { page, organizationUrl, organizationId } = await openOrganization(
    browser,
    sheaf.url,
    { name: 'Katherine Johnson', email: 'katherine@example.org', password: 'correct horse battery' },
    { viewport: { width: 1440, height: 900 } },
  );
  await page.goto(`${organizationUrl}/documents`);
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();

  // What a scanner does: the file appears in the organization's folder, written in two steps.
  const folder = path.join(sheaf.watchedFolderRoot, organizationId);
  fs.mkdirSync(folder, { recursive: true });
  const pdf = createTextPdf([['Water meter reading', 'Scanned on the office scanner.']]);
  const file = path.join(folder, 'scan-0001.pdf');
  fs.writeFileSync(file, pdf.subarray(0, 100));
  await new Promise((resolve) => setTimeout(resolve, 300));
  fs.appendFileSync(file, pdf.subarray(100));

  // No reload: the open list learns of the new document from the server.
  const table = page.getByRole('table', { name: 'Documents' });
  await expect(table.getByRole('row').filter({ hasText: 'scan-0001.pdf' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => fs.existsSync(file), { timeout: 10_000 }).toBe(false);

  // The grid: a card per document, with the first page as its picture once it is made.
  await page.getByRole('button', { name: 'Grid view' }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'scan-0001.pdf' });
  await expect(card).toBeVisible();
  await expect(card.locator('img')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => card.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth), {
      timeout: 10_000,
    })
    .toBe(400);
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'documents-grid');

  // Remembered: the grid again after a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');

  // The organization's settings tell where the folder is, that it is watched, and what came in.
  await page.goto(`${organizationUrl}/settings/watched-folder`);
  await expect(page.getByRole('heading', { name: 'Watched folder', level: 1 })).toBeVisible();
  await expect(page.getByText(folder)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'scan-0001.pdf' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'settings-watched-folder');
});

test("an .xlsx's preview opens on its document page", async ({ browser }) => {
  test.setTimeout(120_000);
  const sheaf = sheafServer();
  const { page, organizationUrl, api, headers } = await openOrganization(
    browser,
    sheaf.url,
    { name: 'Dorothy Vaughan', email: 'dorothy@example.org', password: 'correct horse battery' },
    { viewport: { width: 1440, height: 900 } },
  );
  // A workbook written by a real spreadsheet writer.
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Meter readings');
  sheet.addRow(['Month', 'Reading']);
  sheet.addRow(['January', 'Quokkaberry meter 4711']);
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  const response = await page.request.post(`${api}/documents`, {
    headers,
    multipart: {
      file: {
        name: 'meter-readings.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer,
      },
    },
  });
  expect(response.status()).toBe(201);
  const { document } = (await response.json()) as { document: { id: string } };

  await page.goto(`${organizationUrl}/documents/${document.id}`);
  // The rendering LibreOffice made when it is installed (a PDF page), else the sheet's text.
  const rendered = page.getByRole('img', { name: /Page 1 of/ });
  const text = page.getByRole('region', { name: 'Extracted text' });
  await expect(rendered.or(text)).toBeVisible({ timeout: 60_000 });
  if (await text.isVisible()) await expect(text).toContainText('Quokkaberry meter 4711');
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'document-xlsx-preview');
});

test("an .eml's message shows on its document page, and its thumbnail in the grid", async ({ browser }) => {
  test.setTimeout(120_000);
  const sheaf = sheafServer();
  const { page, organizationUrl, api, headers } = await openOrganization(
    browser,
    sheaf.url,
    { name: 'Mary Jackson', email: 'mary@example.org', password: 'correct horse battery' },
    { viewport: { width: 1440, height: 900 } },
  );
  // A message as a mail program saves it: headers, then an HTML body (with a script that must not run).
  const eml = [
    'From: Harbour Office <office@harbour.example>',
    'To: archive@example.org',
    'Subject: Berth invoice 4711',
    'Date: Tue, 24 Nov 2026 09:30:00 +0100',
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<h1>Invoice 4711</h1><p>Mooring of the Quokkaberry, payable within thirty days.</p><script>document.title="ran"</script>',
    '',
  ].join('\r\n');
  const response = await page.request.post(`${api}/documents`, {
    headers,
    multipart: { file: { name: 'berth-invoice.eml', mimeType: 'message/rfc822', buffer: Buffer.from(eml) } },
  });
  expect(response.status()).toBe(201);
  const { document } = (await response.json()) as { document: { id: string } };

  await page.goto(`${organizationUrl}/documents/${document.id}`);
  const frame = page.frameLocator('iframe[title="Preview of berth-invoice.eml"]');
  await expect(frame.getByRole('heading', { name: 'Invoice 4711' })).toBeVisible({ timeout: 60_000 });
  await expect(frame.getByRole('cell', { name: 'Berth invoice 4711' })).toBeVisible();
  // The message in the frame is the sender's HTML, not Sheaf's page.
  await expectNoSeriousAxeViolations(page, { exclude: ['iframe[title="Preview of berth-invoice.eml"]'] });
  await shoot(page, 'document-eml-preview');

  await page.goto(`${organizationUrl}/documents`);
  await page.getByRole('button', { name: 'Grid view' }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'berth-invoice.eml' });
  await expect(card.locator('img')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => card.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth), {
      timeout: 10_000,
    })
    .toBe(400);
  await shoot(page, 'documents-grid-eml');
});
