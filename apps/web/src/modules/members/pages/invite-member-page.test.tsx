import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { invitationFixture, ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';

const API_INVITATIONS = `/api/organizations/${ORGANIZATION_ID}/members/invitations`;

describe('invite member form', () => {
  test('an invalid e-mail is refused before any call', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(organizationHandlers(), { signedIn: true });
    renderApp(`/organizations/${ORGANIZATION_ID}/invite`);

    await user.click(await screen.findByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('E-mail is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'not-an-email');
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  test('the role defaults to member; success shows a toast and opens the invitations list', async () => {
    const user = userEvent.setup();
    const invitations: ReturnType<typeof invitationFixture>[] = [];
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        [`GET ${API_INVITATIONS}`]: () => jsonResponse({ invitations }),
        [`POST ${API_INVITATIONS}`]: () => {
          invitations.push(invitationFixture({ email: 'grace@example.com', role: 'admin' }));
          return jsonResponse({ invitation: invitations[0] }, { status: 201 });
        },
      },
      { signedIn: true },
    );
    const { router } = renderApp(`/organizations/${ORGANIZATION_ID}/invite`);

    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect(role).toHaveTextContent('Member');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), ' Grace@Example.com ');
    await user.click(role);
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent to grace@example.com.')).toBeInTheDocument();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/organizations/${ORGANIZATION_ID}/invitations`),
    );
    expect(await screen.findByText('grace@example.com')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'grace@example.com',
      role: 'admin',
    });
  });

  test('a refusal shows the "Failed to invite member" toast with the mapped description', async () => {
    const user = userEvent.setup();
    mockApi(
      {
        ...organizationHandlers(),
        [`POST ${API_INVITATIONS}`]: () =>
          jsonResponse(
            { error: { code: 'organization.invitation_already_exists', message: 'Exists' } },
            { status: 409 },
          ),
      },
      { signedIn: true },
    );
    renderApp(`/organizations/${ORGANIZATION_ID}/invite`);

    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Failed to invite member')).toBeInTheDocument();
    expect(
      screen.getByText('An invitation for this e-mail already exists in this organization.'),
    ).toBeInTheDocument();
  });
});
