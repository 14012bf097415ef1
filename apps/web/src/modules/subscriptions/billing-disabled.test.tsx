import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../test/app';
import { documentsHandlers } from '../../test/documents';
import { organizationHandlers } from '../../test/organizations';
import { billingCalls, billingHandlers, HOME_URL, SETTINGS_URL, usageFixture } from './testing';

const MB = 1000 * 1000;
const full = usageFixture({ documentsStorage: { used: 500 * MB, deleted: 0, limit: 500 * MB } });

describe('with subscriptions disabled (the default)', () => {
  test('the sidebar has no upgrade call-to-action, no storage banner shows and usage is not even asked', async () => {
    const { calls } = mockApi(
      { ...organizationHandlers(), ...documentsHandlers(), ...billingHandlers({ usage: full }) },
      { signedIn: true },
    );
    renderApp(HOME_URL);

    expect(await screen.findByRole('navigation', { name: 'Organization' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade plan' })).not.toBeInTheDocument();
    expect(screen.queryByText('Free plan')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Storage warning' })).not.toBeInTheDocument();
    expect(billingCalls(calls).filter(({ path }) => !path.endsWith('/subscription'))).toEqual([]);
  });

  test('organization settings have no subscription section', async () => {
    mockApi({ ...organizationHandlers(), ...billingHandlers() }, { signedIn: true });
    renderApp(SETTINGS_URL);

    expect(await screen.findByRole('heading', { name: 'Delete organization' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Subscription' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
  });
});
