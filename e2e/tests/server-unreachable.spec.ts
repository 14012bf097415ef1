import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { startGateway } from '../support/gateway';
import { freePort } from '../support/ports';
import { startSheafServer } from '../support/sheaf-server';

test('shows Server unreachable while the API is down, and the app once Retry succeeds', async ({
  browser,
}) => {
  const backendPort = await freePort();
  const gateway = await startGateway({ backendPort });
  const context = await browser.newContext({ baseURL: gateway.url });
  const page = await context.newPage();
  let sheaf: Awaited<ReturnType<typeof startSheafServer>> | undefined;
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Server unreachable' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Server still unreachable')).toBeVisible();
    await expect(page.getByText('The server remains unreachable, try again later.')).toBeVisible();

    sheaf = await startSheafServer({ port: backendPort, baseUrl: gateway.url });
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Server unreachable' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
  } finally {
    await context.close();
    await sheaf?.stop();
    await gateway.close();
  }
});
