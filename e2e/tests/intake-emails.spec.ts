import { expect, test } from '@playwright/test';
import nodemailer from 'nodemailer';
import { createTextPdf } from '../../apps/server/src/test/test-files';
import { openPage, signUpWithOrganization } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { freePort } from '../support/ports';
import { type SheafServer, startSheafServer } from '../support/sheaf-server';

const INTAKE_DOMAIN = 'intake.e2e.test';

// A server of this file's own, with intake e-mail on and its SMTP receiver on a free loopback port.
let sheaf: SheafServer | undefined;
let smtpPort = 0;
test.beforeAll(async () => {
  const port = await freePort();
  smtpPort = await freePort();
  sheaf = await startSheafServer({
    port,
    baseUrl: `http://localhost:${port}`,
    env: {
      AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false',
      INTAKE_EMAILS_IS_ENABLED: 'true',
      INTAKE_EMAILS_DOMAIN: INTAKE_DOMAIN,
      INTAKE_EMAILS_SMTP_PORT: String(smtpPort),
      INTAKE_EMAILS_SMTP_HOST: '127.0.0.1',
    },
  });
});
test.afterAll(async () => {
  await sheaf?.stop();
});

/** Sends a message over a real SMTP session to the server's receiver, as a mail server would. */
async function sendMail(mail: nodemailer.SendMailOptions) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
  });
  try {
    return await transport.sendMail(mail);
  } finally {
    transport.close();
  }
}

test('an intake address created in the UI turns a mail from an allowed sender into a document, shown in its log', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  if (!sheaf) throw new Error('The Sheaf server is not started');
  const { page } = await openPage(browser, sheaf.url);
  const organizationUrl = await signUpWithOrganization(page, sheaf.url, {
    name: 'Katherine Johnson',
    email: 'katherine@example.org',
    password: 'correct horse battery',
  });

  // From the organization settings to the intake section: the how-to and an empty list.
  await page.goto(`${organizationUrl}/settings`);
  await page
    .getByRole('navigation', { name: 'Organization settings' })
    .getByRole('link', { name: 'Intake e-mails' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Intake e-mails' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'How to use' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No intake addresses yet' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Create an address: it accepts mail from nobody until a sender is allowed.
  await page.getByRole('button', { name: 'Create address' }).click();
  const card = page.getByRole('list', { name: 'Intake addresses' }).getByRole('article');
  await expect(card).toHaveCount(1);
  const address = (await card.getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';
  expect(address).toMatch(new RegExp(`^[a-z0-9]{12}@${INTAKE_DOMAIN.replaceAll('.', '\\.')}$`));
  await expect(page.getByText(`Intake address ${address} created`)).toBeVisible();
  await expect(card.getByText(/accepts mail from nobody/)).toBeVisible();
  await expect(card.getByRole('switch', { name: `Enable ${address}` })).toBeChecked();

  // Allow a sender, with the keyboard: a duplicate is refused with the 'exists' error.
  const senderField = card.getByRole('textbox', { name: `Add an allowed sender to ${address}` });
  await senderField.fill('Katherine@Example.org');
  await senderField.press('Enter');
  await expect(page.getByText('katherine@example.org added to the allowed senders')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Allowed senders' })).toContainText('katherine@example.org');
  await expect(senderField).toHaveValue('');
  await senderField.fill('katherine@example.org');
  await senderField.press('Enter');
  await expect(card.getByText('This e-mail address is already in the list.')).toBeVisible();
  await senderField.fill('');
  await expectNoSeriousAxeViolations(page);

  // Mail a PDF to the address over SMTP, from the allowed sender.
  const pdf = createTextPdf([['Water bill', 'Amount due: 42.00']]);
  const sent = await sendMail({
    from: 'Katherine Johnson <katherine@example.org>',
    to: address,
    subject: 'Water bill for March',
    text: 'Forwarded for the archive.',
    attachments: [{ filename: 'water-bill-march.pdf', content: pdf, contentType: 'application/pdf' }],
  });
  expect(sent.accepted).toEqual([address]);

  // The address's log shows the message and the document it made (the open log reads itself again).
  await card.getByRole('button', { name: 'Recent messages' }).click();
  const log = card.getByRole('list', { name: `Recent messages to ${address}` });
  const entry = log.getByRole('listitem').filter({ hasText: 'Water bill for March' });
  await expect(entry).toBeVisible({ timeout: 30_000 });
  await expect(entry).toContainText('From katherine@example.org');
  await expect(entry).toContainText('1 document created');
  await expect(entry.getByRole('link', { name: 'water-bill-march.pdf' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The documents list has it.
  await page.goto(`${organizationUrl}/documents`);
  const table = page.getByRole('table', { name: 'Documents' });
  await expect(table.getByRole('link', { name: 'water-bill-march.pdf' })).toBeVisible();
});
