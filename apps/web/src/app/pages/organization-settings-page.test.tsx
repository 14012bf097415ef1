import type { PublicConfig } from '@sheaf/contracts/config';
import type { MemberRole } from '@sheaf/contracts/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../test/app';
import { publicConfigFixture } from '../../test/fixtures';
import { ORGANIZATION_ID, organizationFixture, organizationHandlers } from '../../test/organizations';
import { jsonResponse } from '../../test/render';

const API_ORGANIZATION = `/api/organizations/${ORGANIZATION_ID}`;

function setup(role: MemberRole = 'owner', config: PublicConfig = publicConfigFixture) {
  const api = mockApi(
    {
      ...organizationHandlers({ role }),
      [`PUT ${API_ORGANIZATION}`]: ({ body }) =>
        jsonResponse({ organization: organizationFixture({ name: (body as { name: string }).name }) }),
      [`DELETE ${API_ORGANIZATION}`]: () => new Response(null, { status: 204 }),
    },
    { signedIn: true },
  );
  return { ...api, ...renderApp(`/organizations/${ORGANIZATION_ID}/settings`, { config }) };
}

describe('organization settings: rename', () => {
  test('the update button stays disabled while the name is unchanged', async () => {
    const user = userEvent.setup();
    const { calls } = setup();

    const name = await screen.findByRole('textbox', { name: 'Organization name' });
    const update = screen.getByRole('button', { name: 'Update name' });
    expect(name).toHaveValue('Acme Archive');
    expect(update).toBeDisabled();

    await user.type(name, '  ');
    expect(update).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Acme Records');
    expect(update).toBeEnabled();
    await user.click(update);

    expect(await screen.findByText('Organization name updated.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Acme Records' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update name' })).toBeDisabled());
  });

  test('a too short name shows the translated rule', async () => {
    const user = userEvent.setup();
    setup('admin');

    const name = await screen.findByRole('textbox', { name: 'Organization name' });
    await user.clear(name);
    await user.type(name, 'ab');
    await user.click(screen.getByRole('button', { name: 'Update name' }));

    expect(await screen.findByText('Organization name must be at least 3 characters')).toBeInTheDocument();
  });
});

describe('organization settings: delete', () => {
  test("the delete dialog announces the server's purge delay", async () => {
    const user = userEvent.setup();
    setup('owner', { ...publicConfigFixture, organizations: { deletedOrganizationsPurgeDaysDelay: 14 } });

    expect(await screen.findByText(/deleted 14 days after/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete organization' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this organization?' });
    expect(dialog).toHaveTextContent(/after 14 days/);
  });

  test('the delete dialog announces 30 days and needs the exact name, ignoring case and spaces', async () => {
    const user = userEvent.setup();
    const { calls, router } = setup('owner');

    await user.click(await screen.findByRole('button', { name: 'Delete organization' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this organization?' });
    expect(dialog).toHaveTextContent(/after 30 days/);
    const field = within(dialog).getByRole('textbox', { name: 'Confirmation text' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete organization' });
    expect(confirm).toBeDisabled();

    await user.type(field, 'Acme Archiv');
    expect(confirm).toBeDisabled();
    await user.type(field, 'e X');
    expect(confirm).toBeDisabled();
    await user.clear(field);
    await user.type(field, '  aCME archive  ');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(await screen.findByText('Acme Archive has been deleted.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === API_ORGANIZATION)).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).not.toContain('/settings'));
  });

  test.each(['admin', 'member'] as const)(
    'a %s sees the delete button disabled with a note',
    async (role) => {
      setup(role);

      expect(await screen.findByRole('button', { name: 'Delete organization' })).toBeDisabled();
      expect(screen.getByText('Only the owner can delete the organization.')).toBeInTheDocument();
    },
  );

  test('a member cannot rename', async () => {
    setup('member');

    expect(await screen.findByRole('textbox', { name: 'Organization name' })).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Update name' })).toBeDisabled();
  });

  test('the settings sidebar lists general and usage, and leads back to the organization', async () => {
    setup();

    const nav = (await screen.findAllByRole('navigation', { name: 'Organization settings' }))[0];
    expect(nav).toBeDefined();
    expect(within(nav as HTMLElement).getByRole('link', { name: 'General' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav as HTMLElement).getByRole('link', { name: 'Usage' })).toHaveAttribute(
      'href',
      `/organizations/${ORGANIZATION_ID}/settings/usage`,
    );
    expect(screen.getAllByRole('link', { name: 'Back to organization' })[0]).toHaveAttribute(
      'href',
      `/organizations/${ORGANIZATION_ID}`,
    );
  });
});
