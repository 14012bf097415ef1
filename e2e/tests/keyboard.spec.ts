import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { createTextPdf } from '../../apps/server/src/test/test-files';
import { openPage, signUpWithOrganization } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { useSheafServer } from '../support/sheaf-server';

const sheafServer = useSheafServer({ AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false' });

/** Where the small-screen screenshots go (looked at by hand): A11Y_SHOTS_DIR, else the test's output. */
function shotPath(name: string): string {
  const dir = process.env.A11Y_SHOTS_DIR ?? test.info().outputPath('shots');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}

type Setup = { page: Page; organizationUrl: string; organizationId: string; serverUrl: string };

let accountNumber = 0;

async function setUp(browser: Browser, options: { locale?: string } = {}): Promise<Setup> {
  const sheaf = sheafServer();
  accountNumber += 1;
  const signUp = await openPage(browser, sheaf.url);
  const organizationUrl = await signUpWithOrganization(signUp.page, sheaf.url, {
    name: 'Grace Hopper',
    email: `grace${accountNumber}@example.org`,
    password: 'correct horse battery',
  });
  let page = signUp.page;
  if (options.locale) {
    // The same session in a browser speaking another language (no stored language choice).
    const { cookies } = await signUp.context.storageState();
    const context = await browser.newContext({
      baseURL: sheaf.url,
      locale: options.locale,
      storageState: { cookies, origins: [] },
    });
    page = await context.newPage();
  }
  return {
    page,
    organizationUrl,
    organizationId: organizationUrl.split('/').at(-1) ?? '',
    serverUrl: sheaf.url,
  };
}

async function uploadDocument({ page, organizationId, serverUrl }: Setup, name: string) {
  const response = await page.request.post(`/api/organizations/${organizationId}/documents`, {
    headers: { origin: serverUrl },
    multipart: { file: { name, mimeType: 'application/pdf', buffer: createTextPdf([[`Text of ${name}`]]) } },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { document: { id: string } }).document.id;
}

async function createTag({ page, organizationId, serverUrl }: Setup, name: string) {
  const response = await page.request.post(`/api/organizations/${organizationId}/tags`, {
    headers: { origin: serverUrl },
    data: { name, color: '#7cc7ff' },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { tag: { id: string } }).tag.id;
}

/** The element that has the focus, as its accessible description for messages. */
async function focusedElement(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active === null || active === document.body
      ? 'body'
      : `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent?.trim() ?? ''}`;
  });
}

async function expectFocused(locator: Locator) {
  await expect(locator).toBeFocused();
}

/** Focus is on a control of the page (not <body>, not lost): the neighbour of a deleted row. */
async function expectFocusKeptOnThePage(page: Page) {
  await expect.poll(() => focusedElement(page)).not.toBe('body');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
}

test('closing each dialog, confirmation and the drawer with the keyboard gives focus back to its opener', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const setup = await setUp(browser);
  const { page, organizationUrl } = setup;
  await uploadDocument(setup, 'alpha.pdf');
  await uploadDocument(setup, 'beta.pdf');
  await uploadDocument(setup, 'gamma.pdf');

  // Rename from the row menu: Escape returns to the menu's trigger.
  await page.goto(`${organizationUrl}/documents`);
  const betaMenu = page.getByRole('button', { name: 'Actions for beta.pdf' });
  await betaMenu.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Rename' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Rename document' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expectFocused(betaMenu);

  // Delete from the row menu, cancelled: back to the trigger; confirmed: the row goes, focus stays near.
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog', { name: 'Delete this document?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectFocused(betaMenu);
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  const confirmDelete = page.getByRole('alertdialog').getByRole('button', { name: 'Delete' });
  await confirmDelete.focus();
  await page.keyboard.press('Enter');
  await expect(betaMenu).toBeHidden();
  await expectFocusKeptOnThePage(page);

  // The trash: deleting for good keeps focus on the page.
  await page.goto(`${organizationUrl}/deleted`);
  const deleteForGood = page.getByRole('button', { name: 'Permanently delete beta.pdf' });
  await deleteForGood.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expectFocused(deleteForGood);
  await page.keyboard.press('Enter');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete permanently' }).focus();
  await page.keyboard.press('Enter');
  await expect(deleteForGood).toBeHidden();
  await expect.poll(() => focusedElement(page)).not.toBe('body');

  // Tags: create, edit and delete.
  await createTag(setup, 'Invoices');
  await createTag(setup, 'Receipts');
  await page.goto(`${organizationUrl}/tags`);
  const createButton = page.getByRole('button', { name: 'Create tag' });
  await createButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Create tag' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectFocused(createButton);
  const editInvoices = page.getByRole('button', { name: 'Edit tag Invoices' });
  await editInvoices.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expectFocused(editInvoices);
  const deleteInvoices = page.getByRole('button', { name: 'Delete tag Invoices' });
  await deleteInvoices.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(deleteInvoices).toBeHidden();
  await expectFocusKeptOnThePage(page);

  // A tagging rule's switch keeps focus while it saves.
  const receiptsId = await createTag(setup, 'Statements');
  const ruleResponse = await page.request.post(`/api/organizations/${setup.organizationId}/tagging-rules`, {
    headers: { origin: setup.serverUrl },
    data: {
      name: 'Statements by name',
      conditions: [{ field: 'name', operator: 'contains', value: 'x' }],
      tagIds: [receiptsId],
    },
  });
  expect(ruleResponse.status()).toBe(201);
  await page.goto(`${organizationUrl}/tagging-rules`);
  const ruleSwitch = page.getByRole('switch', { name: /Statements by name/ });
  await ruleSwitch.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Tagging rule disabled')).toBeVisible();
  await expect(ruleSwitch).not.toBeChecked();
  await expectFocused(ruleSwitch);

  // The small-screen drawer: Escape returns to its button.
  await page.setViewportSize({ width: 390, height: 844 });
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectFocused(menuButton);
  // Following a link in the drawer: the new page's heading gets focus.
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Navigation' }).getByRole('link', { name: 'Tags' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 800 });

  // API keys: deleting one keeps focus on the page.
  const keyResponse = await page.request.post('/api/api-keys', {
    headers: { origin: setup.serverUrl },
    data: { name: 'Scanner', permissions: ['documents:read'] },
  });
  expect(keyResponse.ok()).toBe(true);
  await page.goto('/api-keys');
  const deleteKey = page.getByRole('button', { name: 'Delete API key Scanner' });
  await deleteKey.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expectFocused(deleteKey);
  await page.keyboard.press('Enter');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(deleteKey).toBeHidden();
  await expect.poll(() => focusedElement(page)).not.toBe('body');

  // Deleting the organization: cancelled, focus returns; confirmed, the next page's heading has it.
  await page.goto(`${organizationUrl}/settings`);
  const deleteOrganization = page.getByRole('button', { name: 'Delete organization' });
  await deleteOrganization.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expectFocused(deleteOrganization);
  await page.keyboard.press('Enter');
  await page.getByRole('alertdialog').getByRole('textbox').fill("Grace Hopper's organization");
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(organizationUrl);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('every page has its own title, and moving to another page focuses its heading', async ({ browser }) => {
  test.setTimeout(120_000);
  const setup = await setUp(browser);
  const { page, organizationUrl } = setup;
  const organization = "Grace Hopper's organization";
  const documentId = await uploadDocument(setup, 'invoice.pdf');

  const titles: Array<[string, string]> = [
    [organizationUrl, `Home · ${organization} · Sheaf`],
    [`${organizationUrl}/documents`, `Documents · ${organization} · Sheaf`],
    [`${organizationUrl}/documents/${documentId}`, `invoice.pdf · ${organization} · Sheaf`],
    [`${organizationUrl}/deleted`, `Deleted documents · ${organization} · Sheaf`],
    [`${organizationUrl}/tags`, `Tags · ${organization} · Sheaf`],
    [`${organizationUrl}/tagging-rules`, `Tagging rules · ${organization} · Sheaf`],
    [`${organizationUrl}/tagging-rules/create`, `Create tagging rule · ${organization} · Sheaf`],
    [`${organizationUrl}/members`, `Members · ${organization} · Sheaf`],
    [`${organizationUrl}/invite`, `Invite a member · ${organization} · Sheaf`],
    [`${organizationUrl}/invitations`, `Organization invitations · ${organization} · Sheaf`],
    [`${organizationUrl}/settings`, `Organization settings · ${organization} · Sheaf`],
    [`${organizationUrl}/settings/webhooks`, `Webhooks · ${organization} · Sheaf`],
    ['/organizations', 'Organizations · Sheaf'],
    ['/organizations/create', 'Create an organization · Sheaf'],
    ['/settings', 'Account settings · Sheaf'],
    ['/api-keys', 'API keys · Sheaf'],
    ['/api-keys/create', 'Create API key · Sheaf'],
    ['/invitations', 'Invitations · Sheaf'],
    ['/terms', 'Terms of service · Sheaf'],
    ['/no-such-page', 'Page not found · Sheaf'],
  ];
  for (const [url, title] of titles) {
    await page.goto(url);
    await expect(page, url).toHaveTitle(title);
  }

  // Following a sidebar link with the keyboard moves focus to the new page's heading.
  await page.goto(`${organizationUrl}/documents`);
  const tagsLink = page.getByRole('navigation').getByRole('link', { name: 'Tags' }).first();
  await tagsLink.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeFocused();
  await expect(page).toHaveTitle(`Tags · ${organization} · Sheaf`);

  // Signed out: the sign-in page.
  await page.context().clearCookies();
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in · Sheaf');
});

test('at 390 px the trash, the tags and the documents list keep names, tags and dates readable', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const setup = await setUp(browser);
  const { page, organizationUrl, organizationId } = setup;
  const longTag = 'Quarterly-financial-statements-and-supporting-documents-2026';
  const tagId = await createTag(setup, longTag);
  await createTag(setup, 'Taxes');
  const names = ['annual-report-2026.pdf', 'electricity-bill-march.pdf', 'lease.pdf'];
  for (const name of names) {
    const id = await uploadDocument(setup, name);
    const tagged = await page.request.post(`/api/organizations/${organizationId}/documents/${id}/tags`, {
      headers: { origin: setup.serverUrl },
      data: { tagId },
    });
    expect(tagged.ok()).toBe(true);
  }
  // Two documents in the trash.
  for (const name of names.slice(0, 2)) {
    await page.goto(`${organizationUrl}/documents`);
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('button', { name: `Actions for ${name}` })).toBeHidden();
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });

      await page.goto(`${organizationUrl}/deleted`);
      const trashName = page.getByRole('link', { name: names[0] });
      await expect(trashName).toBeVisible();
      // The name is not cut to a few characters: at least "annual-report" shows.
      expect((await trashName.boundingBox())?.width ?? 0).toBeGreaterThan(90);
      await expect(
        page
          .getByText(/29 days left|30 days left/)
          .filter({ visible: true })
          .first(),
      ).toBeVisible();
      await page.screenshot({ path: shotPath(`trash-${width}-${colorScheme}`), fullPage: true });
      await expectNoSeriousAxeViolations(page);

      await page.goto(`${organizationUrl}/tags`);
      const table = page.getByRole('table', { name: /tags/i });
      await expect(table).toBeVisible();
      // No horizontal overflow: the table fits in the page.
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
      // A long name is cut inside its cell (not spilling over the next column), with the full name on hover.
      const longBadge = table.getByText(longTag);
      expect(
        await longBadge.evaluate((element) => {
          const cell = element.closest('td');
          return (
            cell !== null && element.getBoundingClientRect().right <= cell.getBoundingClientRect().right + 1
          );
        }),
      ).toBe(true);
      await expect(longBadge).toHaveAttribute('title', longTag);
      await page.screenshot({ path: shotPath(`tags-${width}-${colorScheme}`), fullPage: true });
      await expectNoSeriousAxeViolations(page);

      await page.goto(`${organizationUrl}/documents`);
      const row = page.getByRole('row').filter({ hasText: 'lease.pdf' });
      await expect(row.getByText(longTag).filter({ visible: true })).toBeVisible();
      await page.screenshot({ path: shotPath(`documents-${width}-${colorScheme}`), fullPage: true });
      await expectNoSeriousAxeViolations(page);
    }
  }

  // 200 % zoom of a 1280 px window: tags still shown in the documents list.
  await page.setViewportSize({ width: 640, height: 400 });
  await page.goto(`${organizationUrl}/documents`);
  await expect(
    page.getByRole('row').filter({ hasText: 'lease.pdf' }).getByText(longTag).filter({ visible: true }),
  ).toBeVisible();
});

