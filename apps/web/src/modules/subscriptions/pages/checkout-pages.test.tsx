import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { organizationHandlers } from '../../../test/organizations';
import { billingConfig, billingHandlers } from '../testing';

describe('checkout result pages', () => {
  test('checkout success counts down from 5 and then goes to /', async () => {
    mockApi({ ...organizationHandlers(), ...billingHandlers() }, { signedIn: true });
    const { router, queryClient } = renderApp('/checkout-success?sessionId=cs_test_1', {
      config: billingConfig,
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    expect(
      await screen.findByRole('heading', { name: 'Thank you, your plan is upgraded' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('checkout-countdown')).toHaveTextContent('Back to Sheaf in 5 seconds…');
    await waitFor(() => expect(screen.getByTestId('checkout-countdown')).toHaveTextContent('in 4 seconds'), {
      timeout: 2000,
    });

    // `/`, which sends on to the last organization.
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/organizations/), {
      timeout: 8000,
    });
    expect(invalidate).toHaveBeenCalled();
  });

  test('checkout success without a session id goes straight to /', async () => {
    mockApi({ ...organizationHandlers(), ...billingHandlers() }, { signedIn: true });
    const { router } = renderApp('/checkout-success', { config: billingConfig });

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/organizations/));
    expect(
      screen.queryByRole('heading', { name: 'Thank you, your plan is upgraded' }),
    ).not.toBeInTheDocument();
  });

  test('checkout cancel says nothing was charged, with a way back and a way to support', async () => {
    mockApi({ ...organizationHandlers(), ...billingHandlers() }, { signedIn: true });
    renderApp('/checkout-cancel', { config: billingConfig });

    expect(await screen.findByRole('heading', { name: 'Checkout cancelled' })).toBeInTheDocument();
    expect(screen.getByText(/No charges were made/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sheaf' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:support@localhost/),
    );
  });

  test('with subscriptions disabled both pages are not found', async () => {
    mockApi({ ...organizationHandlers() }, { signedIn: true });
    const { unmount } = renderApp('/checkout-success?sessionId=cs_test_1');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    unmount();

    renderApp('/checkout-cancel');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText(/No charges were made/)).not.toBeInTheDocument();
  });
});
