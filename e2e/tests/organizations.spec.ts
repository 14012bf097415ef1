import { expect, type Page, test } from '@playwright/test';
import { type Account, createVerifiedAccount, openPage, signIn } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { startTestSmtpServer, type TestSmtpServer, waitForLink } from '../support/mail';
import { freePort } from '../support/ports';
import { startSheafServer } from '../support/sheaf-server';

let smtp: TestSmtpServer;
let sheaf: Awaited<ReturnType<typeof startSheafServer>>;

test.beforeAll(async () => {
  smtp = await startTestSmtpServer();
  const port = await freePort();
  sheaf = await startSheafServer({
    port,
    baseUrl: `http://localhost:${port}`,
    env: { EMAILS_DRIVER: 'smtp', SMTP_URL: smtp.url },
  });
});

test.afterAll(async () => {
  await sheaf?.stop();
  await smtp?.close();
});

const organizationUrl = /\/organizations\/org_[a-z0-9]{24}$/;

async function switchTo(page: Page, name: string) {
  await page.getByRole('button', { name: /^Switch organization/ }).click();
  await page.getByRole('menuitemradio', { name }).or(page.getByRole('menuitem', { name })).click();
  await expect(page.getByRole('button', { name: `Switch organization (current: ${name})` })).toBeVisible();
}

test('organizations, members and invitations from first organization to restore', async ({ browser }) => {
  test.setTimeout(120_000);
  const ada: Account = { email: 'ada@example.org', name: 'Ada Lovelace', password: 'analytical engine' };
  const bob: Account = { email: 'bob@example.org', name: 'Bob Babbage', password: 'difference engine' };
  const { context, page } = await openPage(browser, sheaf.url);
  await createVerifiedAccount(page, smtp, ada);
  const second = await openPage(browser, sheaf.url);
  await createVerifiedAccount(second.page, smtp, bob);

  // A new user lands on the first-organization form, prefilled from their name.
  await signIn(page, ada);
  await expect(page).toHaveURL(/\/organizations\/first$/);
  const nameField = page.getByRole('textbox', { name: 'Organization name' });
  await expect(nameField).toHaveValue("Ada Lovelace's organization");
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page).toHaveURL(organizationUrl);
  const firstOrganizationUrl = page.url();
  await expectNoSeriousAxeViolations(page);

  // A second organization, then back to the first one with the switcher.
  await page.getByRole('button', { name: /^Switch organization/ }).click();
  await page.getByRole('menuitem', { name: 'Create organization' }).click();
  await expect(page).toHaveURL(/\/organizations\/create$/);
  await page.getByRole('textbox', { name: 'Organization name' }).fill('Second archive');
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page).toHaveURL(organizationUrl);
  expect(page.url()).not.toBe(firstOrganizationUrl);
  await switchTo(page, "Ada Lovelace's organization");
  await expect(page).toHaveURL(firstOrganizationUrl);

  // Invite Bob as an admin; the e-mail reaches the loopback SMTP server.
  await page.goto(`${firstOrganizationUrl}/members`);
  await page
    .getByRole('link', { name: 'Invite member' })
    .or(page.getByRole('button', { name: 'Invite member' }))
    .click();
  await expect(page).toHaveURL(/\/invite$/);
  const before = smtp.received.length;
  await page.getByRole('textbox', { name: 'E-mail' }).fill(bob.email);
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Admin' }).click();
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${bob.email}.`)).toBeVisible();
  const invitationLink = await waitForLink(smtp, { to: bob.email, linkPart: '/invitations', after: before });
  expect(invitationLink).toBe(`${sheaf.url}/invitations`);

  // Bob sees the pending badge and accepts.
  await signIn(second.page, bob);
  await second.page.getByRole('button', { name: 'User menu' }).click();
  await expect(second.page.getByRole('menuitem', { name: /Invitations.*1/ })).toBeVisible();
  await second.page.keyboard.press('Escape');
  await second.page.goto('/invitations');
  await second.page.getByRole('button', { name: "Accept invitation to Ada Lovelace's organization" }).click();
  await expect(second.page.getByText("You joined Ada Lovelace's organization.")).toBeVisible();

  // Ada sees Bob as an admin, makes him a member, then removes him.
  await page.goto(`${firstOrganizationUrl}/members`);
  const bobRow = page.getByRole('row', { name: new RegExp(bob.email) });
  await expect(bobRow).toContainText('Admin');
  await bobRow.getByRole('button', { name: `Change role of ${bob.name}` }).click();
  await page.getByRole('menuitemradio', { name: 'Member' }).click();
  await expect(
    page.getByText(`${bob.name} is now Member.`).or(page.getByText(`${bob.name} is now member.`)),
  ).toBeVisible();
  await expect(bobRow).toContainText('Member');
  await bobRow.getByRole('button', { name: `Remove ${bob.name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove member' }).click();
  await expect(page.getByText(`${bob.name} has been removed.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(bob.email) })).toHaveCount(0);

  // Delete the second organization by typing its name; restore it from the deleted list.
  await switchTo(page, 'Second archive');
  await page.goto(`${page.url()}/settings`);
  await page.getByRole('button', { name: 'Delete organization' }).click();
  const dialog = page.getByRole('alertdialog');
  const confirm = dialog.getByRole('button', { name: 'Delete organization' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox').fill('  second ARCHIVE ');
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page.getByText('Second archive has been deleted.')).toBeVisible();
  await page.goto('/organizations/deleted');
  await expect(page.getByText('Days remaining: 30')).toBeVisible();
  await page.getByRole('button', { name: 'Restore Second archive' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Second archive has been restored.')).toBeVisible();
  await page.goto('/organizations');
  await expect(page.getByRole('link', { name: /Second archive/ })).toBeVisible();

  await second.context.close();
  await context.close();
});
