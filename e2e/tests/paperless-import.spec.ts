import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  type FixtureDocument,
  SMALL_EXPORT_DOCUMENTS,
  writePaperlessExportZip,
} from '../../apps/server/src/modules/paperless-imports/paperless-imports.test-helpers';
import { openOrganization } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { shoot } from '../support/screenshots';
import { useSheafServer } from '../support/sheaf-server';

const sheafServer = useSheafServer({ AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false' });

/** The import screens are held to no axe violation at all, whatever its impact. */
async function expectNoAxeViolations(page: Page) {
  await expectNoSeriousAxeViolations(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(
    results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) })),
  ).toEqual([]);
}

/**
 * The export: four documents with a correspondent each and a word easy to search for, then enough
 * receipts (no correspondent) for the import to run a few seconds, long enough to watch its progress.
 */
const RECEIPTS = 300;
const EXPORT_DOCUMENTS: FixtureDocument[] = [
  ...SMALL_EXPORT_DOCUMENTS,
  ...Array.from({ length: RECEIPTS }, (_, index) => ({
    pk: 5 + index,
    title: `Receipt ${String(index + 1).padStart(3, '0')}`,
    content: `Receipt number ${index + 1} for office supplies, paid in cash.`,
    created: '2021-05-01',
    added: '2021-05-02T10:00:00.000Z',
  })),
];
const DOCUMENTS_COUNT = EXPORT_DOCUMENTS.length;

type ImportAnswer = { imports: { id: string; status: string; progress: { processed: number } }[] };

