import { expect, type Page, test } from '@playwright/test';
import { openOrganization } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { createTagThroughApi } from '../support/documents';
import { shoot } from '../support/screenshots';
import { useSheafServer } from '../support/sheaf-server';

const sheafServer = useSheafServer({ AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false' });

const STATEMENTS = 210;
const MEMOS = 15;

/**
 * Uploads small text documents through the API (a few at a time), in the page's session: each its
 * own content, since the organization keeps one document per content.
 */
async function uploadTextDocuments(page: Page, api: string, origin: string, names: readonly string[]) {
  const ids = new Map<string, string>();
  const queue = [...names];
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      const response = await page.request.post(`${api}/documents`, {
        headers: { origin },
        multipart: {
          file: { name, mimeType: 'text/plain', buffer: Buffer.from(`Bank statement ${name}\n`) },
        },
      });
      expect(response.status(), name).toBe(201);
      const { document } = (await response.json()) as { document: { id: string } };
      ids.set(name, document.id);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return ids;
}

test('selects across pages, tags 200+ documents by filter in the background, trashes by ids and undoes it', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const sheaf = sheafServer();
  const organization = await openOrganization(
    browser,
    sheaf.url,
    { name: 'Grace Hopper', email: 'grace@example.org', password: 'correct horse battery' },
    { viewport: { width: 1440, height: 900 } },
  );
  const { page, organizationUrl, api, headers } = organization;

  // Seeded through the API: 210 bank statements tagged "Bank" (one bulk request by ids), 15 memos.
  const statementNames = Array.from(
    { length: STATEMENTS },
    (_, index) => `statement-${String(index + 1).padStart(3, '0')}.txt`,
  );
  const memoNames = Array.from(
    { length: MEMOS },
    (_, index) => `memo-${String(index + 1).padStart(2, '0')}.txt`,
  );
  const ids = await uploadTextDocuments(page, api, sheaf.url, [...memoNames, ...statementNames]);
  const createTag = (name: string, color: string) => createTagThroughApi(page, organization, { name, color });
  const bankTagId = await createTag('Bank', '#75c5ff');
  await createTag('Statements 2024', '#d8ff75');
  const reviewedTagId = await createTag('Reviewed', '#ffb775');
  const countTagged = async (tagId: string) =>
    ((await (await page.request.get(`${api}/documents?tags=${tagId}`)).json()) as { documentsCount: number })
      .documentsCount;
  const seeded = await page.request.post(`${api}/documents/bulk`, {
    data: {
      action: 'add_tags',
      tagIds: [bankTagId],
      documentIds: statementNames.map((name) => ids.get(name)),
    },
    headers,
  });
  expect(seeded.status()).toBe(200);
  expect(
    ((await seeded.json()) as { result: { changedDocumentIds: string[] } }).result.changedDocumentIds,
  ).toHaveLength(STATEMENTS);

  // Across pages, by name, 15 a page: page 1 holds the memos.
  await page.goto(`${organizationUrl}/documents?sort=name&pageSize=15`);
  const table = page.getByRole('table', { name: 'Documents' });
  const bar = page.getByRole('region', { name: 'Selected documents' });
  const announced = bar.locator('[aria-live="polite"]');
  await expect(table.getByRole('link', { name: 'memo-01.txt' })).toBeVisible();
  const rowCheckbox = (name: string) => table.getByRole('checkbox', { name: `Select ${name}` });

  await rowCheckbox('memo-01.txt').click();
  await expect(announced).toHaveText('1 selected');
  // Shift+click: the range from the last one toggled.
  await rowCheckbox('memo-05.txt').click({ modifiers: ['Shift'] });
  await expect(announced).toHaveText('5 selected');
  for (const name of memoNames.slice(0, 5)) await expect(rowCheckbox(name)).toBeChecked();
  await expect(rowCheckbox('memo-06.txt')).not.toBeChecked();
  // Space on a focused checkbox, and on a focused row (its name link).
  await rowCheckbox('memo-07.txt').focus();
  await page.keyboard.press('Space');
  await expect(rowCheckbox('memo-07.txt')).toBeChecked();
  await table.getByRole('link', { name: 'memo-09.txt' }).focus();
  await page.keyboard.press('Space');
  await expect(rowCheckbox('memo-09.txt')).toBeChecked();
  await expect(page).toHaveURL(/\/documents\?/);
  await expect(announced).toHaveText('7 selected');
  // Shift+Space extends from the last row toggled (memo-09) to this one.
  await rowCheckbox('memo-11.txt').focus();
  await page.keyboard.press('Shift+Space');
  await expect(rowCheckbox('memo-10.txt')).toBeChecked();
  await expect(rowCheckbox('memo-11.txt')).toBeChecked();
  await expect(announced).toHaveText('9 selected');

  // The next page adds to the selection; back on page 1 it is all still there.
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(table.getByRole('link', { name: 'statement-001.txt' })).toBeVisible();
  await rowCheckbox('statement-001.txt').click();
  await expect(announced).toHaveText('10 selected');
  await page.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(rowCheckbox('memo-09.txt')).toBeChecked();
  await expect(announced).toHaveText('10 selected');

  // Tagged by ids, both pages' rows; "Undo" in the toast takes the tag off again.
  await bar.getByRole('button', { name: 'Add tags' }).click();
  const tagsDialog = page.getByRole('dialog', { name: 'Add tags' });
  await expect(tagsDialog.getByText('10 selected documents')).toBeVisible();
  await tagsDialog.getByRole('checkbox', { name: 'Reviewed' }).click();
  await tagsDialog.getByRole('button', { name: 'Add tags' }).click();
  const tagged = page.getByRole('listitem').filter({ hasText: 'Tags added to 10 documents' });
  await expect(tagged).toBeVisible();
  await expect(announced).toHaveText('');
  expect(await countTagged(reviewedTagId)).toBe(10);
  await tagged.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Undone.')).toBeVisible();
  expect(await countTagged(reviewedTagId)).toBe(0);

  // "Select this page", then "select all 225 that match".
  const selectPage = table.getByRole('checkbox', { name: 'Select every document on this page' });
  await rowCheckbox('memo-03.txt').click();
  await expect(selectPage).toHaveAttribute('aria-checked', 'mixed');
  await selectPage.click();
  await expect(selectPage).toBeChecked();
  await expect(announced).toHaveText('15 selected');
  // Scrolled down to the pagination, the bar stays in view.
  await page.getByRole('navigation', { name: 'Pagination' }).scrollIntoViewIfNeeded();
  await expect(bar.getByRole('button', { name: 'Add tags' })).toBeInViewport();
  await bar.getByRole('button', { name: `Select all ${STATEMENTS + MEMOS} that match` }).click();
  await expect(announced).toHaveText(`All ${STATEMENTS + MEMOS} matching documents are selected`);
  // Escape in the bar clears it.
  await bar.getByRole('button', { name: 'Clear selection' }).focus();
  await page.keyboard.press('Escape');
  await expect(announced).toHaveText('');
  await expect(rowCheckbox('memo-01.txt')).not.toBeChecked();

  // A filtered list: every "Bank" document, tagged "Statements 2024" by filter, in the background.
  await page.goto(`${organizationUrl}/documents?tags=${bankTagId}&sort=name&pageSize=15`);
  await expect(page.getByText(`${STATEMENTS} documents`)).toBeVisible();
  await expect(table.getByRole('link', { name: 'memo-01.txt' })).toBeHidden();
  await selectPage.click();
  await expect(announced).toHaveText('15 selected');
  await bar.getByRole('button', { name: `Select all ${STATEMENTS} that match` }).click();
  await expect(announced).toHaveText(`All ${STATEMENTS} matching documents are selected`);
  await expect(rowCheckbox('statement-015.txt')).toBeChecked();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'bulk-list-selection');

  await bar.getByRole('button', { name: 'Add tags' }).click();
  await expect(tagsDialog.getByText(`All ${STATEMENTS} documents that match`)).toBeVisible();
  await tagsDialog.getByRole('checkbox', { name: 'Statements 2024' }).click();
  // The task's progress is held back (a slow network) until its panel has been seen starting.
  let releaseTasks = () => {};
  const tasksHeld = new Promise<void>((resolve) => {
    releaseTasks = resolve;
  });
  await page.route(`**${api}/tasks/*`, async (route) => {
    await tasksHeld;
    await route.continue();
  });
  await tagsDialog.getByRole('button', { name: 'Add tags' }).click();
  await expect(tagsDialog).toBeHidden();
  await expect(page.getByText('Started in the background: follow it in the Tasks panel.')).toBeVisible();
  const tasks = page.getByRole('region', { name: 'Tasks' });
  await expect(tasks.getByText('Add tags')).toBeVisible();
  await expect(tasks.getByRole('progressbar', { name: 'Add tags' })).toBeVisible();
  await expect(tasks.getByText('Waiting to start').first()).toBeVisible();
  await shoot(page, 'bulk-tasks-running');
  releaseTasks();
  await page.unrouteAll({ behavior: 'wait' });
  await expect(tasks.getByText(`${STATEMENTS} changed`)).toBeVisible({ timeout: 60_000 });
  await expect(tasks.getByRole('img', { name: 'Done' })).toBeVisible();
  await expect(tasks.getByRole('progressbar')).toBeHidden();
  const { tasks: recentTasks } = (await (await page.request.get(`${api}/tasks`)).json()) as {
    tasks: { action: string; state: string; total: number; changedCount: number }[];
  };
  expect(recentTasks[0]).toMatchObject({
    action: 'add_tags',
    state: 'done',
    total: STATEMENTS,
    changedCount: STATEMENTS,
  });
  await expect(announced).toHaveText('');

  // A new selection beside the Tasks panel: checked and pictured.
  await rowCheckbox('statement-002.txt').click();
  await rowCheckbox('statement-004.txt').click({ modifiers: ['Shift'] });
  await expect(announced).toHaveText('3 selected');
  await expect(tasks).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'bulk-tasks-panel');

  // The list by that tag shows them all.
  const statementsTagId = await (async () => {
    const { tags } = (await (await page.request.get(`${api}/tags`)).json()) as {
      tags: { id: string; name: string }[];
    };
    return tags.find((tag) => tag.name === 'Statements 2024')?.id ?? '';
  })();
  await page.goto(`${organizationUrl}/documents?tags=${statementsTagId}&sort=name&pageSize=15`);
  await expect(page.getByText(`${STATEMENTS} documents`)).toBeVisible();
  await expect(table.getByRole('link', { name: 'statement-001.txt' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'memo-01.txt' })).toBeHidden();

  await rowCheckbox('statement-002.txt').click();
  await rowCheckbox('statement-004.txt').click({ modifiers: ['Shift'] });
  await expect(announced).toHaveText('3 selected');

  // Keyboard: from the toolbar, Tab reaches the bar's actions; its count is a live region.
  await page.getByRole('button', { name: 'Filter', exact: true }).focus();
  let reached = false;
  for (let press = 0; press < 15 && !reached; press++) {
    await page.keyboard.press('Tab');
    reached = await bar.evaluate((element) => element.contains(document.activeElement));
  }
  expect(reached).toBe(true);
  await expect(announced).toHaveAttribute('aria-atomic', 'true');

  // By ids: to the trash, then "Undo" in the toast puts them back.
  await bar.getByRole('button', { name: 'Move to trash' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Move 3 documents to the trash?' });
  await confirm.getByRole('button', { name: 'Move to trash' }).click();
  const toast = page.getByRole('listitem').filter({ hasText: '3 documents moved to the trash' });
  await expect(toast).toBeVisible();
  await expect(table.getByRole('link', { name: 'statement-003.txt' })).toBeHidden();
  await expect(page.getByText(`${STATEMENTS - 3} documents`)).toBeVisible();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Undone.')).toBeVisible();
  await expect(table.getByRole('link', { name: 'statement-003.txt' })).toBeVisible();
  await expect(page.getByText(`${STATEMENTS} documents`)).toBeVisible();
  const trash = (await (await page.request.get(`${api}/documents/deleted`)).json()) as {
    documentsCount: number;
  };
  expect(trash.documentsCount).toBe(0);

  // Search results: "all that match" is the search itself; every hit goes to the trash in the background.
  const all = STATEMENTS + MEMOS;
  await page.goto(`${organizationUrl}/documents?q=statement&pageSize=15`);
  await expect(page.getByText(`${all} results`)).toBeVisible({ timeout: 30_000 });
  await selectPage.click();
  await bar.getByRole('button', { name: `Select all ${all} that match` }).click();
  await expect(announced).toHaveText(`All ${all} matching documents are selected`);
  await bar.getByRole('button', { name: 'Move to trash' }).click();
  await page
    .getByRole('alertdialog', { name: `Move ${all} documents to the trash?` })
    .getByRole('button', { name: 'Move to trash' })
    .click();
  await expect(tasks.getByRole('listitem').first()).toContainText(`${all} changed`, { timeout: 60_000 });
  await expect(tasks.getByRole('listitem').first()).toContainText('Move to trash');
  await expect(page.getByRole('heading', { name: 'No documents match' })).toBeVisible();

  // The trash: "all that match" is the whole trash, restored in the background.
  await page.getByRole('link', { name: 'Deleted documents' }).click();
  const trashTable = page.getByRole('table', { name: 'Deleted documents' });
  await expect(trashTable.getByRole('row')).toHaveCount(101);
  await trashTable.getByRole('checkbox', { name: 'Select every document on this page' }).click();
  await expect(announced).toHaveText('100 selected');
  await bar.getByRole('button', { name: `Select all ${all} that match` }).click();
  await bar.getByRole('button', { name: 'Restore' }).click();
  await expect(tasks.getByRole('listitem').first()).toContainText('Restore', { timeout: 60_000 });
  await expect(tasks.getByRole('listitem').first()).toContainText(`${all} changed`, { timeout: 60_000 });
  await expect(page.getByText('The trash is empty')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
