import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { jsonResponse } from '../../../test/render';

const apiKey = {
  id: 'ak_1',
  name: 'Backup script',
  permissions: ['documents:read'],
  organizationIds: [],
  allOrganizations: false,
  prefix: 'sheaf_abcde',
  expiresAt: null,
  lastUsedAt: null,
  createdAt: '2025-01-02T12:00:00.000Z',
  updatedAt: '2025-01-02T12:00:00.000Z',
};

describe('API keys page', () => {
  test('the empty state offers a create action and no header button', async () => {
    mockApi({ 'GET /api/api-keys': () => jsonResponse({ apiKeys: [] }) }, { signedIn: true });
    renderApp('/api-keys');

    expect(await screen.findByRole('heading', { name: 'No API keys yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create API key' })).toHaveLength(1);
  });

  test('deleting a key asks for confirmation, calls the API and confirms with a toast', async () => {
    const user = userEvent.setup();
    let keys = [apiKey];
    const { calls } = mockApi(
      {
        'GET /api/api-keys': () => jsonResponse({ apiKeys: keys }),
        'DELETE /api/api-keys/ak_1': () => {
          keys = [];
          return new Response(null, { status: 204 });
        },
      },
      { signedIn: true },
    );
    renderApp('/api-keys');

    const card = await screen.findByRole('article', { name: 'Backup script' });
    expect(screen.getByRole('link', { name: 'Create API key' })).toHaveAttribute('href', '/api-keys/create');
    await user.click(within(card).getByRole('button', { name: 'Delete API key Backup script' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this API key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('API key deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'No API keys yet' })).toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/api-keys/ak_1')).toBe(true);
  });
});
