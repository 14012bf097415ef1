import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../test/app';
import {
  invitationFixture,
  ORGANIZATION_ID,
  organizationFixture,
  organizationHandlers,
} from '../../test/organizations';
import { jsonResponse } from '../../test/render';
import { LAST_ORGANIZATION_STORAGE_KEY, resolveHomeRedirect } from './last-organization';

const second = organizationFixture({ id: 'org_second1', name: 'Second Org' });

describe('home redirect rule', () => {
  test('the last used organization wins when it is still in the list', () => {
    expect(resolveHomeRedirect([organizationFixture(), second], 'org_second1')).toEqual({
      to: '/organizations/$organizationId',
      params: { organizationId: 'org_second1' },
    });
  });

  test('a remembered organization that is no longer in the list falls back to the list', () => {
    expect(resolveHomeRedirect([organizationFixture()], 'org_gone')).toEqual({ to: '/organizations' });
  });

  test('without any organization the user goes to the first-organization form', () => {
    expect(resolveHomeRedirect([], 'org_gone')).toEqual({ to: '/organizations/first' });
    expect(resolveHomeRedirect([], null)).toEqual({ to: '/organizations/first' });
  });
});

describe('/ redirect', () => {
  test('/ opens the last used organization remembered in local storage', async () => {
    window.localStorage.setItem(LAST_ORGANIZATION_STORAGE_KEY, 'org_second1');
    mockApi(organizationHandlers({ organizations: [organizationFixture(), second] }), { signedIn: true });
    const { router } = renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Second Org' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/organizations/org_second1');
  });

  test('/ goes to the organizations list when the remembered one is gone', async () => {
    window.localStorage.setItem(LAST_ORGANIZATION_STORAGE_KEY, 'org_deleted1');
    mockApi(organizationHandlers(), { signedIn: true });
    const { router } = renderApp('/');

    expect(await screen.findByRole('link', { name: /Acme Archive/ })).toHaveAttribute(
      'href',
      `/organizations/${ORGANIZATION_ID}`,
    );
    expect(router.state.location.pathname).toBe('/organizations');
  });

  test('/ goes to the first-organization form when the user has no organization', async () => {
    mockApi(organizationHandlers({ organizations: [] }), { signedIn: true });
    const { router } = renderApp('/');

    expect(
      await screen.findByRole('heading', { name: 'Create your first organization' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/organizations/first');
  });

  test('/ shows the pending invitations of a user invited before they had an account, not the first-organization form', async () => {
    mockApi(
      {
        ...organizationHandlers({ organizations: [], pendingInvitationsCount: 1 }),
        'GET /api/invitations': () => jsonResponse({ invitations: [invitationFixture()] }),
      },
      { signedIn: true },
    );
    const { router } = renderApp('/');

    await waitFor(() => expect(router.state.location.pathname).toBe('/invitations'));
    expect(await screen.findByText('Acme Archive')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Create your first organization' })).not.toBeInTheDocument();
  });

  test('opening an organization remembers it as the last used one', async () => {
    mockApi(organizationHandlers(), { signedIn: true });
    renderApp(`/organizations/${ORGANIZATION_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Archive' })).toBeInTheDocument();
    expect(window.localStorage.getItem(LAST_ORGANIZATION_STORAGE_KEY)).toBe(ORGANIZATION_ID);
  });
});

describe('organization load errors', () => {
  test('a 403 on the organization sends the user to / and forgets it', async () => {
    window.localStorage.setItem(LAST_ORGANIZATION_STORAGE_KEY, 'org_other1');
    mockApi(
      {
        ...organizationHandlers(),
        'GET /api/organizations/org_other1': () =>
          jsonResponse({ error: { code: 'auth.forbidden', message: 'Forbidden' } }, { status: 403 }),
      },
      { signedIn: true },
    );
    const { router } = renderApp('/organizations/org_other1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations'));
    expect(window.localStorage.getItem(LAST_ORGANIZATION_STORAGE_KEY)).toBeNull();
  });

  test('a 401 on the organization sends the user to /login', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        [`GET /api/organizations/${ORGANIZATION_ID}`]: () =>
          jsonResponse({ error: { code: 'auth.unauthorized', message: 'No session' } }, { status: 401 }),
      },
      { signedIn: true },
    );
    const { router } = renderApp(`/organizations/${ORGANIZATION_ID}/members`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
