import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { makeTextPdf } from '../../apps/web/src/demo/pdf';
import { expectNoSeriousAxeViolations } from '../support/axe';

// The demo build (npm run build:demo) served as plain static files, with no Sheaf server: every API
// call is answered in the page. The static server below counts what reaches it under /api.

const distDir = path.resolve(import.meta.dirname, '../../apps/web/dist-demo');
const ORGANIZATION_ID = 'org_demo00000000000000000001';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

type StaticServer = { url: string; apiRequests: string[]; close: () => Promise<void> };

/** A plain static file server with an SPA fallback (what any static host does). */
async function startStaticServer(): Promise<StaticServer> {
  const apiRequests: string[] = [];
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (pathname === '/api' || pathname.startsWith('/api/'))
      apiRequests.push(`${request.method} ${pathname}`);
    const file = path.join(distDir, path.normalize(pathname));
    const isFile = file.startsWith(distDir) && fs.existsSync(file) && fs.statSync(file).isFile();
    if (!isFile && path.extname(pathname) !== '') {
      response.writeHead(404).end();
      return;
    }
    const served = isFile ? file : path.join(distDir, 'index.html');
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[path.extname(served)] ?? 'application/octet-stream',
    });
    fs.createReadStream(served).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    apiRequests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let server: StaticServer;

test.beforeAll(async () => {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error('No apps/web/dist-demo: run npm run build:demo first.');
  }
  server = await startStaticServer();
});

test.afterAll(async () => {
  await server.close();
});

/** A fresh visitor (empty IndexedDB), with the page's console errors collected. */
async function openDemo(browser: Browser, { colorScheme = 'light', width = 1280, height = 900 } = {}) {
  const context = await browser.newContext({
    colorScheme: colorScheme as 'light' | 'dark',
    viewport: { width, height },
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.goto(server.url);
  await expect(page).toHaveURL(new RegExp(`/organizations/${ORGANIZATION_ID}$`), { timeout: 15_000 });
  return { context, page, consoleErrors };
}

async function search(page: Page, words: string) {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search' });
  await palette.getByRole('combobox', { name: 'Search documents and actions' }).fill(words);
  return palette;
}

test('the demo runs from static files: seeded archive, search, import, tags, trash, reload and reset', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page, consoleErrors } = await openDemo(browser);
  const organizationUrl = `${server.url}/organizations/${ORGANIZATION_ID}`;

  // Landed in the seeded organization, with its documents and the demo popup.
  const latest = page.getByRole('table', { name: 'Latest imported documents' });
  await expect(latest.getByRole('link', { name: 'Bank statement - April 2025.pdf' })).toBeVisible();
  const popup = page.getByRole('complementary', { name: 'You are using the Sheaf demo' });
  await expect(popup).toBeVisible();
  await page.goto(`${organizationUrl}/documents`);
  await expect(page.getByText('14 documents', { exact: false }).first()).toBeVisible();

  // A word found only inside a seeded PDF's text, and a search without its accents.
  let palette = await search(page, 'thermostatic');
  await expect(palette.getByRole('option', { name: /Northwind Plumbing/ })).toBeVisible();
  await page.keyboard.press('Escape');
  palette = await search(page, 'cafe muller');
  await expect(palette.getByRole('option', { name: /Café Müller/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // A PDF imported through the import button appears, its text extracted in the browser.
  const startedAt = Date.now();
  await page.getByTestId('document-file-input').setInputFiles({
    name: 'quasar-report.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(makeTextPdf({ title: 'Quasar report', paragraphs: ['The zyxomorph survey ended.'] })),
  });
  const panel = page.getByRole('region', { name: /document imported/ });
  await expect(panel.getByRole('link', { name: 'quasar-report.pdf' })).toBeVisible({ timeout: 10_000 });
  expect(Date.now() - startedAt).toBeGreaterThanOrEqual(500);
  await page.getByRole('button', { name: 'Close the import panel' }).click();
  palette = await search(page, 'zyxomorph');
  await palette.getByRole('option', { name: /quasar-report\.pdf/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'quasar-report.pdf' })).toBeVisible();

  // Tagging, then the trash.
  await page.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: 'Insurance' }).click();
  await expect(page.getByRole('button', { name: 'Remove Insurance' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Document deleted', { exact: true })).toBeVisible();
  await page.goto(`${organizationUrl}/deleted`);
  const trash = page.getByRole('table', { name: 'Deleted documents' });
  await expect(trash.getByRole('link', { name: 'quasar-report.pdf' })).toBeVisible();

  // Inviting is not in the demo.
  await page.goto(`${organizationUrl}/invite`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill('friend@example.com');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('This feature is not available in demo.')).toBeVisible();

  // A reload keeps what the visitor did.
  await page.goto(`${organizationUrl}/deleted`);
  await page.reload();
  await expect(trash.getByRole('link', { name: 'quasar-report.pdf' })).toBeVisible();

  // Hide collapses the popup to a button, remembered across a reload; it opens it again.
  await popup.getByRole('button', { name: 'Hide' }).first().click();
  await expect(popup).toBeHidden();
  await page.reload();
  await page.getByRole('button', { name: 'About this demo' }).click();
  await expect(popup).toBeVisible();

  // Reset brings the seed back and goes to /.
  await popup.getByRole('button', { name: 'Reset demo' }).click();
  await popup.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/organizations/${ORGANIZATION_ID}$`), { timeout: 15_000 });
  await page.goto(`${organizationUrl}/deleted`);
  await expect(page.getByText('The trash is empty')).toBeVisible();
  palette = await search(page, 'zyxomorph');
  await expect(palette.getByRole('option', { name: 'No results found.' })).toBeVisible();

  expect(server.apiRequests).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await context.close();
});

test('the demo screens have no serious axe violation, light and dark, narrow and wide', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const shotsDir = process.env.SHEAF_DEMO_SHOTS_DIR;
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [390, 1440]) {
      const { context, page, consoleErrors } = await openDemo(browser, { colorScheme, width });
      const organizationUrl = `${server.url}/organizations/${ORGANIZATION_ID}`;
      await expect(page.getByRole('complementary', { name: 'You are using the Sheaf demo' })).toBeVisible();
      await expect(page.getByText('Bank statement - April 2025.pdf').first()).toBeVisible();
      if (shotsDir) {
        fs.mkdirSync(shotsDir, { recursive: true });
        await page.screenshot({ path: path.join(shotsDir, `demo-home-${colorScheme}-${width}.png`) });
      }
      await expectNoSeriousAxeViolations(page);
      if (width === 1440) {
        for (const screen of ['/documents', '/tags', '/tagging-rules', '/members', '/settings/webhooks']) {
          await page.goto(`${organizationUrl}${screen}`);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expectNoSeriousAxeViolations(page);
        }
      }
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  }
  expect(server.apiRequests).toEqual([]);
});
