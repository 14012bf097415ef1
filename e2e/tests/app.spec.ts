import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';

test.describe('the app', () => {
  test('shows the sign-in page to a visitor when the server is up', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Server unreachable')).toHaveCount(0);
    await expect(page).toHaveTitle(/Sheaf/);
  });

  test('sends a visitor of a private page to the sign-in page', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('shows the not-found page for an unknown path, with a way home', async ({ page }) => {
    await page.goto('/this/page/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('keeps the chosen theme after a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/login');
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Change theme' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    await page.getByRole('button', { name: 'Change theme' }).click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });

  test('keeps the chosen language after a reload', async ({ page }) => {
    await page.goto('/this/page/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Change language' }).click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.goto('/this/page/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  });

  test('while its scripts load on a slow connection, the page shows a spinner in the chosen theme until the app replaces it', async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.locator('#root .boot-spinner')).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    releaseScripts();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.boot-spinner')).toHaveCount(0);
    await context.close();
  });

  test('follows the browser language on a first visit', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/nowhere');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await context.close();
  });
});

test.describe('accessibility', () => {
  const pages = [
    '/login',
    '/register',
    '/request-password-reset',
    '/reset-password?token=abc',
    '/email-validation-required',
    '/this/page/does/not/exist',
  ];
  for (const path of pages) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`${path} has no serious axe violation in ${colorScheme} mode`, async ({ browser }) => {
        const context = await browser.newContext({ colorScheme });
        const page = await context.newPage();
        await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        await expectNoSeriousAxeViolations(page);
        await context.close();
      });
    }
  }
});
