import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { publicConfigFixture } from '../../../test/fixtures';
import { organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';
import {
  API_INTAKE_EMAILS,
  API_USAGE,
  INTAKE_EMAILS_URL,
  intakeEmailFixture,
  intakeEmailsHandlers,
  intakeEnabledConfig,
  usageFixture,
} from '../testing';

const intakeEmail = intakeEmailFixture();
const ADDRESS = intakeEmail.emailAddress;

describe('intake e-mails page', () => {
  test('says intake e-mail is off, and asks nothing of the API, when the server configuration turns it off', async () => {
    const { calls } = mockApi({ ...organizationHandlers(), ...intakeEmailsHandlers() }, { signedIn: true });
    renderApp(INTAKE_EMAILS_URL, { config: publicConfigFixture });

    expect(
      await screen.findByRole('heading', { name: 'Intake e-mail is turned off on this server' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create address' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith(API_INTAKE_EMAILS))).toBe(false);
  });

  test('shows the same off state when the API answers intake_emails.disabled', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        [`GET ${API_INTAKE_EMAILS}`]: () =>
          jsonResponse({ error: { code: 'intake_emails.disabled', message: 'Off' } }, { status: 403 }),
      },
      { signedIn: true },
    );
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });

    expect(
      await screen.findByRole('heading', { name: 'Intake e-mail is turned off on this server' }),
    ).toBeInTheDocument();
  });

  test('the settings sidebar lists the section, current, between usage and webhooks', async () => {
    mockApi({ ...organizationHandlers(), ...intakeEmailsHandlers() }, { signedIn: true });
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });

    const nav = (
      await screen.findAllByRole('navigation', { name: 'Organization settings' })
    )[0] as HTMLElement;
    const link = await within(nav).findByRole('link', { name: 'Intake e-mails' });
    expect(link).toHaveAttribute('aria-current', 'page');
    const names = within(nav)
      .getAllByRole('link')
      .map((item) => item.textContent);
    expect(names.indexOf('Intake e-mails')).toBe(names.indexOf('Usage') + 1);
    expect(names.indexOf('Webhooks')).toBe(names.indexOf('Intake e-mails') + 1);
  });

  test('explains how to use intake e-mail and offers to create the first address', async () => {
    mockApi({ ...organizationHandlers(), ...intakeEmailsHandlers() }, { signedIn: true });
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });

    expect(await screen.findByRole('heading', { name: 'No intake addresses yet' })).toBeInTheDocument();
    const howTo = screen.getByRole('region', { name: 'How to use' });
    expect(howTo).toHaveTextContent('Forward or send an e-mail with attachments to the address');
    expect(screen.getByRole('button', { name: 'Create address' })).toBeInTheDocument();
  });

  test('creating an address shows it, with a warning that it accepts mail from nobody yet', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ ...organizationHandlers(), ...intakeEmailsHandlers() }, { signedIn: true });
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });

    await user.click(await screen.findByRole('button', { name: 'Create address' }));

    expect(
      await screen.findByText('Intake address newaddress1@intake.example.com created'),
    ).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'newaddress1@intake.example.com' });
    expect(
      within(card).getByText(/No allowed senders yet: this address accepts mail from nobody/),
    ).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe(API_INTAKE_EMAILS);
    expect(post?.body).toBeUndefined();
  });

  test("a creation error shows as a toast with the spec's message (plan limit reached)", async () => {
    const user = userEvent.setup();
    mockApi(
      {
        ...organizationHandlers(),
        ...intakeEmailsHandlers({
          intakeEmails: [intakeEmail],
          createError: { status: 403, code: 'intake_email.limit_reached', message: 'Limit' },
        }),
      },
      { signedIn: true },
    );
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });

    await user.click(await screen.findByRole('button', { name: 'Create address' }));

    expect(await screen.findByText('Failed to create the intake address')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The maximum number of intake e-mails for this organization has been reached, upgrade the plan.',
      ),
    ).toBeInTheDocument();
  });

  test('lists each address with a copy button, its state and its allowed senders', async () => {
    const disabled = intakeEmailFixture({
      id: 'ie_2',
      emailAddress: 'p8r2hd6t4ncy@intake.example.com',
      isEnabled: false,
      allowedOrigins: [],
    });
    mockApi(
      { ...organizationHandlers(), ...intakeEmailsHandlers({ intakeEmails: [intakeEmail, disabled] }) },
      { signedIn: true },
    );
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });

    const first = await screen.findByRole('article', { name: ADDRESS });
    expect(within(first).getByRole('button', { name: `Copy ${ADDRESS}` })).toBeInTheDocument();
    expect(within(first).getByRole('switch', { name: `Enable ${ADDRESS}` })).toBeChecked();
    expect(within(first).getByRole('list', { name: 'Allowed senders' })).toHaveTextContent('ada@example.com');
    expect(within(first).getByText('Receives mail from its allowed senders.')).toBeInTheDocument();

    const second = screen.getByRole('article', { name: 'p8r2hd6t4ncy@intake.example.com' });
    expect(within(second).getByText('Disabled')).toBeInTheDocument();
    expect(within(second).getByRole('switch')).not.toBeChecked();
    expect(within(second).getByText(/accepts mail from nobody/)).toBeInTheDocument();
  });

  test('the copy button puts the address on the clipboard and says so', async () => {
    const user = userEvent.setup();
    mockApi(
      { ...organizationHandlers(), ...intakeEmailsHandlers({ intakeEmails: [intakeEmail] }) },
      { signedIn: true },
    );
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });

    const card = await screen.findByRole('article', { name: ADDRESS });
    await user.click(within(card).getByRole('button', { name: `Copy ${ADDRESS}` }));

    expect(await navigator.clipboard.readText()).toBe(ADDRESS);
    expect(within(card).getByText('Copied')).toBeInTheDocument();
  });

  test('the switch sends only the new enabled state', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      { ...organizationHandlers(), ...intakeEmailsHandlers({ intakeEmails: [intakeEmail] }) },
      { signedIn: true },
    );
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });

    await user.click(await screen.findByRole('switch', { name: `Enable ${ADDRESS}` }));

    expect(await screen.findByText('Intake address disabled')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ isEnabled: false });
    const card = screen.getByRole('article', { name: ADDRESS });
    await waitFor(() => expect(within(card).getByRole('switch')).not.toBeChecked());
  });

  test('delete asks for confirmation first', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      { ...organizationHandlers(), ...intakeEmailsHandlers({ intakeEmails: [intakeEmail] }) },
      { signedIn: true },
    );
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });

    await user.click(await screen.findByRole('button', { name: `Delete ${ADDRESS}` }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete this intake address?' });
    expect(dialog).toHaveTextContent(`Mail sent to ${ADDRESS} will be refused from now on.`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: `Delete ${ADDRESS}` }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete this intake address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Intake address deleted')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(`${API_INTAKE_EMAILS}/ie_1`);
    expect(await screen.findByRole('heading', { name: 'No intake addresses yet' })).toBeInTheDocument();
  });

  test('members see the addresses read-only: no create, switch, delete or sender editing', async () => {
    mockApi(
      {
        ...organizationHandlers({ role: 'member' }),
        ...intakeEmailsHandlers({ intakeEmails: [intakeEmail] }),
      },
      { signedIn: true },
    );
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });

    const card = await screen.findByRole('article', { name: ADDRESS });
    expect(
      screen.getByText('Only owners and admins can create, change or delete intake addresses.'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: `Copy ${ADDRESS}` })).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Allowed senders' })).toHaveTextContent('ada@example.com');
    expect(within(card).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: `Delete ${ADDRESS}` })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Remove ada@example.com' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create address' })).not.toBeInTheDocument();
  });

  test("shows the plan's limit when subscriptions are on, and warns once it is reached", async () => {
    mockApi(
      {
        ...organizationHandlers(),
        ...intakeEmailsHandlers({ intakeEmails: [intakeEmail] }),
        [`GET ${API_USAGE}`]: () => jsonResponse({ usage: usageFixture({ used: 1, limit: 1 }) }),
      },
      { signedIn: true },
    );
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig({ isSubscriptionsEnabled: true }) });

    expect(
      await screen.findByText('Addresses on your plan: 1 / 1. Upgrade the plan to add more.'),
    ).toBeInTheDocument();
  });

  test('shows no limit when the plan is unlimited, nor when subscriptions are off', async () => {
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...intakeEmailsHandlers({ intakeEmails: [intakeEmail] }),
        [`GET ${API_USAGE}`]: () => jsonResponse({ usage: usageFixture({ used: 1, limit: null }) }),
      },
      { signedIn: true },
    );
    const first = renderApp(INTAKE_EMAILS_URL, {
      config: intakeEnabledConfig({ isSubscriptionsEnabled: true }),
    });
    await screen.findByRole('article', { name: ADDRESS });
    await waitFor(() => expect(calls.some((call) => call.path === API_USAGE)).toBe(true));
    expect(screen.queryByText(/Addresses on your plan/)).not.toBeInTheDocument();
    first.unmount();

    calls.length = 0;
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig({ isSubscriptionsEnabled: false }) });
    await screen.findByRole('article', { name: ADDRESS });
    expect(screen.queryByText(/Addresses on your plan/)).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === API_USAGE)).toBe(false);
  });

  test('a load error offers to try again', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        [`GET ${API_INTAKE_EMAILS}`]: () =>
          jsonResponse({ error: { code: 'internal.error', message: 'Boom' } }, { status: 500 }),
      },
      { signedIn: true },
    );
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });

    expect(await screen.findByText('An error occurred, try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
