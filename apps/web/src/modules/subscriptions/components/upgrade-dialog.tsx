import {
  DEFAULT_BILLING_INTERVAL,
  getPlanPrices,
  PLAN_IDS,
  PLANS_LIST,
  type Plan,
} from '@sheaf/contracts/plans';
import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { getCurrentLocale } from '../../../shared/i18n/i18n';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { cn } from '../../../shared/ui/cn';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../shared/ui/dialog';
import { myMemberQueryOptions } from '../../members/api';
import { subscriptionQueryOptions, useCheckout } from '../api';
import { type BillingInterval, formatPrice, getPlanPrice } from '../pricing';
import { formatPercent } from '../usage';
import { useCustomerPortal } from '../use-customer-portal';
import { PlanFeatures } from './plan-features';

/** Monthly / annual, as a two-option radio group (arrow keys move between them). */
function IntervalSwitch({
  value,
  onChange,
  savingPercent,
}: {
  value: BillingInterval;
  onChange: (value: BillingInterval) => void;
  savingPercent: number;
}) {
  const { t, i18n } = useTranslation();
  const options: { value: BillingInterval; label: string }[] = [
    { value: 'monthly', label: t('subscriptions.interval.monthly') },
    { value: 'annual', label: t('subscriptions.interval.annual') },
  ];
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="sr-only">{t('subscriptions.interval.label')}</legend>
      <div className="inline-flex rounded-lg bg-muted p-1">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'relative inline-flex h-8 cursor-pointer items-center rounded-md px-3.5 text-sm font-medium text-muted-foreground transition-colors',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring hover:text-foreground',
              value === option.value && 'bg-surface text-foreground shadow-sm',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
      {savingPercent > 0 ? (
        <span className="text-sm font-medium text-primary-soft-foreground">
          {t('subscriptions.interval.annual-saving', {
            percent: formatPercent(savingPercent, getCurrentLocale(i18n)),
          })}
        </span>
      ) : null}
    </fieldset>
  );
}

function PlanPrice({ plan, interval }: { plan: Plan; interval: BillingInterval }) {
  const { t, i18n } = useTranslation();
  const locale = getCurrentLocale(i18n);
  const price = getPlanPrice(plan, interval);
  return (
    <div className="grid gap-0.5">
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        {price.perMonthBeforeDiscount === null ? null : (
          <s className="text-sm text-muted-foreground">
            <span className="sr-only">{t('subscriptions.price.before-discount')} </span>
            {formatPrice(price.perMonthBeforeDiscount, locale)}
          </s>
        )}
        <span className="text-3xl font-semibold tracking-tight tabular-nums" data-testid={`price-${plan.id}`}>
          {formatPrice(price.perMonth, locale)}
        </span>
        <span className="text-sm text-muted-foreground">{t('subscriptions.price.per-month')}</span>
      </p>
      <p className="min-h-5 text-[0.8125rem] text-muted-foreground">
        {plan.monthlyPrice === 0
          ? t('subscriptions.price.free-forever')
          : interval === 'annual'
            ? t('subscriptions.price.billed-annually', { amount: formatPrice(price.billed, locale) })
            : t('subscriptions.price.billed-monthly')}
      </p>
    </div>
  );
}

type CardAction =
  | { kind: 'current' }
  | { kind: 'included' }
  | { kind: 'upgrade' }
  | { kind: 'manage' }
  | { kind: 'owner-only' };

