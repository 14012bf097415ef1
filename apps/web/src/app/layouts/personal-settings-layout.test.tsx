import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { setLastOrganizationId } from '../../modules/organizations/last-organization';
import { mockApi, renderApp } from '../../test/app';
import { ORGANIZATION_ID, organizationFixture, organizationHandlers } from '../../test/organizations';
import { jsonResponse } from '../../test/render';

const me = {
  id: 'usr_1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  emailVerified: true,
  locale: 'en',
  roles: [],
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

function mockSettings(handlers: ReturnType<typeof organizationHandlers>) {
  return mockApi(
    {
      ...handlers,
      'GET /api/users/me': () => jsonResponse({ user: me }),
      'GET /api/auth/list-accounts': () => jsonResponse([]),
      'GET /api/auth/list-sessions': () => jsonResponse([]),
    },
    { signedIn: true },
  );
}

afterEach(() => window.localStorage.clear());

describe('personal settings: the way back', () => {
  test('links back to the organization last opened, which the link opens', async () => {
    const user = userEvent.setup();
    setLastOrganizationId(ORGANIZATION_ID);
    mockSettings(organizationHandlers());
    const { router } = renderApp('/settings');

    const back = await screen.findByRole('link', { name: 'Back to Acme Archive' });
    expect(back).toHaveAttribute('href', `/organizations/${ORGANIZATION_ID}`);
    await user.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/organizations/${ORGANIZATION_ID}`));
  });

  test('links to the organizations list when the last one is unknown or no longer theirs', async () => {
    setLastOrganizationId('org_gone');
    mockSettings(
      organizationHandlers({ organizations: [organizationFixture({ id: 'org_other', name: 'Other' })] }),
    );
    renderApp('/api-keys');

    expect(await screen.findByRole('link', { name: 'Back to your organizations' })).toHaveAttribute(
      'href',
      '/organizations',
    );
    expect(screen.queryByRole('link', { name: /Back to Other/ })).not.toBeInTheDocument();
  });

  test('shows no way back to a user without any organization', async () => {
    const { calls } = mockSettings(organizationHandlers({ organizations: [] }));
    renderApp('/settings');

    expect(await screen.findByRole('navigation', { name: 'Personal settings' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/organizations')).toBe(true));
    await screen.findByRole('link', { name: 'Account' });
    expect(screen.queryByRole('link', { name: /^Back to/ })).not.toBeInTheDocument();
  });
});
