import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { useConfig } from '../../config/config-context';
import { subscriptionQueryOptions } from '../api';
import { useUpgradeDialog } from './upgrade-dialog-host';

function CallToAction({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const subscription = useQuery(subscriptionQueryOptions(organizationId));
  const upgradeDialog = useUpgradeDialog();
  if (subscription.data?.plan.id !== 'free' || !upgradeDialog) return null;
  return (
    <div className="grid gap-2.5 rounded-lg border bg-primary-soft/60 p-3">
      <div className="grid gap-0.5">
        <p className="flex items-center gap-1.5 text-sm font-semibold text-primary-soft-foreground">
          <Sparkles className="size-4" aria-hidden="true" />
          {t('subscriptions.cta.title')}
        </p>
        <p className="text-[0.8125rem] text-muted-foreground">{t('subscriptions.cta.description')}</p>
      </div>
      <Button size="sm" onClick={upgradeDialog.openUpgradeDialog}>
        {t('subscriptions.upgrade.cta')}
      </Button>
    </div>
  );
}

/** The sidebar's upgrade call-to-action: on the free plan, when subscriptions are enabled (spec §2 Layout). */
export function UpgradeCallToAction({ organizationId }: { organizationId: string }) {
  const { isSubscriptionsEnabled } = useConfig();
  if (!isSubscriptionsEnabled) return null;
  return <CallToAction organizationId={organizationId} />;
}
