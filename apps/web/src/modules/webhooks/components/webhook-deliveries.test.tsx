import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';
import { API_WEBHOOKS, deliveryFixture, WEBHOOKS_URL, webhookFixture, webhooksHandlers } from '../testing';

const webhook = webhookFixture();
const DELIVERIES_URL = `${WEBHOOKS_URL}/${webhook.id}?tab=deliveries`;

const ok = deliveryFixture();
const failed = deliveryFixture({
  id: 'whd_2',
  eventType: 'document:deleted',
  attempt: 3,
  status: 'failure',
  responseStatus: null,
  durationMs: 10_000,
  error: 'Timed out after 10000 ms',
  responseBody: null,
  createdAt: new Date(Date.now() - 60 * 60_000).toISOString(),
});

function handlers(deliveries = [ok, failed]) {
  return {
    ...organizationHandlers(),
    ...webhooksHandlers({ webhooks: [webhook], deliveries }),
    [`POST ${API_WEBHOOKS}/${webhook.id}/test`]: () =>
      jsonResponse({ messageId: 'msg_test' }, { status: 202 }),
    [`POST ${API_WEBHOOKS}/${webhook.id}/deliveries/whd_2/redeliver`]: () =>
      jsonResponse({ messageId: 'msg_abc' }, { status: 202 }),
  };
}

describe('webhook deliveries tab', () => {
  test('lists the attempts: time, event, attempt, status and duration', async () => {
    mockApi(handlers(), { signedIn: true });
    renderApp(DELIVERIES_URL);

    const table = await screen.findByRole('table', { name: 'Deliveries' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('5 minutes ago');
    expect(first).toHaveTextContent('document:created');
    expect(first).toHaveTextContent('200');
    expect(first).toHaveTextContent('Succeeded');
    expect(first).toHaveTextContent('245 ms');
    expect(second).toHaveTextContent('document:deleted');
    expect(second).toHaveTextContent('3');
    expect(second).toHaveTextContent('No response');
    expect(second).toHaveTextContent('Failed');
    expect(second).toHaveTextContent('10 sec');
    expect(screen.getByRole('tab', { name: 'Deliveries' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a row opens its detail: request body, response, error; Redeliver queues it again', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(handlers(), { signedIn: true });
    renderApp(DELIVERIES_URL);

    await user.click(await screen.findByRole('button', { name: /^Details of document:deleted/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Delivery' });
    expect(within(drawer).getByText('Timed out after 10000 ms')).toBeInTheDocument();
    expect(within(drawer).getByText('msg_abc')).toBeInTheDocument();
    expect(within(drawer).getByRole('region', { name: 'Request body' })).toHaveTextContent(
      '"documentId": "doc_1"',
    );
    expect(within(drawer).getByText('No response was received.')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Redeliver' }));

    expect(await screen.findByText('Redelivery queued')).toBeInTheDocument();
    expect(calls.some((call) => call.path === `${API_WEBHOOKS}/wbh_1/deliveries/whd_2/redeliver`)).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delivery' })).not.toBeInTheDocument());
  });

  test('the response body shows as received', async () => {
    const user = userEvent.setup();
    mockApi(handlers(), { signedIn: true });
    renderApp(DELIVERIES_URL);

    await user.click(await screen.findByRole('button', { name: /^Details of document:created/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Delivery' });
    expect(within(drawer).getByRole('region', { name: 'Response body' })).toHaveTextContent('ok');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('with no deliveries yet, the empty state sends a test event', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(handlers([]), { signedIn: true });
    renderApp(DELIVERIES_URL);

    expect(await screen.findByRole('heading', { name: 'No deliveries yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send test event' }));

    expect(await screen.findByText('Test event queued')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === `${API_WEBHOOKS}/wbh_1/test`)).toBe(
      true,
    );
  });

  test('paginates the log', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 20 }, (_, index) =>
      deliveryFixture({ id: `whd_${index}`, attempt: index + 1 }),
    );
    const { calls } = mockApi(handlers(many), { signedIn: true });
    renderApp(DELIVERIES_URL);

    await screen.findByRole('table', { name: 'Deliveries' });
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));

    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Deliveries' })).getAllByRole('row')).toHaveLength(6),
    );
    expect(calls.at(-1)?.url.searchParams.get('pageIndex')).toBe('1');
  });
});
