import { INTAKE_EMAIL_ALLOWED_ORIGINS_MAX_COUNT } from '@sheaf/contracts/limits';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';
import {
  API_INTAKE_EMAILS,
  INTAKE_EMAILS_URL,
  intakeEmailFixture,
  intakeEmailsHandlers,
  intakeEnabledConfig,
} from '../testing';

const intakeEmail = intakeEmailFixture({ allowedOrigins: ['ada@example.com'] });
const ADDRESS = intakeEmail.emailAddress;

async function openCard() {
  const card = await screen.findByRole('article', { name: ADDRESS });
  return {
    card,
    input: within(card).getByRole('textbox', { name: `Add an allowed sender to ${ADDRESS}` }),
    addButton: within(card).getByRole('button', { name: 'Add' }),
  };
}

describe('allowed senders editor', () => {
  test('adds a sender: the whole list is sent, lower-cased, and the field is emptied', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      { ...organizationHandlers(), ...intakeEmailsHandlers({ intakeEmails: [intakeEmail] }) },
      { signedIn: true },
    );
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });
    const { card, input } = await openCard();

    await user.type(input, '  Grace@Example.COM {Enter}');

    expect(await screen.findByText('grace@example.com added to the allowed senders')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      allowedOrigins: ['ada@example.com', 'grace@example.com'],
    });
    await waitFor(() =>
      expect(within(card).getByRole('list', { name: 'Allowed senders' })).toHaveTextContent(
        'grace@example.com',
      ),
    );
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
  });

  test('rejects an invalid address on submit, then clears the error as the input becomes valid', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      { ...organizationHandlers(), ...intakeEmailsHandlers({ intakeEmails: [intakeEmail] }) },
      { signedIn: true },
    );
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });
    const { input, addButton } = await openCard();

    await user.type(input, 'not-an-address');
    await user.click(addButton);

    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter a valid e-mail address.');

    await user.type(input, '@example.com');
    expect(screen.queryByText('Please enter a valid e-mail address.')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  test("rejects a sender already in the list with the 'exists' error, whatever its case", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      { ...organizationHandlers(), ...intakeEmailsHandlers({ intakeEmails: [intakeEmail] }) },
      { signedIn: true },
    );
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });
    const { input } = await openCard();

    await user.type(input, 'ADA@example.com{Enter}');

    expect(await screen.findByText('This e-mail address is already in the list.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  test('an empty field asks for an address', async () => {
    const user = userEvent.setup();
    mockApi(
      { ...organizationHandlers(), ...intakeEmailsHandlers({ intakeEmails: [intakeEmail] }) },
      { signedIn: true },
    );
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });
    const { addButton } = await openCard();

    await user.click(addButton);

    expect(await screen.findByText('Enter an e-mail address.')).toBeInTheDocument();
  });

  test('a full list refuses one more sender', async () => {
    const user = userEvent.setup();
    const full = intakeEmailFixture({
      allowedOrigins: Array.from(
        { length: INTAKE_EMAIL_ALLOWED_ORIGINS_MAX_COUNT },
        (_, index) => `sender${index}@example.com`,
      ),
    });
    const { calls } = mockApi(
      { ...organizationHandlers(), ...intakeEmailsHandlers({ intakeEmails: [full] }) },
      { signedIn: true },
    );
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });
    const { input } = await openCard();

    await user.type(input, 'one-more@example.com{Enter}');

    expect(await screen.findByText('At most 50 allowed senders.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  test('removes a sender, keeps the keyboard focus in the editor, and can undo it', async () => {
    const user = userEvent.setup();
    const withTwo = intakeEmailFixture({ allowedOrigins: ['ada@example.com', 'grace@example.com'] });
    const { calls } = mockApi(
      { ...organizationHandlers(), ...intakeEmailsHandlers({ intakeEmails: [withTwo] }) },
      { signedIn: true },
    );
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });
    const { card, input } = await openCard();

    await user.click(within(card).getByRole('button', { name: 'Remove ada@example.com' }));

    expect(await screen.findByText('ada@example.com removed from the allowed senders')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')[0]?.body).toEqual({
      allowedOrigins: ['grace@example.com'],
    });
    await waitFor(() =>
      expect(within(card).queryByRole('button', { name: 'Remove ada@example.com' })).not.toBeInTheDocument(),
    );
    expect(input).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT')[1]?.body).toEqual({
        allowedOrigins: ['grace@example.com', 'ada@example.com'],
      }),
    );
    expect(await within(card).findByRole('button', { name: 'Remove ada@example.com' })).toBeInTheDocument();
  });

  test('a refused save keeps the typed address and says why', async () => {
    const user = userEvent.setup();
    mockApi(
      {
        ...organizationHandlers(),
        ...intakeEmailsHandlers({ intakeEmails: [intakeEmail] }),
        [`PUT ${API_INTAKE_EMAILS}/ie_1`]: () =>
          jsonResponse({ error: { code: 'intake_emails.not_found', message: 'Gone' } }, { status: 404 }),
      },
      { signedIn: true },
    );
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });
    const { input } = await openCard();

    await user.type(input, 'grace@example.com{Enter}');

    expect(await screen.findByText('Failed to save the allowed senders')).toBeInTheDocument();
    expect(screen.getByText('This intake address does not exist in this organization.')).toBeInTheDocument();
    expect(input).toHaveValue('grace@example.com');
  });
});
