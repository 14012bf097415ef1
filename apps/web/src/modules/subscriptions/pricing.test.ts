import { PLANS } from '@sheaf/contracts/plans';
import { describe, expect, test } from 'vitest';
import { formatPrice, getPlanPrice } from './pricing';

const AFTER_LAUNCH = new Date('2026-02-01T00:00:00Z');
const DURING_LAUNCH = new Date('2025-12-31T22:59:59Z');

describe('plan prices', () => {
  test('after the launch discount, plans cost their list price and annual shows per month', () => {
    expect(getPlanPrice(PLANS.plus, 'monthly', AFTER_LAUNCH)).toEqual({
      perMonth: 9,
      perMonthBeforeDiscount: null,
      billed: 9,
    });
    expect(getPlanPrice(PLANS.plus, 'annual', AFTER_LAUNCH)).toEqual({
      perMonth: 7.5,
      perMonthBeforeDiscount: null,
      billed: 90,
    });
    expect(getPlanPrice(PLANS.pro, 'annual', AFTER_LAUNCH).perMonth).toBe(25);
  });

  test('until the discount ends, prices are halved and the full price is kept to strike through', () => {
    expect(getPlanPrice(PLANS.plus, 'monthly', DURING_LAUNCH)).toEqual({
      perMonth: 4.5,
      perMonthBeforeDiscount: 9,
      billed: 4.5,
    });
    expect(getPlanPrice(PLANS.pro, 'annual', DURING_LAUNCH)).toEqual({
      perMonth: 12.5,
      perMonthBeforeDiscount: 25,
      billed: 150,
    });
  });

  test('the free plan never shows a discount', () => {
    expect(getPlanPrice(PLANS.free, 'annual', DURING_LAUNCH)).toEqual({
      perMonth: 0,
      perMonthBeforeDiscount: null,
      billed: 0,
    });
  });

  test('prices are formatted for the locale, with cents only when there are some', () => {
    expect(formatPrice(9, 'en')).toBe('$9');
    expect(formatPrice(7.5, 'en')).toBe('$7.50');
    expect(formatPrice(7.5, 'fr').replace(/\s/g, ' ')).toBe('7,50 $US');
    expect(formatPrice(25, 'de').replace(/\s/g, ' ')).toBe('25 $');
  });
});
