import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createTextPdf } from '../../apps/server/src/test/test-files';
import { openPage, signUpWithOrganization } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { useSheafServer } from '../support/sheaf-server';

// The receiver listens on loopback, which webhooks may reach only with private targets allowed.
const sheafServer = useSheafServer({
  AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false',
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
});

type ReceivedRequest = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

/** A webhook receiver on loopback that records every request and answers 200. */
async function startReceiver() {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sheaf-hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a webhook created in the UI delivers document:created to a receiver, shown in its deliveries', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    const sheaf = sheafServer();
    const { page } = await openPage(browser, sheaf.url);
    const organizationUrl = await signUpWithOrganization(page, sheaf.url, {
      name: 'Radia Perlman',
      email: 'radia@example.org',
      password: 'correct horse battery',
    });

    // From the organization settings to the webhooks section: empty at first.
    await page.goto(`${organizationUrl}/settings`);
    await page
      .getByRole('navigation', { name: 'Organization settings' })
      .getByRole('link', { name: 'Webhooks' })
      .click();
    await expect(page.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // Create one for document:created, with a generated secret.
    await page.getByRole('link', { name: 'Create webhook' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Loopback receiver');
    await page.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    await page
      .getByRole('group', { name: 'Events' })
      .getByRole('checkbox', { name: 'Document created' })
      .check();
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByRole('textbox', { name: 'Secret' })).toHaveValue(/^whsec_[A-Za-z0-9+/]{32}$/);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await expect(page.getByText('Webhook created')).toBeVisible();

    // The new webhook's deliveries tab opens, empty.
    await expect(page).toHaveURL(/\/settings\/webhooks\/wbh_[a-z0-9]{24}\?tab=deliveries$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Loopback receiver' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No deliveries yet' })).toBeVisible();

    // Upload a document from here (the import button is on every organization page).
    await page.getByTestId('document-file-input').setInputFiles({
      name: 'hooked-report.pdf',
      mimeType: 'application/pdf',
      buffer: createTextPdf([['Quarterly report', 'Delivered by webhook']]),
    });
    await expect(
      page
        .getByRole('region', { name: /document imported/ })
        .getByRole('link', { name: 'hooked-report.pdf' }),
    ).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Close the import panel' }).click();

    // The receiver gets a signed document:created…
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [delivery] = receiver.received;
    expect(delivery?.method).toBe('POST');
    expect(delivery?.headers['webhook-id']).toMatch(/^msg_/);
    expect(delivery?.headers['webhook-signature']).toMatch(/^v1,/);
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
      type: 'document:created',
      data: { name: 'hooked-report.pdf' },
    });

    // …and the deliveries tab shows it, status 200 (the tab reads the log again by itself).
    const table = page.getByRole('table', { name: 'Deliveries' });
    const row = table.getByRole('row').filter({ hasText: 'document:created' });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText('200');
    await expect(row).toContainText('Succeeded');
    await expectNoSeriousAxeViolations(page);

    // Its detail: the request body sent and the receiver's answer.
    await row.getByRole('button', { name: /^Details of document:created/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Delivery' });
    await expect(drawer.getByRole('region', { name: 'Request body' })).toContainText('hooked-report.pdf');
    await expect(drawer.getByRole('region', { name: 'Response body' })).toContainText('received');
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The list shows the webhook with its last delivery.
    await page.getByRole('link', { name: 'Back to webhooks' }).click();
    const card = page.getByRole('article', { name: 'Loopback receiver' });
    await expect(card.getByText('Last delivery succeeded')).toBeVisible();
    await expect(card.getByText('document:created')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  } finally {
    await receiver.close();
  }
});
