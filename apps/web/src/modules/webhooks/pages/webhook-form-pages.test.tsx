import type { WebhookDto } from '@sheaf/contracts/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { type MockRequest, mockApi, renderApp } from '../../../test/app';
import { organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';
import { API_WEBHOOKS, WEBHOOKS_URL, webhookFixture, webhooksHandlers } from '../testing';

const CREATE_URL = `${WEBHOOKS_URL}/create`;
const webhook = webhookFixture();
const EDIT_URL = `${WEBHOOKS_URL}/${webhook.id}`;

function createHandlers(answer?: (request: MockRequest) => Response) {
  return {
    ...organizationHandlers(),
    ...webhooksHandlers({ webhooks: [webhook] }),
    [`POST ${API_WEBHOOKS}`]:
      answer ??
      ((request: MockRequest) =>
        jsonResponse({ webhook: { ...webhook, ...(request.body as object) } }, { status: 201 })),
  };
}

/** GET and PUT over one webhook that the PUTs change. */
function editHandlers(initial: WebhookDto = webhook) {
  let current = initial;
  return {
    ...organizationHandlers(),
    ...webhooksHandlers({ webhooks: [initial] }),
    [`GET ${API_WEBHOOKS}/${initial.id}`]: () => jsonResponse({ webhook: current }),
    [`PUT ${API_WEBHOOKS}/${initial.id}`]: (request: MockRequest) => {
      const body = request.body as Partial<WebhookDto> & { secret?: string };
      const { secret, ...changes } = body;
      current = {
        ...current,
        ...changes,
        hasSecret: current.hasSecret || secret !== undefined,
        updatedAt: new Date().toISOString(),
      };
      return jsonResponse({ webhook: current });
    },
  };
}

describe('create a webhook', () => {
  test('validates on submit: name, URL and at least one event; then revalidates on input', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(createHandlers(), { signedIn: true });
    renderApp(CREATE_URL);

    await user.click(await screen.findByRole('button', { name: 'Create webhook' }));

    expect(await screen.findByText('The name is required.')).toBeInTheDocument();
    expect(screen.getByText('The URL is required.')).toBeInTheDocument();
    expect(screen.getByText('Select at least one event.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'example.com/hook');
    expect(
      await screen.findByText('Enter a valid URL starting with http:// or https://.'),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Accounting');
    await user.click(screen.getByRole('checkbox', { name: 'Document created' }));
    await waitFor(() => expect(screen.queryByText('The name is required.')).not.toBeInTheDocument());
    expect(screen.queryByText('Select at least one event.')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  test('select all ticks the six events, and unticks them all again', async () => {
    const user = userEvent.setup();
    mockApi(createHandlers(), { signedIn: true });
    renderApp(CREATE_URL);

    const events = await screen.findByRole('group', { name: 'Events' });
    const selectAll = within(events).getByRole('checkbox', { name: 'Select all' });
    await user.click(within(events).getByRole('checkbox', { name: 'Document deleted' }));
    expect(selectAll).toHaveAttribute('aria-checked', 'mixed');
    expect(within(events).getByText('1 of 6 selected')).toBeInTheDocument();

    await user.click(selectAll);
    for (const name of [
      'Document created',
      'Document deleted',
      'Document updated',
      'Tag added to a document',
      'Tag removed from a document',
      'Note added to a document',
    ]) {
      expect(within(events).getByRole('checkbox', { name })).toBeChecked();
    }
    expect(selectAll).toBeChecked();

    await user.click(selectAll);
    expect(within(events).queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
  });

  test('Generate fills a whsec_ secret that is sent; then the webhook page opens on its deliveries', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(createHandlers(), { signedIn: true });
    const { router } = renderApp(CREATE_URL);

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), '  Accounting ');
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://hooks.example.com/sheaf');
    await user.click(screen.getByRole('checkbox', { name: 'Tag added to a document' }));
    await user.click(screen.getByRole('checkbox', { name: 'Document created' }));
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    const secret = screen.getByRole('textbox', { name: 'Secret' });
    const value = (secret as HTMLInputElement).value;
    // whsec_ + base64 of 24 random bytes (32 characters).
    expect(value).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(screen.getByText(/Copy the secret now/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(await navigator.clipboard.readText()).toBe(value);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create webhook' }));

    expect(await screen.findByText('Webhook created')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Accounting',
      url: 'https://hooks.example.com/sheaf',
      enabled: true,
      events: ['document:created', 'document:tag:added'],
      secret: value,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(EDIT_URL));
    expect(router.state.location.search).toEqual({ tab: 'deliveries' });
  });

  test('without a secret, none is sent; disabled is sent as such', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(createHandlers(), { signedIn: true });
    renderApp(CREATE_URL);

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Plain');
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'http://receiver.example.org/in');
    await user.click(screen.getByRole('checkbox', { name: 'Document updated' }));
    await user.click(screen.getByRole('switch', { name: 'Enabled' }));
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));

    await screen.findByText('Webhook created');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Plain',
      url: 'http://receiver.example.org/in',
      enabled: false,
      events: ['document:updated'],
    });
  });

  test('a URL the server refuses shows its message under the URL field and stays on the form', async () => {
    const user = userEvent.setup();
    mockApi(
      createHandlers(() =>
        jsonResponse(
          { error: { code: 'webhooks.url_not_allowed', message: 'Not allowed' } },
          { status: 400 },
        ),
      ),
      { signedIn: true },
    );
    const { router } = renderApp(CREATE_URL);

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Local');
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'http://127.0.0.1:9000/hook');
    await user.click(screen.getByRole('checkbox', { name: 'Document created' }));
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));

    const url = screen.getByRole('textbox', { name: 'URL' });
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(url).toHaveAccessibleDescription(/private or local network address/);
    expect(await screen.findByText('Failed to create webhook')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(CREATE_URL);
  });
});