test('at 400 % zoom the command palette fits, scrolls and announces its results', async ({ browser }) => {
  test.setTimeout(90_000);
  const setup = await setUp(browser);
  const { page, organizationUrl } = setup;
  for (const name of ['report-1.pdf', 'report-2.pdf', 'report-3.pdf', 'report-4.pdf']) {
    await uploadDocument(setup, name);
  }
  // 1280 × 800 at 400 %: 320 × 200 CSS pixels.
  await page.setViewportSize({ width: 320, height: 200 });
  await page.goto(`${organizationUrl}/documents`);
  await expect(page.getByRole('row').filter({ hasText: 'report-4.pdf' })).toBeAttached();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search' });
  await expect(palette).toBeVisible();
  const box = await palette.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(200);
  expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);

  await page.keyboard.type('report');
  // The palette's live region (the spinner is a status too, while a search runs).
  const status = palette.locator('p[role="status"]');
  await expect(status).toHaveText(/4 documents/);
  // The last result can be reached and scrolled into view.
  const last = palette.getByRole('option', { name: /report-/ }).last();
  for (let index = 0; index < 4; index += 1) await page.keyboard.press('ArrowDown');
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  await page.screenshot({ path: shotPath('palette-400-percent') });

  await page.keyboard.press('Control+a');
  await page.keyboard.type('zzzz-nothing');
  await expect(status).toHaveText('No results found.');
  await expectNoSeriousAxeViolations(page);
});

