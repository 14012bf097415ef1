import type { MemberRole } from '@sheaf/contracts/permissions';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import {
  memberFixture,
  ORGANIZATION_ID,
  organizationFixture,
  organizationHandlers,
} from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';

const owner = memberFixture({
  id: 'mem_owner',
  role: 'owner',
  name: 'Olivia Owner',
  email: 'olivia@example.com',
});
const admin = memberFixture({
  id: 'mem_admin',
  role: 'admin',
  name: 'Alan Admin',
  email: 'alan@example.com',
});
const member = memberFixture({
  id: 'mem_member',
  role: 'member',
  name: 'Mia Member',
  email: 'mia@example.com',
});

const MEMBERS_PATH = `/organizations/${ORGANIZATION_ID}/members`;
const API_MEMBERS = `/api/organizations/${ORGANIZATION_ID}/members`;

/** Ada (the signed-in user) has `role`; the others are listed only when their role differs from hers. */
function renderMembers(role: MemberRole, extra: ReturnType<typeof organizationHandlers> = {}) {
  const others = [owner, admin, member].filter((item) => !(role === 'owner' && item.role === 'owner'));
  const api = mockApi({ ...organizationHandlers({ role, members: others }), ...extra }, { signedIn: true });
  const view = renderApp(MEMBERS_PATH);
  return { ...api, ...view };
}

async function findRow(name: string) {
  const table = await screen.findByRole('table', { name: 'Organization members' });
  return within(table).getByRole('row', { name: new RegExp(name) });
}

async function roleOptions(user: ReturnType<typeof userEvent.setup>, name: string) {
  const row = await findRow(name);
  await user.click(within(row).getByRole('button', { name: `Change role of ${name}` }));
  const menu = await screen.findByRole('menu');
  const options = within(menu).getAllByRole('menuitemradio');
  const state = Object.fromEntries(
    options.map((option) => [option.textContent, option.getAttribute('aria-disabled') === 'true']),
  );
  await user.keyboard('{Escape}');
  return state;
}

/** A role button that cannot open: aria-disabled, opening no menu, with its reason as description and tooltip. */
async function expectLockedRole(
  user: ReturnType<typeof userEvent.setup>,
  name: string,
  reason: string,
  { tooltip = true } = {},
) {
  const row = await findRow(name);
  const trigger = within(row).getByRole('button', { name: `Change role of ${name}` });
  expect(trigger).toHaveAttribute('aria-disabled', 'true');
  expect(trigger).toHaveAccessibleDescription(reason);
  await user.click(trigger);
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  if (!tooltip) return;
  await user.hover(trigger);
  await waitFor(() =>
    expect(screen.getAllByRole('tooltip').map((tooltip) => tooltip.textContent)).toContain(reason),
  );
  await user.unhover(trigger);
}

