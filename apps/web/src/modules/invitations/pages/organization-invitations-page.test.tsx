import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { invitationFixture, ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';

const API_INVITATIONS = `/api/organizations/${ORGANIZATION_ID}/members/invitations`;

function setup() {
  const invitations = [
    invitationFixture({ id: 'inv_pending', email: 'pending@example.com', status: 'pending' }),
    invitationFixture({
      id: 'inv_rejected',
      email: 'rejected@example.com',
      status: 'rejected',
      role: 'admin',
    }),
    invitationFixture({ id: 'inv_expired', email: 'expired@example.com', status: 'expired' }),
    invitationFixture({ id: 'inv_cancelled', email: 'cancelled@example.com', status: 'cancelled' }),
  ];
  const api = mockApi(
    {
      ...organizationHandlers(),
      [`GET ${API_INVITATIONS}`]: () => jsonResponse({ invitations }),
      'POST /api/invitations/inv_pending/cancel': () => new Response(null, { status: 204 }),
      'POST /api/invitations/inv_rejected/resend': () => new Response(null, { status: 204 }),
    },
    { signedIn: true },
  );
  renderApp(`/organizations/${ORGANIZATION_ID}/invitations`);
  return api;
}

async function row(email: string) {
  const table = await screen.findByRole('table', { name: 'Organization invitations' });
  return within(table).getByRole('row', { name: new RegExp(email) });
}

describe('organization invitations list', () => {
  test('each invitation shows its status; pending ones can be cancelled, the others resent', async () => {
    setup();

    const pending = await row('pending@example.com');
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(
      within(pending).getByRole('button', { name: 'Cancel invitation for pending@example.com' }),
    ).toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();

    for (const [email, status] of [
      ['rejected@example.com', 'Rejected'],
      ['expired@example.com', 'Expired'],
      ['cancelled@example.com', 'Cancelled'],
    ] as const) {
      const item = await row(email);
      expect(within(item).getByText(status)).toBeInTheDocument();
      expect(within(item).getByRole('button', { name: `Resend invitation to ${email}` })).toBeInTheDocument();
      expect(within(item).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    }
  });

  test('cancelling and resending ask for confirmation first', async () => {
    const user = userEvent.setup();
    const { calls } = setup();

    await user.click(
      within(await row('pending@example.com')).getByRole('button', {
        name: 'Cancel invitation for pending@example.com',
      }),
    );
    let dialog = await screen.findByRole('alertdialog', { name: 'Cancel this invitation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((call) => call.path.endsWith('/cancel'))).toBe(false);

    await user.click(
      within(await row('pending@example.com')).getByRole('button', {
        name: 'Cancel invitation for pending@example.com',
      }),
    );
    dialog = await screen.findByRole('alertdialog', { name: 'Cancel this invitation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }));
    expect(await screen.findByText('Invitation for pending@example.com cancelled.')).toBeInTheDocument();

    await user.click(
      within(await row('rejected@example.com')).getByRole('button', {
        name: 'Resend invitation to rejected@example.com',
      }),
    );
    dialog = await screen.findByRole('alertdialog', { name: 'Resend this invitation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Invitation sent again to rejected@example.com.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/invitations/inv_pending/cancel',
      '/api/invitations/inv_rejected/resend',
    ]);
  });
});
