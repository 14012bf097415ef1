import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { invitationFixture, organizationFixture, organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';

const joined = organizationFixture({ id: 'org_joined1', name: 'Globex' });

function setup() {
  let invitations = [
    invitationFixture({
      id: 'inv_globex',
      organizationId: joined.id,
      organization: { id: joined.id, name: 'Globex' },
      role: 'admin',
    }),
    invitationFixture({
      id: 'inv_initech',
      organizationId: 'org_initech1',
      organization: { id: 'org_initech1', name: 'Initech' },
    }),
    invitationFixture({
      id: 'inv_old',
      organizationId: 'org_old1',
      organization: { id: 'org_old1', name: 'Old Corp' },
      status: 'expired',
    }),
  ];
  const organizations = [organizationFixture()];
  const api = mockApi(
    {
      ...organizationHandlers({ organizations: [organizationFixture(), joined] }),
      'GET /api/organizations': () => jsonResponse({ organizations }),
      'GET /api/invitations': () => jsonResponse({ invitations }),
      'GET /api/invitations/count': () =>
        jsonResponse({
          pendingInvitationsCount: invitations.filter((item) => item.status === 'pending').length,
        }),
      'POST /api/invitations/inv_globex/accept': () => {
        invitations = invitations.filter((item) => item.id !== 'inv_globex');
        organizations.push(joined);
        return new Response(null, { status: 204 });
      },
      'POST /api/invitations/inv_initech/reject': () => {
        invitations = invitations.map((item) =>
          item.id === 'inv_initech' ? { ...item, status: 'rejected' as const } : item,
        );
        return new Response(null, { status: 204 });
      },
    },
    { signedIn: true },
  );
  return { ...api, ...renderApp('/invitations') };
}

describe('received invitations', () => {
  test('pending invitations offer accept and reject; others only show their status', async () => {
    setup();

    const globex = await screen.findByRole('listitem', { name: 'Globex' });
    expect(within(globex).getByText('Pending')).toBeInTheDocument();
    expect(within(globex).getByText(/Role: Admin/)).toBeInTheDocument();
    expect(within(globex).getByRole('button', { name: 'Accept invitation to Globex' })).toBeInTheDocument();
    expect(within(globex).getByRole('button', { name: 'Reject invitation to Globex' })).toBeInTheDocument();

    const old = screen.getByRole('listitem', { name: 'Old Corp' });
    expect(within(old).getByText('Expired')).toBeInTheDocument();
    expect(within(old).queryByRole('button')).not.toBeInTheDocument();
  });

  test('rejecting updates the list', async () => {
    const user = userEvent.setup();
    setup();

    const initech = await screen.findByRole('listitem', { name: 'Initech' });
    await user.click(within(initech).getByRole('button', { name: 'Reject invitation to Initech' }));

    expect(await screen.findByText('Invitation to Initech rejected.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'Initech' })).getByText('Rejected'),
      ).toBeInTheDocument(),
    );
  });

  test('accepting opens the organization joined', async () => {
    const user = userEvent.setup();
    const { router, calls } = setup();

    const globex = await screen.findByRole('listitem', { name: 'Globex' });
    await user.click(within(globex).getByRole('button', { name: 'Accept invitation to Globex' }));

    expect(await screen.findByText('You joined Globex.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Globex' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/organizations/org_joined1');
    expect(
      calls.some((call) => call.method === 'POST' && call.path === '/api/invitations/inv_globex/accept'),
    ).toBe(true);
  });
});

describe('user menu invitations badge', () => {
  test('the invitations entry shows the pending count when above 0', async () => {
    const user = userEvent.setup();
    mockApi(organizationHandlers({ pendingInvitationsCount: 2 }), { signedIn: true });
    renderApp('/organizations');

    await screen.findByRole('heading', { level: 1, name: 'Organizations' });
    // The trigger's dot is decorative: its name tells screen readers about the invitations.
    await user.click(await screen.findByRole('button', { name: 'User menu, 2 pending invitations' }));
    const entry = await screen.findByRole('menuitem', { name: /Invitations/ });
    await waitFor(() => expect(entry).toHaveAccessibleName('Invitations (2 pending)'));
    expect(within(entry).getByTestId('pending-invitations-badge')).toHaveTextContent('2');
  });

  test('no badge is shown without pending invitations', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(organizationHandlers({ pendingInvitationsCount: 0 }), { signedIn: true });
    renderApp('/organizations');

    await screen.findByRole('heading', { level: 1, name: 'Organizations' });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/invitations/count')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Invitations' })).toBeInTheDocument();
    expect(screen.queryByTestId('pending-invitations-badge')).not.toBeInTheDocument();
  });
});
