import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { type MockRequest, mockApi, renderApp } from '../../../test/app';
import { ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';
import { API_WEBHOOKS, WEBHOOKS_URL, webhookFixture, webhooksHandlers } from '../testing';

const webhook = webhookFixture();

describe('webhooks list', () => {
  test('shows an empty state with a call to create the first webhook', async () => {
    mockApi({ ...organizationHandlers(), ...webhooksHandlers() }, { signedIn: true });
    renderApp(WEBHOOKS_URL);

    expect(await screen.findByRole('heading', { name: 'No webhooks yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create webhook' })).toHaveAttribute(
      'href',
      `${WEBHOOKS_URL}/create`,
    );
    // The settings sidebar shows the section, current.
    const nav = screen.getAllByRole('navigation', { name: 'Organization settings' })[0];
    expect(within(nav as HTMLElement).getByRole('link', { name: 'Webhooks' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('lists each webhook: name, URL, events, state and its last delivery', async () => {
    const failing = webhookFixture({
      id: 'wbh_2',
      name: 'Search index',
      url: 'https://search.example.com/in',
      enabled: false,
      events: ['document:updated'],
      lastTriggeredAt: new Date(Date.now() - 3 * 60_000).toISOString(),
      lastDeliveryStatus: 'failure',
    });
    mockApi(
      { ...organizationHandlers(), ...webhooksHandlers({ webhooks: [webhook, failing] }) },
      { signedIn: true },
    );
    renderApp(WEBHOOKS_URL);

    const first = await screen.findByRole('article', { name: 'Accounting sync' });
    expect(within(first).getByText('https://hooks.example.com/sheaf')).toBeInTheDocument();
    expect(within(first).getByRole('list', { name: 'Events' })).toHaveTextContent(
      'document:createddocument:deleted',
    );
    expect(within(first).getByText('Never triggered')).toBeInTheDocument();
    expect(within(first).getByRole('switch', { name: 'Enable Accounting sync' })).toBeChecked();
    expect(within(first).getByRole('link', { name: 'Edit Accounting sync' })).toHaveAttribute(
      'href',
      `${WEBHOOKS_URL}/wbh_1`,
    );

    const second = screen.getByRole('article', { name: 'Search index' });
    expect(within(second).getByText('Disabled')).toBeInTheDocument();
    expect(within(second).getByText('Last triggered 3 minutes ago')).toBeInTheDocument();
    expect(within(second).getByText('Last delivery failed')).toBeInTheDocument();
    expect(within(second).getByRole('switch', { name: 'Enable Search index' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Create webhook' })).toBeInTheDocument();
  });

  test('the switch sends only the new enabled state', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...webhooksHandlers({ webhooks: [webhook] }),
        [`PUT ${API_WEBHOOKS}/wbh_1`]: (request: MockRequest) =>
          jsonResponse({ webhook: { ...webhook, ...(request.body as object) } }),
      },
      { signedIn: true },
    );
    renderApp(WEBHOOKS_URL);

    await user.click(await screen.findByRole('switch', { name: 'Enable Accounting sync' }));

    expect(await screen.findByText('Webhook disabled')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ enabled: false });
  });

  test('delete asks for confirmation first', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...webhooksHandlers({ webhooks: [webhook] }),
        [`DELETE ${API_WEBHOOKS}/wbh_1`]: () => new Response(null, { status: 204 }),
      },
      { signedIn: true },
    );
    renderApp(WEBHOOKS_URL);

    await user.click(await screen.findByRole('button', { name: 'Delete Accounting sync' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete this webhook?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Accounting sync' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete this webhook?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Webhook deleted')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(`${API_WEBHOOKS}/wbh_1`);
  });

  test('a load error offers to try again', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        [`GET ${API_WEBHOOKS}`]: () =>
          jsonResponse({ error: { code: 'internal.error', message: 'Boom' } }, { status: 500 }),
      },
      { signedIn: true },
    );
    renderApp(WEBHOOKS_URL);

    expect(await screen.findByText('An error occurred, try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('members do not see the section and are sent to the general settings', async () => {
    mockApi({ ...organizationHandlers({ role: 'member' }), ...webhooksHandlers() }, { signedIn: true });
    const { router } = renderApp(WEBHOOKS_URL);

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/organizations/${ORGANIZATION_ID}/settings`),
    );
    const nav = (await screen.findAllByRole('navigation', { name: 'Organization settings' }))[0];
    expect(within(nav as HTMLElement).getByRole('link', { name: 'General' })).toBeInTheDocument();
    expect(within(nav as HTMLElement).queryByRole('link', { name: 'Webhooks' })).not.toBeInTheDocument();
  });
});
