import type { MemberDto } from '@sheaf/contracts/members';
import type { MemberRole } from '@sheaf/contracts/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { type MockRequest, mockApi, renderApp } from '../../../test/app';
import {
  memberFixture,
  ORGANIZATION_ID,
  organizationFixture,
  organizationHandlers,
} from '../../../test/organizations';
import { createTestI18n, jsonResponse } from '../../../test/render';

const API_POLICY = `/api/organizations/${ORGANIZATION_ID}/security-policy`;
const SWITCH_NAME = 'Require two-factor sign-in for members';
// The API error messages come from the English locale's keys: read them as the app does.
const notSetUpMessage = createTestI18n().t('api-errors.organization.two_factor_not_set_up');

/** The server's answer when the policy is saved: the organization with it. */
function savedPolicy({ body }: MockRequest): Response {
  const { requiresTwoFactor } = body as { requiresTwoFactor: boolean };
  return jsonResponse({ organization: organizationFixture({ requiresTwoFactor }) });
}

function setup({
  role = 'owner',
  requiresTwoFactor = false,
  members = [],
  answer = savedPolicy,
}: {
  role?: MemberRole;
  requiresTwoFactor?: boolean;
  members?: MemberDto[];
  answer?: (request: MockRequest) => Response;
} = {}) {
  const api = mockApi(
    {
      ...organizationHandlers({ role, members, organizations: [organizationFixture({ requiresTwoFactor })] }),
      [`PUT ${API_POLICY}`]: answer,
    },
    { signedIn: true },
  );
  return { ...api, ...renderApp(`/organizations/${ORGANIZATION_ID}/settings`) };
}

/** The settings page loads lazily with the app: its first render may take a while on a busy machine. */
function findPolicySwitch() {
  return screen.findByRole('switch', { name: SWITCH_NAME }, { timeout: 10_000 });
}

const withoutSecondFactor = memberFixture({
  id: 'mem_mia',
  role: 'member',
  name: 'Mia Member',
  email: 'mia@example.com',
});

describe('organization settings: two-factor policy', () => {
  test('an owner without a second factor who turns it on is told why, with a link to the account settings', async () => {
    const user = userEvent.setup();
    const { calls } = setup({
      answer: () =>
        jsonResponse(
          { error: { code: 'organization.two_factor_not_set_up', message: 'Set it up first.' } },
          { status: 409 },
        ),
    });

    const policy = await findPolicySwitch();
    expect(policy).not.toBeChecked();
    expect(policy).toHaveAccessibleDescription(/API keys keep working/);
    await user.click(policy);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(notSetUpMessage);
    expect(within(alert).getByRole('link', { name: 'Set up two-factor sign-in' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(
      calls.filter((call) => call.method === 'PUT' && call.path === API_POLICY).map(({ body }) => body),
    ).toEqual([{ requiresTwoFactor: true }]);
    expect(screen.getByRole('switch', { name: SWITCH_NAME })).not.toBeChecked();
  });

  test('an admin turns it off, with a confirmation toast', async () => {
    const user = userEvent.setup();
    const { calls } = setup({ role: 'admin', requiresTwoFactor: true });

    const policy = await findPolicySwitch();
    expect(policy).toBeChecked();
    await user.click(policy);

    expect(
      await screen.findByText('Two-factor sign-in is no longer required for members.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: SWITCH_NAME })).not.toBeChecked());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ requiresTwoFactor: false });
  });

  test('turning it on asks first when members would be locked out, and sends nothing if cancelled', async () => {
    const user = userEvent.setup();
    const { calls } = setup({ members: [withoutSecondFactor] });

    await user.click(await findPolicySwitch());
    let dialog = await screen.findByRole('alertdialog', { name: 'Require two-factor sign-in?' });
    expect(dialog).toHaveTextContent('1 member of Acme Archive has no second factor yet');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('switch', { name: SWITCH_NAME }));
    dialog = await screen.findByRole('alertdialog', { name: 'Require two-factor sign-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Require two-factor sign-in' }));

    expect(
      await screen.findByText('Members now need two-factor sign-in to open the organization.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: SWITCH_NAME })).toBeChecked());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ requiresTwoFactor: true });
    expect(
      screen.getByText('1 member has no second factor yet and cannot open the organization.'),
    ).toBeInTheDocument();
  });

  test('a member sees the policy but cannot change it', async () => {
    setup({ role: 'member', requiresTwoFactor: true });

    const policy = await findPolicySwitch();
    expect(policy).toBeChecked();
    expect(policy).toBeDisabled();
    expect(policy).toHaveAccessibleDescription(/Only owners and admins can change this\./);
  });
});
