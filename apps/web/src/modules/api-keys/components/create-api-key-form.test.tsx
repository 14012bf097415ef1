import { API_KEY_PERMISSIONS } from '@sheaf/contracts/permissions';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { organizationFixture, organizationHandlers } from '../../../test/organizations';
import { createTestI18n, jsonResponse } from '../../../test/render';

const TOKEN = `sheaf_${'a'.repeat(64)}`;

const organizations = [
  organizationFixture({ id: 'org_acmeacmeacmeacmeacmeacme', name: 'Acme' }),
  organizationFixture({ id: 'org_betabetabetabetabetabet', name: 'Beta' }),
];

function mockCreate() {
  return mockApi(
    {
      ...organizationHandlers({ organizations }),
      'POST /api/api-keys': ({ body }) =>
        jsonResponse(
          {
            apiKey: {
              id: 'ak_1',
              ...(body as object),
              prefix: TOKEN.slice(0, 11),
              lastUsedAt: null,
              createdAt: '2025-03-04T10:00:00.000Z',
              updatedAt: '2025-03-04T10:00:00.000Z',
            },
            token: TOKEN,
          },
          { status: 201 },
        ),
    },
    { signedIn: true },
  );
}

function permissionBoxes() {
  return API_KEY_PERMISSIONS.map((permission) => {
    const [section, action] = permission.split(':');
    const label = `${action?.charAt(0).toUpperCase()}${action?.slice(1)} ${section}`;
    return screen.getByRole('checkbox', { name: label });
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('API key creation form', () => {
  test('every permission is preselected', async () => {
    mockCreate();
    renderApp('/api-keys/create');

    await screen.findByRole('textbox', { name: 'Name' });
    const boxes = permissionBoxes();
    expect(boxes).toHaveLength(API_KEY_PERMISSIONS.length);
    for (const box of boxes) {
      expect(box).toBeChecked();
    }
    expect(screen.getByRole('button', { name: 'Select all' })).toBeDisabled();
  });

  test('a section checkbox toggles its whole section and shows a mixed state', async () => {
    const user = userEvent.setup();
    mockCreate();
    renderApp('/api-keys/create');

    const documents = await screen.findByRole('checkbox', { name: 'Documents' });
    expect(documents).toBeChecked();

    await user.click(documents);
    expect(documents).not.toBeChecked();
    for (const action of ['Create', 'Read', 'Update', 'Delete']) {
      expect(screen.getByRole('checkbox', { name: `${action} documents` })).not.toBeChecked();
    }
    expect(screen.getByRole('checkbox', { name: 'Read tags' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Read documents' }));
    expect(documents).toHaveAttribute('aria-checked', 'mixed');

    await user.click(documents);
    expect(documents).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Delete documents' })).toBeChecked();
  });

  test('Deselect all clears every permission, Select all selects them again', async () => {
    const user = userEvent.setup();
    mockCreate();
    renderApp('/api-keys/create');

    await user.click(await screen.findByRole('button', { name: 'Deselect all' }));
    for (const box of permissionBoxes()) {
      expect(box).not.toBeChecked();
    }
    expect(screen.getByRole('button', { name: 'Deselect all' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Select all' }));
    for (const box of permissionBoxes()) {
      expect(box).toBeChecked();
    }
  });

  test('a name and at least one permission are required', async () => {
    const user = userEvent.setup();
    const { calls } = mockCreate();
    renderApp('/api-keys/create');

    await user.click(await screen.findByRole('button', { name: 'Deselect all' }));
    await user.click(screen.getByRole('button', { name: 'Create API key' }));

    expect(await screen.findByText('Enter a name for the API key.')).toBeInTheDocument();
    expect(screen.getByText('Select at least one permission.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/api-keys')).toBe(false);
  });

  test('after creation the form is replaced by the one-time token with a copy button and a back link', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const { calls } = mockCreate();
    renderApp('/api-keys/create');

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), '  Backup script ');
    await user.click(screen.getByRole('checkbox', { name: 'Tags' }));
    await user.click(screen.getByRole('button', { name: 'Create API key' }));

    const token = await screen.findByRole('textbox', { name: 'Your API key' });
    expect(token).toHaveValue(TOKEN);
    expect(token).toHaveAttribute('readonly');
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(screen.getByText('API key created')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to API keys' })).toHaveAttribute('href', '/api-keys');
    expect(calls.find((call) => call.path === '/api/api-keys')?.body).toEqual({
      name: 'Backup script',
      permissions: API_KEY_PERMISSIONS.filter((permission) => !permission.startsWith('tags:')),
      organizationIds: [],
      allOrganizations: true,
      expiresAt: null,
    });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith(TOKEN);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  test("a key acts in all of the user's organizations unless some are chosen, and then needs one", async () => {
    const user = userEvent.setup();
    const { calls } = mockCreate();
    renderApp('/api-keys/create');

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Only Beta');
    expect(screen.getByRole('radio', { name: 'All my organizations' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Only these organizations' }));
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    expect(await screen.findByText('Select at least one organization.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/api-keys')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Beta' }));
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    await screen.findByRole('textbox', { name: 'Your API key' });
    expect(calls.find((call) => call.path === '/api/api-keys')?.body).toMatchObject({
      organizationIds: ['org_betabetabetabetabetabet'],
      allOrganizations: false,
    });
  });

  test('a key refused for lack of a second factor says so, with a link to set one up', async () => {
    const user = userEvent.setup();
    mockApi(
      {
        ...organizationHandlers({ organizations }),
        'POST /api/api-keys': () =>
          jsonResponse(
            { error: { code: 'organization.two_factor_required', message: 'Set up a second factor.' } },
            { status: 403 },
          ),
      },
      { signedIn: true },
    );
    renderApp('/api-keys/create');

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Backup script');
    await user.click(screen.getByRole('button', { name: 'Create API key' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(createTestI18n().t('api-errors.organization.two_factor_required'));
    expect(within(alert).getByRole('link', { name: 'Set up two-factor sign-in' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Backup script');
  });

  test('other refusals show their message without the link', async () => {
    const user = userEvent.setup();
    mockApi(
      {
        ...organizationHandlers({ organizations }),
        'POST /api/api-keys': () =>
          jsonResponse({ error: { code: 'auth.forbidden', message: 'Forbidden' } }, { status: 403 }),
      },
      { signedIn: true },
    );
    renderApp('/api-keys/create');

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Backup script');
    await user.click(screen.getByRole('button', { name: 'Create API key' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(createTestI18n().t('api-errors.auth.forbidden'));
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
  });

  test('an expiry choice is sent as a date', async () => {
    const user = userEvent.setup();
    const { calls } = mockCreate();
    renderApp('/api-keys/create');

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'CI');
    await user.click(screen.getByRole('combobox', { name: 'Expiration' }));
    await user.click(await screen.findByRole('option', { name: 'In 30 days' }));
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    await screen.findByRole('textbox', { name: 'Your API key' });

    const body = calls.find((call) => call.path === '/api/api-keys')?.body as { expiresAt: string };
    const expiresAt = body.expiresAt;
    const days = (new Date(expiresAt).getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(within(document.body).queryByRole('listbox')).not.toBeInTheDocument();
  });
});
