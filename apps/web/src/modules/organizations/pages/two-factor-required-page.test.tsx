import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { ORGANIZATION_ID, organizationFixture, organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';
import { LAST_ORGANIZATION_STORAGE_KEY } from '../last-organization';

const REQUIRED_PATH = `/organizations/${ORGANIZATION_ID}/two-factor-required`;

/** The organization is listed (the list is not its route) but its own routes refuse the user. */
function mockRefusingOrganization() {
  return mockApi(
    {
      ...organizationHandlers({ organizations: [organizationFixture({ requiresTwoFactor: true })] }),
      [`GET /api/organizations/${ORGANIZATION_ID}`]: () =>
        jsonResponse(
          { error: { code: 'organization.two_factor_required', message: 'Set up a second factor.' } },
          { status: 403 },
        ),
    },
    { signedIn: true },
  );
}

describe('an organization that requires a second factor the user does not have', () => {
  test('opening its documents directly shows the explanation, with links to set one up and back to the list', async () => {
    window.localStorage.setItem(LAST_ORGANIZATION_STORAGE_KEY, ORGANIZATION_ID);
    mockRefusingOrganization();
    const { router } = renderApp(`/organizations/${ORGANIZATION_ID}/documents`);

    // Lazy pages on first render: allow for a busy machine.
    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: 'Two-factor sign-in required' },
      { timeout: 10_000 },
    );
    const main = screen.getByRole('main');
    expect(main).toContainElement(heading);
    expect(router.state.location.pathname).toBe(REQUIRED_PATH);
    expect(
      await within(main).findByText(/^Acme Archive requires its members to sign in with a second factor/),
    ).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Set up two-factor sign-in' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(within(main).getByRole('link', { name: 'Back to organizations' })).toHaveAttribute(
      'href',
      '/organizations',
    );
    // Still the user's organization: / brings them back here once they have a second factor.
    expect(window.localStorage.getItem(LAST_ORGANIZATION_STORAGE_KEY)).toBe(ORGANIZATION_ID);
  });

  test('other 403 answers still send the user away', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        [`GET /api/organizations/${ORGANIZATION_ID}`]: () =>
          jsonResponse({ error: { code: 'auth.forbidden', message: 'Forbidden' } }, { status: 403 }),
      },
      { signedIn: true },
    );
    const { router } = renderApp(`/organizations/${ORGANIZATION_ID}/documents`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations'));
    expect(screen.queryByRole('heading', { name: 'Two-factor sign-in required' })).not.toBeInTheDocument();
  });
});