for (const [locale, datePattern, relativePattern] of [
  ['fr-FR', /^\d{1,2} [a-zéû]{3,5}\.? \d{4}$/, /il y a|à l’instant|dans/],
  ['de-DE', /^\d{1,2}\. [A-ZÄÖÜ][a-zäöü]{2,4}\.? \d{4}$/, /vor |in /],
] as const) {
  test(`with the browser in ${locale} the documents list and the document page show dates in that language`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const setup = await setUp(browser, { locale });
    const { page, organizationUrl } = setup;
    const documentId = await uploadDocument(setup, 'facture.pdf');

    await page.goto(`${organizationUrl}/documents`);
    const row = page.getByRole('row').filter({ hasText: 'facture.pdf' });
    const created = row.locator('td time').last();
    await expect(created).toHaveText(datePattern);
    expect(await created.textContent()).not.toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);

    await page.goto(`${organizationUrl}/documents/${documentId}`);
    const createdOnPage = page.locator('dd time').first();
    await expect(createdOnPage).toHaveText(relativePattern);
    await expect(createdOnPage).not.toHaveText(/ ago$/);
  });
}

test('a first visit to a document page shows its loading state until the document arrives, never a blank page', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const setup = await setUp(browser);
  const documentId = await uploadDocument(setup, 'slow.pdf');
  // A cold browser (no cached code) with the same session.
  const { cookies } = await setup.page.context().storageState();
  const context = await browser.newContext({
    baseURL: setup.serverUrl,
    storageState: { cookies, origins: [] },
  });
  const page = await context.newPage();
  // The document's answer is held until the loading state has been seen, so the test checks the
  // order (loading state, then the document) and not how fast a cold browser gets there: on a
  // slow machine the first paint alone can take seconds.
  let releaseDocument = () => {};
  const documentReleased = new Promise<void>((resolve) => {
    releaseDocument = resolve;
  });
  await page.route(`**/api/organizations/*/documents/${documentId}`, async (route) => {
    await documentReleased;
    await route.continue();
  });

  const startedAt = Date.now();
  await page.goto(`${setup.organizationUrl}/documents/${documentId}`, { waitUntil: 'commit' });
  const loading = page.getByRole('status', { name: 'Loading the document…' });
  await expect(loading).toBeVisible({ timeout: 30_000 });
  const shownAfterMs = Date.now() - startedAt;
  await page.screenshot({ path: shotPath('document-loading-1440-light') });
  releaseDocument();
  await expect(page.getByRole('heading', { level: 1, name: 'slow.pdf' })).toBeVisible({ timeout: 10_000 });
  await expect(loading).toBeHidden();
  test.info().annotations.push({ type: 'loading state shown after (ms)', description: String(shownAfterMs) });
  await context.close();
});

test('Escape pressed the moment a dialog opens closes that dialog, not the tooltip of the button that opened it', async ({
  browser,
}) => {
  const setup = await setUp(browser);
  const { page, organizationUrl } = setup;
  await createTag(setup, 'Invoices');
  await page.goto(`${organizationUrl}/tags`);
  for (const opener of ['Create tag', 'Edit tag Invoices', 'Delete tag Invoices']) {
    const button = page.getByRole('button', { name: opener });
    await button.focus();
    // Press the button, then Escape as soon as the dialog shows (a key typed fast): the key must
    // reach the dialog, not the button's tooltip, whose Escape listener was registered first.
    const isOpenAfterEscape = await page.evaluate(async () => {
      const openDialog = () => document.querySelector('[role="dialog"],[role="alertdialog"]');
      (document.activeElement as HTMLElement).click();
      for (let turn = 0; turn < 20 && !openDialog(); turn += 1) await Promise.resolve();
      if (!openDialog()) return 'not shown within the microtasks of the click';
      (document.activeElement ?? document.body).dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      return openDialog() !== null;
    });
    expect(isOpenAfterEscape, opener).toBe(false);
    await expectFocused(button);
  }
});