test('a Paperless-ngx export zip uploaded in the organization settings is imported with its progress, reported, and its documents found by content and correspondent', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const sheaf = sheafServer();
  const exportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-e2e-paperless-'));
  const zipPath = writePaperlessExportZip(path.join(exportDir, 'paperless-export.zip'), {
    layout: '2.x',
    documents: EXPORT_DOCUMENTS,
  });
  const { page, organizationUrl, api } = await openOrganization(
    browser,
    sheaf.url,
    { name: 'Margaret Hamilton', email: 'margaret@example.org', password: 'correct horse battery' },
    { viewport: { width: 1440, height: 900 } },
  );

  // Every answer of the imports list the page reads: it reads again while the import runs.
  const listAnswers: ImportAnswer[] = [];
  page.on('response', async (response) => {
    if (
      response.request().method() === 'GET' &&
      new URL(response.url()).pathname === `${api}/paperless-imports`
    ) {
      listAnswers.push((await response.json().catch(() => ({ imports: [] }))) as ImportAnswer);
    }
  });

  // From the organization settings to the Import section: nothing imported yet.
  await page.goto(`${organizationUrl}/settings`);
  await page
    .getByRole('navigation', { name: 'Organization settings' })
    .getByRole('link', { name: 'Import' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import from Paperless-ngx' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No imports yet' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'paperless-import-empty');

  // The zip chosen from the keyboard: the drop zone's button opens the file picker.
  const chooseFiles = page.getByRole('button', { name: 'Choose files' });
  await chooseFiles.focus();
  const [fileChooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await fileChooser.setFiles(zipPath);
  await expect(page.getByText('Import of paperless-export.zip started')).toBeVisible();

  // The import shows in the list and its progress moves: documents done of the total, the rate.
  const card = page
    .getByRole('list', { name: 'Imports' })
    .getByRole('article', { name: 'paperless-export.zip' });
  await expect(card).toBeVisible();
  const progress = card.getByRole('progressbar', { name: 'Progress of paperless-export.zip' });
  await expect(progress).toHaveAttribute(
    'aria-valuetext',
    new RegExp(`^[\\d,]+ of ${DOCUMENTS_COUNT} documents$`),
    {
      timeout: 30_000,
    },
  );
  await expect(card).toContainText('documents/s');
  await shoot(page, 'paperless-import-running');
  await expectNoAxeViolations(page);

  // Followed until it ends: every document imported, the bar gone.
  await expect(card.getByText('Done', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(card).toContainText(`${DOCUMENTS_COUNT} documents imported`);
  await expect(progress).toBeHidden();
  // The page read the list again while the import ran, then stopped once it had ended.
  expect(
    listAnswers.filter(({ imports }) => imports.some(({ status }) => status === 'running')).length,
  ).toBeGreaterThan(0);
  const readsWhenDone = listAnswers.length;
  await page.waitForTimeout(2_500);
  expect(listAnswers.length).toBe(readsWhenDone);
  await expectNoAxeViolations(page);
  await shoot(page, 'paperless-import-list');

  // The report: counts per kind, what Sheaf does not import, and a link to each document.
  await card.getByRole('link', { name: 'View report of paperless-export.zip' }).click();
  await expect(page).toHaveURL(/\/settings\/import\/[a-z]+_[a-z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import report' })).toBeVisible();
  const imported = page.getByRole('region', { name: 'Imported' });
  await expect(imported.getByRole('definition').first()).toHaveText(String(DOCUMENTS_COUNT));
  await expect(page.getByRole('region', { name: 'Not imported' })).toContainText('Users');
  // Fifty documents at first, more on demand.
  const documents = page.getByRole('list', { name: /^Documents/ });
  await expect(documents.getByRole('link')).toHaveCount(50);
  await expect(documents.getByRole('link').nth(1)).toHaveText('Water letter');
  await shoot(page, 'paperless-import-report');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Show 50 more: Documents' }).click();
  await expect(documents.getByRole('link')).toHaveCount(100);

  // The JSON report downloads as an attachment.
  const download = page.getByRole('link', { name: 'Download report (JSON)' });
  const reportResponse = await page.request.get((await download.getAttribute('href')) ?? '');
  expect(reportResponse.status()).toBe(200);
  expect(reportResponse.headers()['content-disposition']).toMatch(
    /^attachment; filename="paperless-import-.+\.json"/,
  );
  expect(((await reportResponse.json()) as { documents: unknown[] }).documents).toHaveLength(DOCUMENTS_COUNT);

  // A document link opens the document.
  await documents.getByRole('link', { name: 'Water letter' }).click();
  await expect(page).toHaveURL(/\/documents\/doc_[a-z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Water letter' })).toBeVisible();

  // A word of its Paperless content finds it (the content was kept as it was).
  await page.goto(`${organizationUrl}/documents`);
  const table = page.getByRole('table', { name: 'Documents' });
  const searchBox = page.getByRole('searchbox', { name: 'Search documents' });
  await searchBox.fill('quokka');
  await searchBox.press('Enter');
  await expect(table.getByRole('link', { name: 'Water letter' })).toBeVisible({ timeout: 15_000 });
  await expect(table.getByRole('link', { name: 'Electricity bill March' })).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '1 result' })).toBeVisible();

  // Its correspondent, a select property, filters the list to City Water's two documents.
  await page.goto(`${organizationUrl}/documents`);
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const builder = page.getByRole('dialog', { name: 'Add a filter' });
  await builder.getByRole('combobox', { name: 'Filter on' }).click();
  await page.getByRole('option', { name: 'Correspondent' }).click();
  await builder.getByRole('combobox', { name: 'Value' }).click();
  await page.getByRole('option', { name: 'City Water' }).click();
  await builder.getByRole('button', { name: 'Add filter' }).click();
  await expect(builder).toBeHidden();
  await expect(
    page
      .getByRole('list', { name: 'Active filters' })
      .getByRole('button', { name: /Correspondent: City Water/ }),
  ).toBeVisible();
  await expect(page).toHaveURL(/property=prop_[a-z0-9]+%3Aeq%3A/);
  await expect(table.getByRole('link', { name: 'Water letter' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Water meter reading' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Electricity bill March' })).toBeHidden();
  await expect(table.getByRole('link', { name: 'Power contract' })).toBeHidden();

  fs.rmSync(exportDir, { recursive: true, force: true });
});
