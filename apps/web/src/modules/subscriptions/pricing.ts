import { type BillingInterval, getPlanPrices, PLAN_CURRENCY, type Plan } from '@sheaf/contracts/plans';

export type { BillingInterval };

export { PLAN_CURRENCY };

export type PlanPrice = {
  /** What is shown as "per month": the monthly price, or the annual price / 12 (rounded to cents). */
  perMonth: number;
  /** The same without the launch discount while one runs (shown struck through), else null. */
  perMonthBeforeDiscount: number | null;
  /** What is billed per period: the monthly price, or the annual price. */
  billed: number;
};

/** A plan's price for an interval at `now`, from the contract's dated price rule (spec §9). */
export function getPlanPrice(plan: Plan, interval: BillingInterval, now: Date = new Date()): PlanPrice {
  const prices = getPlanPrices(plan, now);
  if (interval === 'monthly') {
    return {
      perMonth: prices.monthly,
      perMonthBeforeDiscount: prices.isDiscounted ? prices.fullMonthly : null,
      billed: prices.monthly,
    };
  }
  return {
    perMonth: prices.annualPerMonth,
    perMonthBeforeDiscount: prices.isDiscounted ? prices.fullAnnualPerMonth : null,
    billed: prices.annual,
  };
}

/** A price in the UI language: whole amounts without decimals ($9), others with cents ($7.50). */
export function formatPrice(amount: number, locale: string, currency: string = PLAN_CURRENCY): string {
  const isWhole = Number.isInteger(amount);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: isWhole ? 0 : 2,
    maximumFractionDigits: isWhole ? 0 : 2,
  }).format(amount);
}
