import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { ORGANIZATION_ID, organizationFixture, organizationHandlers } from '../../../test/organizations';

describe('organization switcher', () => {
  test('lists the organizations with the current one checked, switches, and offers to create one', async () => {
    const user = userEvent.setup();
    const second = organizationFixture({ id: 'org_second1', name: 'Second Org' });
    mockApi(organizationHandlers({ organizations: [organizationFixture(), second] }), { signedIn: true });
    const { router } = renderApp(`/organizations/${ORGANIZATION_ID}`);

    await screen.findByRole('heading', { level: 1, name: 'Acme Archive' });
    const trigger = screen.getAllByRole('button', { name: 'Switch organization (current: Acme Archive)' })[0];
    await user.click(trigger as HTMLElement);

    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: 'Acme Archive' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(menu).getByRole('menuitemradio', { name: 'Second Org' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Create organization' })).toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitemradio', { name: 'Second Org' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Second Org' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/organizations/org_second1');
  });
});
