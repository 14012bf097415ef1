import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { mockApi, renderApp } from '../../test/app';
import { publicConfigFixture } from '../../test/fixtures';
import { organizationHandlers } from '../../test/organizations';
import {
  LOGOUT_EVENT,
  posthogLoader,
  recordLogout,
  resetAnalyticsForTests,
  startAnalytics,
} from './analytics';

const posthogModule = vi.hoisted(() => {
  const calls: string[] = [];
  const posthog = {
    identify: vi.fn(),
    capture: vi.fn((event: string) => calls.push(`capture:${event}`)),
    reset: vi.fn(() => calls.push('reset')),
  };
  // The client's constructor, recording its arguments; `new` on it returns the fake client.
  const construct = vi.fn(function PostHog(this: unknown, _apiKey: string, _options: unknown) {
    return posthog;
  });
  return { posthog, construct, calls };
});

vi.mock('posthog-js-lite', () => ({ PostHog: posthogModule.construct }));

const enabled = { isEnabled: true, posthogApiKey: 'phc_test', posthogHost: 'https://eu.posthog.test' };
const disabled = publicConfigFixture.analytics;

beforeEach(() => {
  resetAnalyticsForTests();
  posthogModule.calls.length = 0;
  for (const mock of Object.values(posthogModule.posthog)) mock.mockClear();
  posthogModule.construct.mockClear();
});
afterEach(() => {
  resetAnalyticsForTests();
});

describe('opt-in analytics', () => {
  test('when disabled, the PostHog client is never imported and logout records nothing', async () => {
    const load = vi.spyOn(posthogLoader, 'load');

    expect(await startAnalytics(disabled)).toBeNull();
    expect(await startAnalytics({ ...enabled, posthogApiKey: null })).toBeNull();
    await recordLogout();

    expect(load).not.toHaveBeenCalled();
    expect(posthogModule.construct).not.toHaveBeenCalled();
    expect(posthogModule.calls).toEqual([]);
  });

  test('when enabled, the client starts once with the key, the host, the spec queue and session settings and no autocapture', async () => {
    await startAnalytics(enabled);
    await startAnalytics(enabled);

    expect(posthogModule.construct).toHaveBeenCalledTimes(1);
    expect(posthogModule.construct).toHaveBeenCalledWith(
      'phc_test',
      expect.objectContaining({
        host: 'https://eu.posthog.test',
        autocapture: false,
        flushAt: 20,
        maxBatchSize: 100,
        maxQueueSize: 1000,
        flushInterval: 10_000,
        requestTimeout: 10_000,
        fetchRetryCount: 3,
        fetchRetryDelay: 3_000,
        sessionExpirationTimeSeconds: 1800,
      }),
    );
  });

  test('logout records its event and then resets the identity', async () => {
    await startAnalytics(enabled);

    await recordLogout();

    expect(posthogModule.calls).toEqual([`capture:${LOGOUT_EVENT}`, 'reset']);
  });
});

describe('analytics in the app', () => {
  test('with analytics off, signing in and out loads nothing of it and calls no analytics host', async () => {
    const user = userEvent.setup();
    const load = vi.spyOn(posthogLoader, 'load');
    const { calls } = mockApi(
      { ...organizationHandlers(), 'POST /api/auth/sign-out': () => new Response('{}') },
      { signedIn: true },
    );
    renderApp('/settings');

    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));

    await vi.waitFor(() => expect(calls.some(({ path }) => path === '/api/auth/sign-out')).toBe(true));
    expect(load).not.toHaveBeenCalled();
    expect(posthogModule.posthog.identify).not.toHaveBeenCalled();
    expect(posthogModule.calls).toEqual([]);
    expect(calls.filter(({ url }) => /posthog/i.test(url.href))).toEqual([]);
  });

  test('with analytics on, the signed-in user is identified by id only', async () => {
    mockApi({ ...organizationHandlers() }, { signedIn: true });
    renderApp('/settings', { config: { ...publicConfigFixture, analytics: enabled } });

    await vi.waitFor(() => expect(posthogModule.posthog.identify).toHaveBeenCalledWith('usr_1'));
    expect(posthogModule.posthog.identify.mock.calls.at(-1)).toEqual(['usr_1']);
  });
});
