import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';
import { externalNavigation } from '../api';
import {
  API_ORGANIZATION,
  billingConfig,
  billingHandlers,
  SETTINGS_URL,
  subscriptionFixture,
} from '../testing';

const PORTAL_URL = 'https://billing.stripe.test/p/session/ps_1';

function fakeTab() {
  return { closed: false, opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
}

async function findSection() {
  const heading = await screen.findByRole('heading', { name: 'Subscription' });
  return heading.closest('.rounded-xl') as HTMLElement;
}

describe('subscription section of organization settings', () => {
  test('shows the plan, its billing interval and renewal date', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        ...billingHandlers({ planId: 'plus', subscription: subscriptionFixture() }),
      },
      { signedIn: true },
    );
    renderApp(SETTINGS_URL, { config: billingConfig });

    const section = await findSection();
    expect(await within(section).findByText('Plus')).toBeInTheDocument();
    expect(within(section).getByText('Annually')).toBeInTheDocument();
    expect(within(section).getByText('Renews on')).toBeInTheDocument();
    expect(within(section).getByText('Mar 14, 2026')).toBeInTheDocument();
  });

  test('a cancelled subscription shows its end date and that nothing is deleted', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        ...billingHandlers({
          planId: 'pro',
          subscription: subscriptionFixture({ planId: 'pro', cancelAtPeriodEnd: true }),
        }),
      },
      { signedIn: true },
    );
    renderApp(SETTINGS_URL, { config: billingConfig });

    const section = await findSection();
    expect(await within(section).findByText('Ends on')).toBeInTheDocument();
    expect(within(section).getByText(/Nothing is deleted/)).toBeInTheDocument();
  });

  test('"Manage subscription" opens the customer portal in a new tab and comes back after a second', async () => {
    const user = userEvent.setup();
    const tab = fakeTab();
    vi.spyOn(externalNavigation, 'openBlankTab').mockImplementation(() => tab as unknown as Window);
    mockApi(
      {
        ...organizationHandlers(),
        ...billingHandlers({ planId: 'plus', subscription: subscriptionFixture() }),
        [`GET ${API_ORGANIZATION}/customer-portal`]: () => jsonResponse({ customerPortalUrl: PORTAL_URL }),
      },
      { signedIn: true },
    );
    renderApp(SETTINGS_URL, { config: billingConfig });

    const button = await screen.findByRole('button', { name: 'Manage subscription' });
    const clickedAt = Date.now();
    await user.click(button);

    expect(button).toBeDisabled();
    await waitFor(() => expect(tab.location.href).toBe(PORTAL_URL));
    expect(tab.opener).toBeNull();
    await waitFor(() => expect(button).toBeEnabled(), { timeout: 3000 });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(950);
  });

  test('a portal failure closes the blank tab and shows an error toast', async () => {
    const user = userEvent.setup();
    const tab = fakeTab();
    vi.spyOn(externalNavigation, 'openBlankTab').mockImplementation(() => tab as unknown as Window);
    mockApi(
      {
        ...organizationHandlers(),
        ...billingHandlers({ planId: 'plus', subscription: subscriptionFixture() }),
        [`GET ${API_ORGANIZATION}/customer-portal`]: () =>
          jsonResponse(
            { error: { code: 'subscriptions.customer_not_found', message: 'No customer' } },
            { status: 404 },
          ),
      },
      { signedIn: true },
    );
    renderApp(SETTINGS_URL, { config: billingConfig });

    await user.click(await screen.findByRole('button', { name: 'Manage subscription' }));

    expect(await screen.findByText('The customer portal could not be opened')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });

  test('on the free plan the owner is offered an upgrade', async () => {
    const user = userEvent.setup();
    mockApi({ ...organizationHandlers(), ...billingHandlers() }, { signedIn: true });
    renderApp(SETTINGS_URL, { config: billingConfig });

    const section = await findSection();
    // The plan's name and its price.
    expect(await within(section).findAllByText('Free')).toHaveLength(2);
    await user.click(within(section).getByRole('button', { name: 'Upgrade plan' }));

    expect(await screen.findByRole('dialog', { name: 'Choose a plan' })).toBeInTheDocument();
  });

  test('a member sees the plan but neither upgrade nor portal', async () => {
    mockApi(
      {
        ...organizationHandlers({ role: 'member' }),
        ...billingHandlers({ planId: 'plus', subscription: subscriptionFixture() }),
      },
      { signedIn: true },
    );
    renderApp(SETTINGS_URL, { config: billingConfig });

    const section = await findSection();
    expect(
      await within(section).findByText("Only the organization's owner can manage its subscription."),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Upgrade plan' })).not.toBeInTheDocument();
  });
});
