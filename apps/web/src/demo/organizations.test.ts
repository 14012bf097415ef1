import { errorMessage } from '@sheaf/contracts/errors';
import { organizationsEndpoints } from '@sheaf/contracts/organizations';
import { beforeEach, describe, expect, test } from 'vitest';
import { createDemoApi, type DemoApi } from './api';
import { callDemo } from './demo-test-helpers';
import { DEMO_ORGANIZATION_ID } from './seed';
import { createMemoryPersistence } from './state';

const POLICY = `/api/organizations/${DEMO_ORGANIZATION_ID}/security-policy`;
const policyAnswer = organizationsEndpoints.updateSecurityPolicy.answers[200];

let api: DemoApi;

beforeEach(async () => {
  api = await createDemoApi({
    persistence: createMemoryPersistence(),
    now: () => new Date('2026-05-01T10:00:00.000Z'),
    sleep: async () => {},
  });
});

describe('the demo organization security policy', () => {
  test('the seed organization does not require a second factor, and no demo member has one', async () => {
    const organization = await callDemo(api, 'GET', `/api/organizations/${DEMO_ORGANIZATION_ID}`);
    expect(organization.body).toMatchObject({ organization: { requiresTwoFactor: false } });
    const members = await callDemo(api, 'GET', `/api/organizations/${DEMO_ORGANIZATION_ID}/members`);
    expect(
      (members.body.members as { hasSecondFactor: boolean }[]).map((m) => m.hasSecondFactor),
    ).not.toContain(true);
  });

  test('turning it on is refused as the server refuses someone without a second factor', async () => {
    const answer = await callDemo(api, 'PUT', POLICY, { requiresTwoFactor: true });

    expect(answer).toEqual({
      status: 409,
      body: {
        error: {
          code: 'organization.two_factor_not_set_up',
          message: errorMessage('organization.two_factor_not_set_up'),
        },
      },
    });
    const organization = await callDemo(api, 'GET', `/api/organizations/${DEMO_ORGANIZATION_ID}`);
    expect(organization.body).toMatchObject({ organization: { requiresTwoFactor: false } });
  });

  test('turning it off answers the organization as the contract says', async () => {
    const answer = await callDemo(api, 'PUT', POLICY, { requiresTwoFactor: false });

    expect(answer.status).toBe(200);
    expect(policyAnswer.safeParse(answer.body).error?.issues ?? []).toEqual([]);
    expect(answer.body).toMatchObject({
      organization: { id: DEMO_ORGANIZATION_ID, requiresTwoFactor: false },
    });
  });

  test('a body that is not the policy is a validation error', async () => {
    const answer = await callDemo(api, 'PUT', POLICY, { requiresTwoFactor: 'yes' });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 'api.validation_error' } });
  });
});
