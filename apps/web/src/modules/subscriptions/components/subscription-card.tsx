import type { SubscriptionResponse } from '@sheaf/contracts/subscriptions';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ExternalLink, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '../../../shared/format/date';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../shared/ui/card';
import { FormError } from '../../../shared/ui/form-error';
import { Spinner } from '../../../shared/ui/spinner';
import { useConfig } from '../../config/config-context';
import { subscriptionQueryOptions } from '../api';
import { useCustomerPortal } from '../use-customer-portal';
import { useUpgradeDialog } from './upgrade-dialog-host';

function PlanDetails({ data }: { data: SubscriptionResponse }) {
  const { t } = useTranslation();
  const { formatDate } = useDateFormatter();
  const { plan, subscription } = data;
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-3">
      <div className="grid gap-0.5">
        <dt className="text-[0.8125rem] text-muted-foreground">{t('subscriptions.section.plan')}</dt>
        <dd className="flex flex-wrap items-center gap-2 font-semibold">
          {plan.name}
          {subscription && subscription.status !== 'active' ? (
            <Badge variant={subscription.status === 'past_due' ? 'destructive' : 'secondary'}>
              {t(`subscriptions.status.${subscription.status}`)}
            </Badge>
          ) : null}
        </dd>
      </div>
      {subscription ? (
        <>
          <div className="grid gap-0.5">
            <dt className="text-[0.8125rem] text-muted-foreground">{t('subscriptions.section.interval')}</dt>
            <dd>{t(`subscriptions.section.billed-${subscription.billingInterval}`)}</dd>
          </div>
          {subscription.currentPeriodEnd ? (
            <div className="grid gap-0.5">
              <dt className="text-[0.8125rem] text-muted-foreground">
                {subscription.cancelAtPeriodEnd
                  ? t('subscriptions.section.ends-on')
                  : t('subscriptions.section.renews-on')}
              </dt>
              <dd>
                <time dateTime={subscription.currentPeriodEnd}>
                  {formatDate(subscription.currentPeriodEnd)}
                </time>
              </dd>
            </div>
          ) : null}
        </>
      ) : (
        <div className="grid gap-0.5 sm:col-span-2">
          <dt className="text-[0.8125rem] text-muted-foreground">{t('subscriptions.section.price')}</dt>
          <dd>{t('subscriptions.section.free-price')}</dd>
        </div>
      )}
    </dl>
  );
}

function SubscriptionSection({ organizationId, isOwner }: { organizationId: string; isOwner: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(subscriptionQueryOptions(organizationId));
  const portal = useCustomerPortal(organizationId);
  const upgradeDialog = useUpgradeDialog();
  const hasSubscription = Boolean(query.data?.subscription);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('subscriptions.section.title')}</CardTitle>
        <CardDescription>{t('subscriptions.section.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.data ? (
          <div className="grid gap-3">
            <PlanDetails data={query.data} />
            {query.data.subscription?.cancelAtPeriodEnd ? (
              <p className="text-[0.8125rem] text-muted-foreground">
                {t('subscriptions.section.cancel-note')}
              </p>
            ) : null}
          </div>
        ) : query.isError ? (
          <div className="grid justify-items-start gap-3">
            <FormError>{getErrorMessage(query.error, t)}</FormError>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : (
          <div className="flex justify-center py-4 text-primary">
            <Spinner />
          </div>
        )}
      </CardContent>
      {query.data ? (
        <CardFooter className="flex-wrap gap-x-4 gap-y-2">
          {isOwner && hasSubscription ? (
            <Button variant="outline" disabled={portal.isDisabled} onClick={() => void portal.openPortal()}>
              <ExternalLink aria-hidden="true" />
              {t('subscriptions.manage.button')}
            </Button>
          ) : null}
          {isOwner && !hasSubscription && upgradeDialog ? (
            <Button onClick={upgradeDialog.openUpgradeDialog}>
              <Sparkles aria-hidden="true" />
              {t('subscriptions.upgrade.cta')}
            </Button>
          ) : null}
          <Button asChild variant="ghost">
            <Link to="/organizations/$organizationId/settings/usage" params={{ organizationId }}>
              {t('subscriptions.section.see-usage')}
            </Link>
          </Button>
          {isOwner ? null : (
            <p className="text-[0.8125rem] text-muted-foreground">{t('subscriptions.section.owner-only')}</p>
          )}
        </CardFooter>
      ) : null}
    </Card>
  );
}

/** Organization settings → subscription (spec §2): only when subscriptions are enabled. */
export function SubscriptionCard({ organizationId, isOwner }: { organizationId: string; isOwner: boolean }) {
  const { isSubscriptionsEnabled } = useConfig();
  if (!isSubscriptionsEnabled) return null;
  return <SubscriptionSection organizationId={organizationId} isOwner={isOwner} />;
}
