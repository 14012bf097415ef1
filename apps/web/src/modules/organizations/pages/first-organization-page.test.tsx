import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp, sessionFixture } from '../../../test/app';
import { organizationFixture, organizationHandlers } from '../../../test/organizations';
import { createTestI18n, jsonResponse } from '../../../test/render';
import { getFirstOrganizationName } from './first-organization-page';

const t = createTestI18n().t;

describe('first organization name', () => {
  test('the name is built from the user name', () => {
    expect(getFirstOrganizationName('Ada Lovelace', t)).toBe("Ada Lovelace's organization");
  });

  test('without a user name, or with one too long for the rule, the default is used', () => {
    expect(getFirstOrganizationName('', t)).toBe('My organization');
    expect(getFirstOrganizationName('   ', t)).toBe('My organization');
    expect(getFirstOrganizationName(undefined, t)).toBe('My organization');
    expect(getFirstOrganizationName('A'.repeat(45), t)).toBe('My organization');
  });
});

describe('first organization page', () => {
  test('the name field is prefilled from the user name and creating opens the new organization', async () => {
    const user = userEvent.setup();
    const created = organizationFixture({ id: 'org_new1', name: "Ada Lovelace's organization" });
    const organizations: ReturnType<typeof organizationFixture>[] = [];
    const { calls } = mockApi(
      {
        ...organizationHandlers({ organizations: [created] }),
        'GET /api/organizations': () => jsonResponse({ organizations }),
        'POST /api/organizations': () => {
          organizations.push(created);
          return jsonResponse({ organization: created }, { status: 201 });
        },
      },
      { signedIn: true },
    );
    const { router } = renderApp('/organizations/first');

    const name = await screen.findByRole('textbox', { name: 'Organization name' });
    expect(name).toHaveValue("Ada Lovelace's organization");
    await user.click(screen.getByRole('button', { name: 'Create organization' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: "Ada Lovelace's organization" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/organizations/org_new1');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: "Ada Lovelace's organization",
    });
  });

  test('a user without a name gets the default name', async () => {
    mockApi(
      {
        ...organizationHandlers({ organizations: [] }),
        'GET /api/auth/get-session': () =>
          jsonResponse({ ...sessionFixture, user: { ...sessionFixture.user, name: '' } }),
      },
      { signedIn: true },
    );
    renderApp('/organizations/first');

    expect(await screen.findByRole('textbox', { name: 'Organization name' })).toHaveValue('My organization');
  });

  test('a user who already has organizations is sent to the create form', async () => {
    mockApi(organizationHandlers(), { signedIn: true });
    const { router } = renderApp('/organizations/first');

    expect(await screen.findByRole('heading', { name: 'Create an organization' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/organizations/create');
    expect(screen.getByRole('link', { name: 'Back to organizations' })).toHaveAttribute(
      'href',
      '/organizations',
    );
  });

  test('the organizations list is shown with a create card and redirects to the first form when empty', async () => {
    mockApi(organizationHandlers({ organizations: [] }), { signedIn: true });
    const { router } = renderApp('/organizations');

    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations/first'));
  });
});
