import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { HardDrive, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/bytes';
import { getCurrentLocale } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button';
import { cn } from '../../../shared/ui/cn';
import { useConfig } from '../../config/config-context';
import { usageQueryOptions } from '../api';
import { dismissStorageBanner, isStorageBannerDismissed } from '../banner-dismissal';
import { formatPercent, isStorageNearLimit, storageUsedBytes, usagePercent } from '../usage';
import { useUpgradeDialog } from './upgrade-dialog-host';

function Banner({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const usage = useQuery(usageQueryOptions(organizationId));
  const upgradeDialog = useUpgradeDialog();
  const [isDismissed, setIsDismissed] = useState(() => isStorageBannerDismissed(organizationId));
  const data = usage.data?.usage;
  if (!data || isDismissed || !isStorageNearLimit(data)) return null;

  const { limit } = data.documentsStorage;
  const used = storageUsedBytes(data);
  const percent = usagePercent(used, limit) ?? 0;
  const isFull = percent >= 100;
  const size = (bytes: number) =>
    formatBytes(bytes, { base: 1000, decimals: 1, locale: getCurrentLocale(i18n) });

  return (
    <section
      aria-label={t('subscriptions.banner.label')}
      className={cn(
        'mb-6 flex flex-col gap-3 rounded-xl border px-4 py-3 sm:flex-row sm:items-center',
        isFull ? 'border-danger/40 bg-danger/5' : 'border-warning/40 bg-warning/5',
      )}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <HardDrive
          className={cn('mt-0.5 size-5 shrink-0', isFull ? 'text-danger' : 'text-warning')}
          aria-hidden="true"
        />
        <div className="grid gap-0.5">
          <p className="text-sm font-semibold">
            {isFull
              ? t('subscriptions.banner.full-title')
              : t('subscriptions.banner.title', { percent: formatPercent(percent, getCurrentLocale(i18n)) })}
          </p>
          <p className="text-[0.8125rem] text-muted-foreground">
            {t('subscriptions.banner.description', {
              used: size(used),
              limit: limit === null ? '' : size(limit),
            })}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-2 pl-8 sm:pl-0">
        {upgradeDialog ? (
          <Button size="sm" onClick={upgradeDialog.openUpgradeDialog}>
            {t('subscriptions.upgrade.cta')}
          </Button>
        ) : null}
        <Button asChild size="sm" variant="outline">
          <Link to="/organizations/$organizationId/settings/usage" params={{ organizationId }}>
            {t('subscriptions.banner.see-usage')}
          </Link>
        </Button>
        <Button
          size="icon-sm"
          variant="ghost"
          aria-label={t('subscriptions.banner.dismiss')}
          onClick={() => {
            dismissStorageBanner(organizationId);
            setIsDismissed(true);
          }}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}

/**
 * The storage warning (spec §2 Layout, §4): shown at 80 % of the storage limit or more; dismissing it
 * hides it for this organization for 24 hours. Nothing is fetched while subscriptions are disabled.
 */
export function StorageBanner({ organizationId }: { organizationId: string }) {
  const { isSubscriptionsEnabled } = useConfig();
  if (!isSubscriptionsEnabled) return null;
  return <Banner key={organizationId} organizationId={organizationId} />;
}
