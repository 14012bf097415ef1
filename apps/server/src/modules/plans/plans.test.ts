import {
  GB,
  getPlanFeatures,
  getPlanPrices,
  isLaunchDiscountActive,
  LAUNCH_DISCOUNT_ENDS_AT,
  MB,
  PLANS,
  PLANS_LIST,
} from '@sheaf/contracts/plans';
import { checkoutSessionBodySchema } from '@sheaf/contracts/subscriptions';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { toPublicConfig } from '../../config/config.public';

describe('the plan table', () => {
  it('lists free, plus (recommended) and pro with the limits of the spec', () => {
    expect(PLANS_LIST.map(({ id, isRecommended }) => [id, isRecommended])).toEqual([
      ['free', false],
      ['plus', true],
      ['pro', false],
    ]);
    expect(PLANS_LIST.map(getPlanFeatures)).toEqual([
      { storageGb: 0.5, membersCount: 3, intakeEmailsCount: 1, maxUploadMb: 25, supportLevel: 'community' },
      { storageGb: 5, membersCount: 10, intakeEmailsCount: 10, maxUploadMb: 100, supportLevel: 'email' },
      { storageGb: 50, membersCount: 50, intakeEmailsCount: 100, maxUploadMb: 500, supportLevel: 'priority' },
    ]);
    expect(PLANS.pro.limits.maxDocumentStorageBytes).toBe(50 * GB);
    expect(PLANS.free.limits.maxFileSize).toBe(25 * MB);
  });

  it('halves the prices until the end of the launch discount, inclusive', () => {
    const lastDiscountedSecond = new Date(LAUNCH_DISCOUNT_ENDS_AT);
    expect(isLaunchDiscountActive(lastDiscountedSecond)).toBe(true);
    expect(getPlanPrices(PLANS.plus, new Date('2025-06-01T00:00:00Z'))).toEqual({
      monthly: 4.5,
      annual: 45,
      annualPerMonth: 3.75,
      fullMonthly: 9,
      fullAnnual: 90,
      fullAnnualPerMonth: 7.5,
      isDiscounted: true,
      annualSavingsPercent: 17,
    });
    expect(getPlanPrices(PLANS.pro, lastDiscountedSecond)).toMatchObject({
      monthly: 15,
      annual: 150,
      annualPerMonth: 12.5,
      isDiscounted: true,
    });
    expect(getPlanPrices(PLANS.free, lastDiscountedSecond)).toMatchObject({
      monthly: 0,
      isDiscounted: false,
    });
  });

  it('shows the full prices from the second after the discount ends, annual prices per month rounded to cents', () => {
    const firstFullSecond = new Date(Date.parse(LAUNCH_DISCOUNT_ENDS_AT) + 1000);
    expect(isLaunchDiscountActive(firstFullSecond)).toBe(false);
    expect(getPlanPrices(PLANS.plus, firstFullSecond)).toMatchObject({
      monthly: 9,
      annual: 90,
      annualPerMonth: 7.5,
      isDiscounted: false,
    });
    expect(getPlanPrices(PLANS.pro, new Date('2026-03-01T10:00:00Z'))).toMatchObject({
      monthly: 30,
      annual: 300,
      annualPerMonth: 25,
      isDiscounted: false,
    });
    // 100 / 12 = 8.333… shows as 8.33.
    expect(getPlanPrices({ monthlyPrice: 10, annualPrice: 100 }, firstFullSecond).annualPerMonth).toBe(8.33);
  });

  it('accepts a checkout of plus or pro, monthly or annual, and nothing else', () => {
    expect(checkoutSessionBodySchema.parse({ planId: 'pro', billingInterval: 'annual' })).toEqual({
      planId: 'pro',
      billingInterval: 'annual',
    });
    for (const body of [
      { planId: 'free', billingInterval: 'annual' },
      { planId: 'plus', billingInterval: 'yearly' },
      { planId: 'plus', billingInterval: 'annual', organizationId: 'org_x' },
    ]) {
      expect(checkoutSessionBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});

describe('billing configuration', () => {
  it('names each missing Stripe setting when subscriptions are enabled', () => {
    expect(() => loadConfig({ SUBSCRIPTIONS_IS_ENABLED: 'true', STRIPE_API_KEY: 'sk_test_x' })).toThrow(
      expect.objectContaining({
        problems: [
          'STRIPE_WEBHOOK_SECRET',
          'STRIPE_PRICE_PLUS_MONTHLY',
          'STRIPE_PRICE_PLUS_ANNUAL',
          'STRIPE_PRICE_PRO_MONTHLY',
          'STRIPE_PRICE_PRO_ANNUAL',
        ].map((variable) => ({ variable, message: 'Required when SUBSCRIPTIONS_IS_ENABLED is true' })),
      }),
    );
    expect(loadConfig({}).env.STRIPE_API_BASE_URL).toBe('https://api.stripe.com');
  });

  it('requires a PostHog key when analytics is enabled and shows it only then', () => {
    expect(() => loadConfig({ ANALYTICS_IS_ENABLED: 'true' })).toThrow(/POSTHOG_API_KEY: Required/);
    expect(
      toPublicConfig(loadConfig({ ANALYTICS_IS_ENABLED: 'true', POSTHOG_API_KEY: 'phc_x' })).analytics,
    ).toEqual({
      isEnabled: true,
      posthogApiKey: 'phc_x',
      posthogHost: 'https://eu.i.posthog.com',
    });
    expect(toPublicConfig(loadConfig({ POSTHOG_API_KEY: 'phc_x' })).analytics).toEqual({
      isEnabled: false,
      posthogApiKey: null,
      posthogHost: null,
    });
  });
});