describe('members page: role menu', () => {
  test('an owner can set admin or member on others, never owner, and their own role menu is disabled with a tooltip', async () => {
    const user = userEvent.setup();
    renderMembers('owner');

    expect(await roleOptions(user, 'Alan Admin')).toEqual({ Owner: true, Admin: false, Member: false });
    expect(await roleOptions(user, 'Mia Member')).toEqual({ Owner: true, Admin: false, Member: false });
    await expectLockedRole(user, 'Ada Lovelace', "The owner's role cannot be changed.");
  });

  test('an admin cannot change the owner but can change admins and members', async () => {
    const user = userEvent.setup();
    renderMembers('admin');

    await expectLockedRole(user, 'Olivia Owner', "The owner's role cannot be changed.");
    expect(await roleOptions(user, 'Mia Member')).toEqual({ Owner: true, Admin: false, Member: false });
  });

  test('a member sees every role menu disabled, with the reason', async () => {
    const user = userEvent.setup();
    renderMembers('member');

    await expectLockedRole(user, 'Olivia Owner', "The owner's role cannot be changed.");
    // (jsdom keeps the first tooltip: the second reason is checked as the description only.)
    await expectLockedRole(user, 'Alan Admin', 'Only owners and admins can change roles.', {
      tooltip: false,
    });
  });

  test('choosing a role sends it, and a refusal shows the role update error toast', async () => {
    const user = userEvent.setup();
    const { calls } = renderMembers('owner', {
      [`PATCH ${API_MEMBERS}/mem_member`]: () =>
        jsonResponse({ error: { code: 'auth.forbidden', message: 'Forbidden' } }, { status: 403 }),
    });

    const row = await findRow('Mia Member');
    await user.click(within(row).getByRole('button', { name: 'Change role of Mia Member' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Admin' }));

    expect(await screen.findByText("Failed to update the member's role")).toBeInTheDocument();
    expect(screen.getByText('You are not allowed to do this.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ role: 'admin' });
  });
});

describe('members page: remove and leave', () => {
  test('an owner can remove admins and members but not themselves', async () => {
    renderMembers('owner');

    expect(
      within(await findRow('Alan Admin')).getByRole('button', { name: 'Remove Alan Admin' }),
    ).toBeInTheDocument();
    expect(
      within(await findRow('Mia Member')).getByRole('button', { name: 'Remove Mia Member' }),
    ).toBeInTheDocument();
    const self = await findRow('Ada Lovelace');
    expect(within(self).queryByRole('button', { name: /Remove|Leave/ })).not.toBeInTheDocument();
  });

  test('an admin can remove others except the owner, and leave', async () => {
    renderMembers('admin');

    expect(
      within(await findRow('Olivia Owner')).queryByRole('button', { name: /Remove/ }),
    ).not.toBeInTheDocument();
    expect(
      within(await findRow('Mia Member')).getByRole('button', { name: 'Remove Mia Member' }),
    ).toBeInTheDocument();
    expect(
      within(await findRow('Ada Lovelace')).getByRole('button', { name: 'Leave organization' }),
    ).toBeInTheDocument();
  });

  test('a member can only leave', async () => {
    renderMembers('member');

    for (const name of ['Olivia Owner', 'Alan Admin', 'Mia Member']) {
      expect(
        within(await findRow(name)).queryByRole('button', { name: /Remove|Leave/ }),
      ).not.toBeInTheDocument();
    }
    expect(
      within(await findRow('Ada Lovelace')).getByRole('button', { name: 'Leave organization' }),
    ).toBeInTheDocument();
  });

  test('removing a member asks for confirmation, then calls the API', async () => {
    const user = userEvent.setup();
    const { calls } = renderMembers('owner', {
      [`DELETE ${API_MEMBERS}/mem_member`]: () => new Response(null, { status: 204 }),
    });

    await user.click(within(await findRow('Mia Member')).getByRole('button', { name: 'Remove Mia Member' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this member?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));

    expect(await screen.findByText('Mia Member has been removed.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === `${API_MEMBERS}/mem_member`)).toBe(
      true,
    );
  });

  test('leaving asks for confirmation and goes back to /', async () => {
    const user = userEvent.setup();
    const { router } = renderMembers('member', {
      [`DELETE ${API_MEMBERS}/mem_me`]: () => new Response(null, { status: 204 }),
    });

    await user.click(
      within(await findRow('Ada Lovelace')).getByRole('button', { name: 'Leave organization' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave this organization?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));

    await waitFor(() => expect(router.state.location.pathname).not.toBe(MEMBERS_PATH));
  });
});

describe('members page: invite button', () => {
  test('owners and admins get an invite link and a link to the invitations list', async () => {
    renderMembers('admin');

    expect(await screen.findByRole('link', { name: 'Invite member' })).toHaveAttribute(
      'href',
      `/organizations/${ORGANIZATION_ID}/invite`,
    );
    expect(screen.getByRole('link', { name: 'Invitations' })).toHaveAttribute(
      'href',
      `/organizations/${ORGANIZATION_ID}/invitations`,
    );
  });

  test('a member sees a disabled invite button with a tooltip and no invitations link', async () => {
    const user = userEvent.setup();
    const { router } = renderMembers('member');

    const button = await screen.findByRole('button', { name: 'Invite member' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('Only owners and admins can invite members.');
    expect(screen.queryByRole('link', { name: 'Invitations' })).not.toBeInTheDocument();

    await user.click(button);
    expect(router.state.location.pathname).toBe(MEMBERS_PATH);

    act(() => button.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Only owners and admins can invite members.',
    );
  });

  test('a member opening the invite form is sent back to the members page', async () => {
    mockApi(organizationHandlers({ role: 'member' }), { signedIn: true });
    const { router } = renderApp(`/organizations/${ORGANIZATION_ID}/invite`);

    await waitFor(() => expect(router.state.location.pathname).toBe(MEMBERS_PATH));
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});

describe('members page: second factor', () => {
  /** Alan has two-factor sign-in; Ada (the viewer) and Mia have none. */
  function renderSecondFactors(role: MemberRole, requiresTwoFactor: boolean) {
    mockApi(
      organizationHandlers({
        role,
        organizations: [organizationFixture({ requiresTwoFactor })],
        members: [{ ...admin, hasSecondFactor: true }, member],
      }),
      { signedIn: true },
    );
    renderApp(MEMBERS_PATH);
  }

  test('members with two-factor sign-in or a passkey carry a 2FA badge that says so', async () => {
    renderSecondFactors('member', false);

    const alan = await findRow('Alan Admin');
    expect(within(alan).getByText('Has two-factor sign-in')).toHaveClass('sr-only');
    expect(within(alan).getByText('2FA')).toHaveAttribute('aria-hidden', 'true');
    expect(within(await findRow('Mia Member')).queryByText('Has two-factor sign-in')).not.toBeInTheDocument();
    expect(screen.queryByText('No second factor')).not.toBeInTheDocument();
  });

  test('while the organization requires one, owners and admins see who has none', async () => {
    renderSecondFactors('admin', true);

    expect(within(await findRow('Mia Member')).getByText('No second factor')).toBeInTheDocument();
    expect(within(await findRow('Alan Admin')).queryByText('No second factor')).not.toBeInTheDocument();
  });

  test('members are not shown who lacks one, even while it is required', async () => {
    renderSecondFactors('member', true);

    await findRow('Mia Member');
    expect(screen.queryByText('No second factor')).not.toBeInTheDocument();
  });
});
