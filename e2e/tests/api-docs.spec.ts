import { expect, test } from '@playwright/test';

test('the API reference page shows the description of the API, from this origin only', async ({
  page,
  baseURL,
}, testInfo) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('requestfailed', (request) => problems.push(`${request.url()} failed`));
  const foreignRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== new URL(baseURL ?? '').origin)
      foreignRequests.push(request.url());
  });

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: 'Sheaf API', level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Documents').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('api-docs.png') });
  expect(problems).toEqual([]);
  expect(foreignRequests).toEqual([]);
});
