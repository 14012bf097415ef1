import { expect, type Page } from '@playwright/test';
import { createTextPdf } from '../../apps/server/src/test/test-files';

/**
 * Imports a one-page PDF holding these lines of text from the documents list, as a user picking a
 * file, and closes the import panel once the document is listed there.
 */
export async function uploadTextPdf(page: Page, name: string, lines: string[]) {
  await page.getByTestId('document-file-input').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer: createTextPdf([lines]),
  });
  const panel = page.getByRole('region', { name: /documents? imported/ });
  await expect(panel.getByRole('link', { name })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Close the import panel' }).click();
}

/** Creates a custom property from Organization settings → Properties (the page must be open). */
export async function createProperty(
  page: Page,
  { name, type, options = [] }: { name: string; type: string; options?: string[] },
) {
  await page.getByRole('button', { name: 'New property' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New property' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  const newOption = dialog.getByRole('textbox', { name: 'New option' });
  for (const option of options) {
    await newOption.fill(option);
    await newOption.press('Enter');
  }
  return dialog;
}

/** Creates a tag through the API in the page's session (see `openOrganization`); returns its id. */
export async function createTagThroughApi(
  page: Page,
  { api, headers }: { api: string; headers: Record<string, string> },
  { name, color }: { name: string; color: string },
) {
  const response = await page.request.post(`${api}/tags`, { data: { name, color }, headers });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { tag: { id: string } }).tag.id;
}
