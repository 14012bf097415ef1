import { Link } from '@tanstack/react-router';
import { ArrowLeft, CircleX, LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { useConfig } from '../../config/config-context';
import { getSupportHref } from '../support';

/** `/checkout-cancel` (spec §2 Checkout): nothing was charged; back to the app, or contact support. */
export function CheckoutCancelPage() {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-5 py-12 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <CircleX className="size-7" aria-hidden="true" />
      </div>
      <div className="grid gap-2">
        <h1 className="text-xl font-semibold tracking-tight">{t('subscriptions.checkout-cancel.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('subscriptions.checkout-cancel.description')}</p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            {t('subscriptions.checkout-cancel.back')}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <a href={getSupportHref(config)}>
            <LifeBuoy aria-hidden="true" />
            {t('subscriptions.checkout-cancel.contact-support')}
          </a>
        </Button>
      </div>
    </div>
  );
}
