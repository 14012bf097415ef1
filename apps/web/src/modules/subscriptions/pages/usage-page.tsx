import type { UsageDto } from '@sheaf/contracts/subscriptions';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { AlertTriangle, HardDrive, Mail, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/bytes';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { getCurrentLocale } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { PageHeader } from '../../../shared/ui/page-header';
import { Spinner } from '../../../shared/ui/spinner';
import { useConfig } from '../../config/config-context';
import { subscriptionQueryOptions, usageQueryOptions } from '../api';
import { useUpgradeDialog } from '../components/upgrade-dialog-host';
import { UsageMeter } from '../components/usage-meter';
import { isAtLimit, storageUsedBytes } from '../usage';

const routeApi = getRouteApi('/private/organizations/$organizationId/settings/usage');

function LimitReachedNote({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-lg bg-danger/10 px-3 py-2 text-[0.8125rem] text-danger">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

function StorageMeter({ usage }: { usage: UsageDto }) {
  const { t, i18n } = useTranslation();
  const locale = getCurrentLocale(i18n);
  const { used, deleted, limit } = usage.documentsStorage;
  const total = storageUsedBytes(usage);
  const size = (bytes: number) => formatBytes(bytes, { base: 1000, decimals: 1, locale });
  const atLimit = isAtLimit(total, limit);
  return (
    <UsageMeter
      icon={HardDrive}
      title={t('subscriptions.usage.storage.title')}
      used={total}
      limit={limit}
      usedLabel={size(total)}
      limitLabel={limit === null ? null : size(limit)}
      segments={[
        { value: used, label: 'documents', className: atLimit ? 'bg-danger' : 'bg-primary' },
        { value: deleted, label: 'trash', className: atLimit ? 'bg-danger/45' : 'bg-primary/40' },
      ]}
      legend={
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-[0.8125rem] text-muted-foreground">
          <li className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-full bg-primary" aria-hidden="true" />
            {t('subscriptions.usage.storage.documents', { size: size(used) })}
          </li>
          <li className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-full bg-primary/40" aria-hidden="true" />
            {t('subscriptions.usage.storage.trash', { size: size(deleted) })}
          </li>
        </ul>
      }
      note={atLimit ? <LimitReachedNote>{t('subscriptions.usage.storage.full')}</LimitReachedNote> : null}
    />
  );
}

function UsageMeters({ usage }: { usage: UsageDto }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(getCurrentLocale(i18n));
  const { membersCount, intakeEmailsCount } = usage;
  return (
    <div className="grid gap-4">
      <StorageMeter usage={usage} />
      <div className="grid gap-4 md:grid-cols-2">
        <UsageMeter
          icon={Users}
          title={t('subscriptions.usage.members.title')}
          used={membersCount.used}
          limit={membersCount.limit}
          usedLabel={number.format(membersCount.used)}
          limitLabel={membersCount.limit === null ? null : number.format(membersCount.limit)}
          note={
            isAtLimit(membersCount.used, membersCount.limit) ? (
              <LimitReachedNote>{t('subscriptions.usage.members.full')}</LimitReachedNote>
            ) : (
              <p className="text-[0.8125rem] text-muted-foreground">
                {t('subscriptions.usage.members.hint')}
              </p>
            )
          }
        />
        <UsageMeter
          icon={Mail}
          title={t('subscriptions.usage.intake-emails.title')}
          used={intakeEmailsCount.used}
          limit={intakeEmailsCount.limit}
          usedLabel={number.format(intakeEmailsCount.used)}
          limitLabel={intakeEmailsCount.limit === null ? null : number.format(intakeEmailsCount.limit)}
          note={
            isAtLimit(intakeEmailsCount.used, intakeEmailsCount.limit) ? (
              <LimitReachedNote>{t('subscriptions.usage.intake-emails.full')}</LimitReachedNote>
            ) : null
          }
        />
      </div>
    </div>
  );
}

/** The plan line above the meters, with "Upgrade" on the free plan (subscriptions enabled only). */
function PlanSummary({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const subscription = useQuery(subscriptionQueryOptions(organizationId));
  const upgradeDialog = useUpgradeDialog();
  const plan = subscription.data?.plan;
  if (!plan) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed px-4 py-3">
      <p className="text-sm">{t('subscriptions.usage.current-plan', { plan: plan.name })}</p>
      {plan.id !== 'pro' && upgradeDialog ? (
        <Button size="sm" onClick={upgradeDialog.openUpgradeDialog}>
          {t('subscriptions.upgrade.cta')}
        </Button>
      ) : null}
    </div>
  );
}

/** `/organizations/{id}/settings/usage` (spec §2): storage, members and intake addresses against the limits. */
export function UsagePage() {
  const { t } = useTranslation();
  const { organizationId } = routeApi.useParams();
  const { isSubscriptionsEnabled } = useConfig();
  const usage = useQuery(usageQueryOptions(organizationId));

  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader title={t('organizations.usage.title')} description={t('organizations.usage.description')} />
      {isSubscriptionsEnabled ? <PlanSummary organizationId={organizationId} /> : null}
      {usage.data ? (
        <UsageMeters usage={usage.data.usage} />
      ) : usage.isError ? (
        <div className="grid justify-items-start gap-3">
          <FormError>{getErrorMessage(usage.error, t)}</FormError>
          <Button variant="outline" onClick={() => void usage.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <div className="flex justify-center py-10 text-primary">
          <Spinner size="lg" />
        </div>
      )}
    </div>
  );
}
