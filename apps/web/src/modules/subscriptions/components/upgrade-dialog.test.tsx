import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { documentsHandlers } from '../../../test/documents';
import { organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';
import { externalNavigation } from '../api';
import { API_ORGANIZATION, billingConfig, billingHandlers, HOME_URL, subscriptionFixture } from '../testing';

async function openDialogFromSidebar(user: ReturnType<typeof userEvent.setup>) {
  const sidebar = await screen.findByRole('complementary');
  await user.click(await within(sidebar).findByRole('button', { name: 'Upgrade plan' }));
  return screen.findByRole('dialog', { name: 'Choose a plan' });
}

const price = (dialog: HTMLElement, plan: string) =>
  within(within(dialog).getByRole('region', { name: new RegExp(`^${plan}`) })).getByTestId(
    `price-${plan.toLowerCase()}`,
  ).textContent;

describe('upgrade dialog', () => {
  beforeEach(() => {
    // After the launch discount: list prices.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-02-01T09:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('opens from the sidebar on the free plan, with plus recommended and free marked current', async () => {
    const user = userEvent.setup();
    mockApi({ ...organizationHandlers(), ...documentsHandlers(), ...billingHandlers() }, { signedIn: true });
    renderApp(HOME_URL, { config: billingConfig });

    const dialog = await openDialogFromSidebar(user);

    const cards = within(dialog).getAllByRole('region');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Free',
      'Plus',
      'Pro',
    ]);
    const [free, plus, pro] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(free).getAllByText('Current plan').length).toBeGreaterThan(0);
    expect(within(plus).getByText('Recommended')).toBeInTheDocument();
    expect(within(plus).getByText('5 GB of storage')).toBeInTheDocument();
    expect(within(plus).getByText('Up to 10 members')).toBeInTheDocument();
    expect(within(plus).getByText('10 intake e-mail addresses')).toBeInTheDocument();
    expect(within(plus).getByText('Files up to 100 MB')).toBeInTheDocument();
    expect(within(plus).getByText('E-mail support')).toBeInTheDocument();
    expect(within(free).getByText('0.5 GB of storage')).toBeInTheDocument();
    expect(within(pro).getByText('Priority support')).toBeInTheDocument();
  });

  test('starts on annual prices shown per month, and switches to monthly', async () => {
    const user = userEvent.setup();
    mockApi({ ...organizationHandlers(), ...documentsHandlers(), ...billingHandlers() }, { signedIn: true });
    renderApp(HOME_URL, { config: billingConfig });
    const dialog = await openDialogFromSidebar(user);

    expect(within(dialog).getByRole('radio', { name: 'Annual' })).toBeChecked();
    expect(within(dialog).getByText('Save up to 17% with annual billing')).toBeInTheDocument();
    expect(price(dialog, 'Plus')).toBe('$7.50');
    expect(price(dialog, 'Pro')).toBe('$25');
    expect(within(dialog).getByText('Billed $90 once a year')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Monthly' }));

    expect(price(dialog, 'Plus')).toBe('$9');
    expect(price(dialog, 'Pro')).toBe('$30');
    expect(price(dialog, 'Free')).toBe('$0');
  });

  test('shows the launch discount struck through while it runs', async () => {
    vi.setSystemTime(new Date('2025-12-01T09:00:00.000Z'));
    const user = userEvent.setup();
    mockApi({ ...organizationHandlers(), ...documentsHandlers(), ...billingHandlers() }, { signedIn: true });
    renderApp(HOME_URL, { config: billingConfig });
    const dialog = await openDialogFromSidebar(user);

    expect(price(dialog, 'Plus')).toBe('$3.75');
    const plus = within(dialog).getByRole('region', { name: /^Plus/ });
    expect(within(plus).getByText('$7.50', { selector: 's' })).toBeInTheDocument();
  });

  test('"Upgrade" asks for a checkout of the plan and interval and goes to its URL', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => {});
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers(),
        ...billingHandlers(),
        [`POST ${API_ORGANIZATION}/checkout-session`]: () =>
          jsonResponse({ checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_1' }),
      },
      { signedIn: true },
    );
    renderApp(HOME_URL, { config: billingConfig });
    const dialog = await openDialogFromSidebar(user);

    await user.click(within(dialog).getByRole('radio', { name: 'Monthly' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Upgrade to Pro' }));

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
    const checkout = calls.find(({ path }) => path.endsWith('/checkout-session'));
    expect(checkout?.body).toEqual({ planId: 'pro', billingInterval: 'monthly' });
  });

  test('a refused checkout shows why in an error toast', async () => {
    const user = userEvent.setup();
    mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers(),
        ...billingHandlers(),
        [`POST ${API_ORGANIZATION}/checkout-session`]: () =>
          jsonResponse(
            { error: { code: 'subscriptions.provider_unavailable', message: 'Stripe down' } },
            { status: 502 },
          ),
      },
      { signedIn: true },
    );
    renderApp(HOME_URL, { config: billingConfig });
    const dialog = await openDialogFromSidebar(user);

    await user.click(await within(dialog).findByRole('button', { name: 'Upgrade to Plus' }));

    expect(await screen.findByText('The checkout could not be started')).toBeInTheDocument();
    expect(
      screen.getByText('The payment provider could not be reached, try again later.'),
    ).toBeInTheDocument();
  });

  test('a member sees the plans but cannot upgrade, and is told who can', async () => {
    const user = userEvent.setup();
    mockApi(
      { ...organizationHandlers({ role: 'member' }), ...documentsHandlers(), ...billingHandlers() },
      { signedIn: true },
    );
    renderApp(HOME_URL, { config: billingConfig });
    const dialog = await openDialogFromSidebar(user);

    expect(
      await within(dialog).findByText("Only the organization's owner can change its plan."),
    ).toBeInTheDocument();
    for (const button of within(dialog).getAllByRole('button', { name: 'Upgrade' })) {
      expect(button).toBeDisabled();
    }
  });

  test('with a subscription, the higher plan leads to the customer portal instead of a second checkout', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers(),
        ...billingHandlers({ planId: 'plus', subscription: subscriptionFixture() }),
      },
      { signedIn: true },
    );
    renderApp(`${HOME_URL}/settings/usage`, { config: billingConfig });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Upgrade plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a plan' });

    const pro = within(dialog).getByRole('region', { name: /^Pro/ });
    expect(await within(pro).findByRole('button', { name: 'Manage subscription' })).toBeEnabled();
    const plus = within(dialog).getByRole('region', { name: /^Plus/ });
    expect(within(plus).getAllByText('Current plan').length).toBeGreaterThan(0);
    expect(within(dialog).queryByRole('button', { name: /^Upgrade to/ })).not.toBeInTheDocument();
  });
});
