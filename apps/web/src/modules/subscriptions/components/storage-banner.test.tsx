import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { documentsHandlers } from '../../../test/documents';
import { ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { storageBannerDismissalKey } from '../banner-dismissal';
import { billingConfig, billingHandlers, HOME_URL, usageFixture } from '../testing';

const MB = 1000 * 1000;
const HOUR = 60 * 60 * 1000;
const NOW = new Date('2026-02-01T09:00:00.000Z');

const nearlyFull = usageFixture({ documentsStorage: { used: 380 * MB, deleted: 30 * MB, limit: 500 * MB } });

function renderHome(usage = nearlyFull) {
  mockApi(
    { ...organizationHandlers(), ...documentsHandlers(), ...billingHandlers({ usage }) },
    { signedIn: true },
  );
  return renderApp(HOME_URL, { config: billingConfig });
}

describe('storage banner', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('warns at 80 % of the storage limit, trash included, with ways out', async () => {
    renderHome();

    const banner = await screen.findByRole('region', { name: 'Storage warning' });
    expect(within(banner).getByText('Storage is 82% full')).toBeInTheDocument();
    expect(within(banner).getByText(/410 MB of 500 MB used, trash included/)).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'See usage' })).toHaveAttribute(
      'href',
      `/organizations/${ORGANIZATION_ID}/settings/usage`,
    );
    expect(within(banner).getByRole('button', { name: 'Upgrade plan' })).toBeInTheDocument();
  });

  test('stays hidden below 80 %', async () => {
    renderHome(usageFixture({ documentsStorage: { used: 300 * MB, deleted: 99 * MB, limit: 500 * MB } }));

    expect(await screen.findByRole('navigation', { name: 'Organization' })).toBeInTheDocument();
    await screen.findAllByRole('button', { name: 'Upgrade plan' });
    expect(screen.queryByRole('region', { name: 'Storage warning' })).not.toBeInTheDocument();
  });

  test('dismissing it hides it for 24 hours for this organization, then it comes back', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const user = userEvent.setup();
    const first = renderHome();

    const banner = await screen.findByRole('region', { name: 'Storage warning' });
    await user.click(within(banner).getByRole('button', { name: 'Dismiss for 24 hours' }));

    expect(screen.queryByRole('region', { name: 'Storage warning' })).not.toBeInTheDocument();
    expect(localStorage.getItem(storageBannerDismissalKey(ORGANIZATION_ID))).toBe(String(NOW.getTime()));
    first.unmount();

    vi.setSystemTime(NOW.getTime() + 23 * HOUR);
    const second = renderHome();
    await screen.findAllByRole('button', { name: 'Upgrade plan' });
    expect(screen.queryByRole('region', { name: 'Storage warning' })).not.toBeInTheDocument();
    second.unmount();

    vi.setSystemTime(NOW.getTime() + 24 * HOUR + 1);
    renderHome();
    expect(await screen.findByRole('region', { name: 'Storage warning' })).toBeInTheDocument();
  });
});
