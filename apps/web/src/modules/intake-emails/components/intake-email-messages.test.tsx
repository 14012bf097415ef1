import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import {
  API_INTAKE_EMAILS,
  INTAKE_EMAILS_URL,
  intakeEmailFixture,
  intakeEmailsHandlers,
  intakeEnabledConfig,
  intakeMessageFixture,
} from '../testing';

const intakeEmail = intakeEmailFixture();
const ADDRESS = intakeEmail.emailAddress;

describe('recent messages of an intake address', () => {
  test('are read only once opened, then list each message with what it became', async () => {
    const user = userEvent.setup();
    const messages = [
      intakeMessageFixture({
        skippedParts: [
          { name: 'invite.ics', mimeType: 'text/calendar', size: 1200, reason: 'type_not_accepted' },
        ],
      }),
      intakeMessageFixture({
        id: 'iem_2',
        from: 'stranger@example.net',
        subject: null,
        status: 'sender_not_allowed',
        documents: [],
      }),
    ];
    const { calls } = mockApi(
      { ...organizationHandlers(), ...intakeEmailsHandlers({ intakeEmails: [intakeEmail], messages }) },
      { signedIn: true },
    );
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });

    const card = await screen.findByRole('article', { name: ADDRESS });
    const toggle = within(card).getByRole('button', { name: 'Recent messages' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(calls.some((call) => call.path === `${API_INTAKE_EMAILS}/ie_1/messages`)).toBe(false);

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const log = await within(card).findByRole('list', { name: `Recent messages to ${ADDRESS}` });
    // The log's own entries (each holds lists of its documents and skipped parts).
    const [processed, refused] = Array.from(log.children) as HTMLElement[];
    expect(processed).toHaveTextContent('March electricity bill');
    expect(processed).toHaveTextContent('From ada@example.com');
    expect(processed).toHaveTextContent('received 2 minutes ago');
    expect(processed).toHaveTextContent('1 document created');
    expect(
      within(processed as HTMLElement).getByRole('link', { name: 'electricity-march.pdf' }),
    ).toHaveAttribute('href', `/organizations/${ORGANIZATION_ID}/documents/doc_1`);
    expect(processed).toHaveTextContent('Skipped attachments');
    expect(processed).toHaveTextContent('invite.ics');
    expect(processed).toHaveTextContent('Type not accepted');

    expect(refused).toHaveTextContent('(no subject)');
    expect(refused).toHaveTextContent('From stranger@example.net');
    expect(refused).toHaveTextContent('Sender not allowed');
  });

  test('say when a message was too large to be taken in', async () => {
    const user = userEvent.setup();
    const messages = [
      intakeMessageFixture({
        source: 'imap',
        subject: 'Scanned invoices',
        status: 'too_large',
        documents: [],
      }),
    ];
    mockApi(
      { ...organizationHandlers(), ...intakeEmailsHandlers({ intakeEmails: [intakeEmail], messages }) },
      { signedIn: true },
    );
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });

    const card = await screen.findByRole('article', { name: ADDRESS });
    await user.click(within(card).getByRole('button', { name: 'Recent messages' }));

    const log = await within(card).findByRole('list', { name: `Recent messages to ${ADDRESS}` });
    const [tooLarge] = Array.from(log.children) as HTMLElement[];
    expect(tooLarge).toHaveTextContent('Scanned invoices');
    expect(tooLarge).toHaveTextContent('From ada@example.com');
    expect(tooLarge).toHaveTextContent('Too large');
    expect(tooLarge).toHaveTextContent('This message was larger than the size limit and was not taken in.');
  });

  test('say when no mail has come in yet', async () => {
    const user = userEvent.setup();
    mockApi(
      { ...organizationHandlers(), ...intakeEmailsHandlers({ intakeEmails: [intakeEmail] }) },
      { signedIn: true },
    );
    renderApp(INTAKE_EMAILS_URL, { config: intakeEnabledConfig() });

    const card = await screen.findByRole('article', { name: ADDRESS });
    await user.click(within(card).getByRole('button', { name: 'Recent messages' }));

    expect(await within(card).findByText('No messages yet')).toBeInTheDocument();
  });
});