describe('edit a webhook', () => {
  test('the secret is redacted; saving without rotating sends no secret', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(editHandlers(), { signedIn: true });
    renderApp(EDIT_URL);

    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Accounting sync');
    expect(screen.getByRole('checkbox', { name: 'Document created' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Document updated' })).not.toBeChecked();
    expect(screen.getByText('Secret hidden')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /secret/i })).not.toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Webhook saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Renamed',
      url: 'https://hooks.example.com/sheaf',
      enabled: true,
      events: ['document:created', 'document:deleted'],
    });
  });

  test('Rotate secret makes it editable; left empty it is not sent, filled it is', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(editHandlers(), { signedIn: true });
    renderApp(EDIT_URL);

    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const secret = screen.getByRole('textbox', { name: 'New secret' });
    await waitFor(() => expect(secret).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Webhook saved');
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).not.toHaveProperty('secret');

    // Saved: the form starts again with the secret redacted.
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    await user.type(screen.getByRole('textbox', { name: 'New secret' }), 'my-shared-secret');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toMatchObject({
      secret: 'my-shared-secret',
    });
  });

  test('Keep current after rotating hides the field again and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(editHandlers(), { signedIn: true });
    renderApp(EDIT_URL);

    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    await user.type(screen.getByRole('textbox', { name: 'New secret' }), 'typed');
    await user.click(screen.getByRole('button', { name: 'Keep current' }));
    expect(screen.queryByRole('textbox', { name: 'New secret' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await screen.findByText('Webhook saved');
    expect(calls.find((call) => call.method === 'PUT')?.body).not.toHaveProperty('secret');
  });

  test('a webhook without a secret offers to add one', async () => {
    mockApi(editHandlers(webhookFixture({ hasSecret: false })), { signedIn: true });
    renderApp(EDIT_URL);

    expect(await screen.findByRole('button', { name: 'Add a secret' })).toBeInTheDocument();
    expect(screen.getByText('No secret')).toBeInTheDocument();
  });

  test('delete asks first, then goes back to the list', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      {
        ...editHandlers(),
        [`DELETE ${API_WEBHOOKS}/${webhook.id}`]: () => new Response(null, { status: 204 }),
      },
      { signedIn: true },
    );
    const { router } = renderApp(EDIT_URL);

    await user.click(await screen.findByRole('button', { name: 'Delete webhook' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this webhook?' });
    expect(dialog).toHaveTextContent('“Accounting sync” will be deleted');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Webhook deleted')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe(WEBHOOKS_URL));
  });

  test('an unknown webhook shows a not-found state', async () => {
    mockApi({ ...organizationHandlers(), ...webhooksHandlers() }, { signedIn: true });
    renderApp(`${WEBHOOKS_URL}/wbh_missing`);

    expect(await screen.findByRole('heading', { name: 'Webhook not found' })).toBeInTheDocument();
  });
});
