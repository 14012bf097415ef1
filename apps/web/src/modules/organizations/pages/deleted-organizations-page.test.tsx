import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { organizationFixture, organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';
import { getDaysRemaining } from '../purge';

const DAY = 24 * 60 * 60 * 1000;

describe('days remaining', () => {
  test('counts calendar days until the purge and never goes below 0', () => {
    const now = new Date('2025-03-01T10:00:00.000Z');
    expect(getDaysRemaining('2025-03-31T10:00:00.000Z', now)).toBe(30);
    expect(getDaysRemaining('2025-03-02T09:00:00.000Z', now)).toBe(1);
    expect(getDaysRemaining('2025-02-20T10:00:00.000Z', now)).toBe(0);
  });
});

describe('deleted organizations page', () => {
  test('lists deletion date, purge date and days remaining, and restores after confirmation', async () => {
    const user = userEvent.setup();
    const now = Date.now();
    let deleted = [
      organizationFixture({
        id: 'org_gone1',
        name: 'Gone Corp',
        deletedAt: new Date(now - 18 * DAY).toISOString(),
        scheduledPurgeAt: new Date(now + 12 * DAY).toISOString(),
      }),
    ];
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        'GET /api/organizations/deleted': () => jsonResponse({ organizations: deleted }),
        'POST /api/organizations/org_gone1/restore': () => {
          deleted = [];
          return new Response(null, { status: 204 });
        },
      },
      { signedIn: true },
    );
    renderApp('/organizations/deleted');

    const item = await screen.findByRole('listitem', { name: 'Gone Corp' });
    expect(within(item).getByText('Days remaining: 12')).toBeInTheDocument();
    expect(within(item).getByText(/Deleted on/)).toBeInTheDocument();
    expect(within(item).getByText(/Permanently deleted on/)).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Restore Gone Corp' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore this organization?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));

    expect(await screen.findByText('Gone Corp has been restored.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'No deleted organizations' })).toBeInTheDocument(),
    );
    expect(calls.some((call) => call.path === '/api/organizations/org_gone1/restore')).toBe(true);
  });

  test('the organizations page menu links to the deleted organizations', async () => {
    const user = userEvent.setup();
    mockApi(
      {
        ...organizationHandlers(),
        'GET /api/organizations/deleted': () => jsonResponse({ organizations: [] }),
      },
      { signedIn: true },
    );
    const { router } = renderApp('/organizations');

    expect(await screen.findByRole('link', { name: 'Create organization' })).toHaveAttribute(
      'href',
      '/organizations/create',
    );
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deleted organizations' }));

    expect(await screen.findByRole('heading', { name: 'No deleted organizations' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/organizations/deleted');
  });
});
