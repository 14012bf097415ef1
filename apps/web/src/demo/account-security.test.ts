import { accountSecurityEndpoints, accountSecuritySchema } from '@sheaf/contracts/account-security';
import type { EndpointDefinition } from '@sheaf/contracts/endpoint';
import { beforeEach, describe, expect, test } from 'vitest';
import { createDemoApi, type DemoApi } from './api';
import { callDemo } from './demo-test-helpers';
import { createMemoryPersistence } from './state';

const NOW = '2026-05-01T10:00:00.000Z';

let api: DemoApi;

beforeEach(async () => {
  api = await createDemoApi({
    persistence: createMemoryPersistence(),
    now: () => new Date(NOW),
    sleep: async () => {},
  });
});

describe('the demo account security', () => {
  test('the demo user has a password, a fresh sign-in, and neither two-factor sign-in nor passkeys', async () => {
    const { status, body } = await callDemo(api, 'GET', '/api/users/me/security');

    expect(status).toBe(200);
    expect(accountSecuritySchema.parse(body.security)).toEqual({
      twoFactorEnabled: false,
      passkeys: [],
      hasPassword: true,
      signedInAt: NOW,
      isSignInFresh: true,
    });
  });

  const unavailable: EndpointDefinition[] = Object.values(accountSecurityEndpoints).filter(
    (endpoint) => endpoint !== accountSecurityEndpoints.getSecurity,
  );

  test.each(unavailable.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s answers that it is not available in the demo',
    async (_name, endpoint) => {
      const { status, body } = await callDemo(api, endpoint.method, endpoint.path, endpoint.example?.body);

      expect(status).toBe(501);
      expect(body).toEqual({
        error: { code: 'demo.not_available', message: 'This feature is not available in demo.' },
      });
    },
  );

  test('turning two-factor sign-in on changes nothing in the demo', async () => {
    await callDemo(api, 'POST', '/api/auth/two-factor/enable', { password: 'demo' });

    const { body } = await callDemo(api, 'GET', '/api/users/me/security');
    expect(body.security).toMatchObject({ twoFactorEnabled: false, passkeys: [] });
  });
});