function PlanCard({
  plan,
  interval,
  action,
  isBusy,
  isDisabled,
  onUpgrade,
  onManage,
}: {
  plan: Plan;
  interval: BillingInterval;
  action: CardAction;
  isBusy: boolean;
  isDisabled: boolean;
  onUpgrade: () => void;
  onManage: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const isCurrent = action.kind === 'current';
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-4 rounded-xl border bg-surface p-4 sm:p-5',
        plan.isRecommended && 'border-primary ring-1 ring-primary',
      )}
    >
      <div className="flex min-h-6 flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          {plan.name}
        </h3>
        {plan.isRecommended ? (
          <Badge>
            <Sparkles aria-hidden="true" />
            {t('subscriptions.plan.recommended')}
          </Badge>
        ) : null}
        {isCurrent ? <Badge variant="secondary">{t('subscriptions.plan.current')}</Badge> : null}
      </div>
      <PlanPrice plan={plan} interval={interval} />
      <PlanFeatures plan={plan} />
      <div className="mt-auto pt-1">
        {action.kind === 'upgrade' ? (
          <Button
            className="w-full"
            variant={plan.isRecommended ? 'default' : 'outline'}
            isLoading={isBusy}
            disabled={isDisabled}
            onClick={onUpgrade}
            aria-label={t('subscriptions.upgrade.to-plan', { plan: plan.name })}
          >
            {t('subscriptions.upgrade.button')}
          </Button>
        ) : action.kind === 'manage' ? (
          <Button className="w-full" variant="outline" disabled={isDisabled} onClick={onManage}>
            {t('subscriptions.manage.button')}
          </Button>
        ) : action.kind === 'owner-only' ? (
          <Button className="w-full" variant="outline" disabled>
            {t('subscriptions.upgrade.button')}
          </Button>
        ) : (
          <Button className="w-full" variant="secondary" disabled>
            {isCurrent ? t('subscriptions.plan.current') : t('subscriptions.plan.included')}
          </Button>
        )}
      </div>
    </section>
  );
}

/** Three plan cards with a monthly/annual switch (default annual); "Upgrade" goes to Stripe Checkout. */
export function UpgradeDialog({
  organizationId,
  open,
  onOpenChange,
}: {
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [interval, setBillingInterval] = useState<BillingInterval>(DEFAULT_BILLING_INTERVAL);
  const subscription = useQuery(subscriptionQueryOptions(organizationId));
  const me = useQuery(myMemberQueryOptions(organizationId));
  const checkout = useCheckout(organizationId);
  const portal = useCustomerPortal(organizationId);
  const isOwner = me.data?.role === 'owner';
  const currentPlanId = subscription.data?.plan.id ?? 'free';
  const hasSubscription = Boolean(subscription.data?.subscription);
  const plans = PLANS_LIST;
  const savingPercent = Math.max(
    ...plans.map((plan) => getPlanPrices(plan, new Date()).annualSavingsPercent),
  );
  const currentRank = PLAN_IDS.indexOf(currentPlanId);

  const actionFor = (plan: Plan): CardAction => {
    if (plan.id === currentPlanId) return { kind: 'current' };
    if (PLAN_IDS.indexOf(plan.id) < currentRank || plan.id === 'free') return { kind: 'included' };
    if (!isOwner) return { kind: 'owner-only' };
    return hasSubscription ? { kind: 'manage' } : { kind: 'upgrade' };
  };

  const upgrade = async (plan: Plan) => {
    if (plan.id === 'free') return;
    try {
      await checkout.mutateAsync({ planId: plan.id, billingInterval: interval });
    } catch (error) {
      toast.error(t('subscriptions.upgrade.failed'), { description: getErrorMessage(error, t) });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-5xl gap-5">
        <DialogHeader>
          <DialogTitle className="text-lg">{t('subscriptions.upgrade.title')}</DialogTitle>
          <DialogDescription>{t('subscriptions.upgrade.description')}</DialogDescription>
        </DialogHeader>
        <IntervalSwitch value={interval} onChange={setBillingInterval} savingPercent={savingPercent} />
        <div className="grid gap-3 md:grid-cols-3">
          {plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              interval={interval}
              action={actionFor(plan)}
              isBusy={checkout.isPending && checkout.variables?.planId === plan.id}
              isDisabled={checkout.isPending || checkout.isSuccess || portal.isDisabled}
              onUpgrade={() => void upgrade(plan)}
              onManage={() => void portal.openPortal()}
            />
          ))}
        </div>
        {me.data && !isOwner ? (
          <p className="text-[0.8125rem] text-muted-foreground">{t('subscriptions.upgrade.owner-only')}</p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
