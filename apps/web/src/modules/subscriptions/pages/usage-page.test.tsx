import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { organizationHandlers } from '../../../test/organizations';
import { billingConfig, billingHandlers, USAGE_URL, usageFixture } from '../testing';

const MB = 1000 * 1000;

describe('usage page', () => {
  test('shows a bar per limit, storage split between documents and trash', async () => {
    mockApi({ ...organizationHandlers(), ...billingHandlers() }, { signedIn: true });
    renderApp(USAGE_URL, { config: billingConfig });

    const storage = await screen.findByRole('region', { name: 'Storage' });
    expect(within(storage).getByRole('meter', { name: 'Storage' })).toHaveAttribute('value', '30');
    expect(within(storage).getByText('150 MB of 500 MB')).toBeInTheDocument();
    expect(within(storage).getByText('Documents: 120 MB')).toBeInTheDocument();
    expect(within(storage).getByText('In the trash: 30 MB')).toBeInTheDocument();
    expect(within(storage).getByText('30%')).toBeInTheDocument();

    const members = screen.getByRole('region', { name: 'Members' });
    expect(within(members).getByRole('meter', { name: 'Members' })).toHaveAttribute('value', '67');
    expect(within(members).getByText('2 of 3')).toBeInTheDocument();
    const intake = screen.getByRole('region', { name: 'Intake e-mail addresses' });
    expect(within(intake).getByText('0 of 1')).toBeInTheDocument();
  });

  test('caps percentages at 100 and says why nothing more can be added when over a limit', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        ...billingHandlers({
          usage: usageFixture({
            documentsStorage: { used: 520 * MB, deleted: 40 * MB, limit: 500 * MB },
            membersCount: { used: 4, limit: 3 },
          }),
        }),
      },
      { signedIn: true },
    );
    renderApp(USAGE_URL, { config: billingConfig });

    const storage = await screen.findByRole('region', { name: 'Storage' });
    expect(within(storage).getByRole('meter')).toHaveAttribute('value', '100');
    expect(within(storage).getByText('100%')).toBeInTheDocument();
    expect(within(storage).getByText(/The storage limit is reached/)).toBeInTheDocument();
    const members = screen.getByRole('region', { name: 'Members' });
    expect(within(members).getByText(/The member limit is reached/)).toBeInTheDocument();
  });

  test('reads "Unlimited" without a bar when a limit is null, and shows no plan when billing is off', async () => {
    const unlimited = {
      documentsStorage: { used: 2 * MB, deleted: 0, limit: null },
      membersCount: { used: 5, limit: null },
      intakeEmailsCount: { used: 3, limit: null },
    };
    mockApi({ ...organizationHandlers(), ...billingHandlers({ usage: unlimited }) }, { signedIn: true });
    renderApp(USAGE_URL);

    const storage = await screen.findByRole('region', { name: 'Storage' });
    expect(within(storage).getByText('Unlimited')).toBeInTheDocument();
    expect(within(storage).getByText('2 MB used, no limit')).toBeInTheDocument();
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    expect(screen.getAllByText('Unlimited')).toHaveLength(3);
    expect(screen.queryByText(/This organization is on the/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade plan' })).not.toBeInTheDocument();
  });

  test('on the free plan, "Upgrade plan" opens the plans dialog', async () => {
    const user = userEvent.setup();
    mockApi({ ...organizationHandlers(), ...billingHandlers() }, { signedIn: true });
    renderApp(USAGE_URL, { config: billingConfig });

    expect(await screen.findByText('This organization is on the Free plan.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upgrade plan' }));

    expect(await screen.findByRole('dialog', { name: 'Choose a plan' })).toBeInTheDocument();
  });
});
