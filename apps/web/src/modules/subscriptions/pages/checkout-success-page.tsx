import { CHECKOUT_REDIRECT_DELAY_SECONDS } from '@sheaf/contracts/limits';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, Navigate, useNavigate } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { invalidateBillingQueries } from '../api';

const routeApi = getRouteApi('/private/checkout/checkout-success');

/** Counts down from 5 to 0, one step a second, then calls `onDone` once. */
function useCountdown(from: number, onDone: () => void) {
  const [remaining, setRemaining] = useState(from);
  useEffect(() => {
    if (remaining <= 0) {
      onDone();
      return;
    }
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining, onDone]);
  return remaining;
}

function CheckoutSuccess() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [goHome] = useState(() => () => void navigate({ to: '/', replace: true }));
  const remaining = useCountdown(CHECKOUT_REDIRECT_DELAY_SECONDS, goHome);

  useEffect(() => {
    // The webhook may land a moment later: read the plan now, and again on the way back.
    void invalidateBillingQueries(queryClient);
  }, [queryClient]);

  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-5 py-12 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <CircleCheck className="size-7" aria-hidden="true" />
      </div>
      <div className="grid gap-2">
        <h1 className="text-xl font-semibold tracking-tight">{t('subscriptions.checkout-success.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('subscriptions.checkout-success.description')}</p>
      </div>
      <p className="text-sm text-muted-foreground" aria-live="off" data-testid="checkout-countdown">
        {t('subscriptions.checkout-success.countdown', { count: remaining })}
      </p>
      <Button asChild>
        <Link to="/" replace>
          {t('subscriptions.checkout-success.continue')}
        </Link>
      </Button>
    </div>
  );
}

/** `/checkout-success?sessionId=…` (spec §2 Checkout): a 5-second countdown, then `/`; no sessionId → `/`. */
export function CheckoutSuccessPage() {
  const { sessionId } = routeApi.useSearch();
  if (!sessionId) return <Navigate to="/" replace />;
  return <CheckoutSuccess />;
}
