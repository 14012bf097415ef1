import { GB, MB, type Plan } from '@sheaf/contracts/plans';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { getCurrentLocale } from '../../../shared/i18n/i18n';

/** A size from the plan table in GB or MB, as the table reads (0.5 GB, 25 MB), in the UI language. */
export function formatPlanSize(bytes: number, locale: string, unit: 'GB' | 'MB'): string {
  const value = bytes / (unit === 'GB' ? GB : MB);
  // The same unit style as every other size of the app (shared/format/bytes): Intl's decimal units.
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: unit === 'GB' ? 'gigabyte' : 'megabyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/** The features of a plan card (spec §3): storage, members, intake addresses, max upload, support. */
export function PlanFeatures({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation();
  const locale = getCurrentLocale(i18n);
  const { limits } = plan;
  const items = [
    limits.maxDocumentStorageBytes === null
      ? t('subscriptions.features.storage-unlimited')
      : t('subscriptions.features.storage', {
          size: formatPlanSize(limits.maxDocumentStorageBytes, locale, 'GB'),
        }),
    limits.maxOrganizationsMembersCount === null
      ? t('subscriptions.features.members-unlimited')
      : t('subscriptions.features.members', { count: limits.maxOrganizationsMembersCount }),
    limits.maxIntakeEmailsCount === null
      ? t('subscriptions.features.intake-emails-unlimited')
      : t('subscriptions.features.intake-emails', { count: limits.maxIntakeEmailsCount }),
    limits.maxFileSize === null
      ? t('subscriptions.features.max-upload-unlimited')
      : t('subscriptions.features.max-upload', { size: formatPlanSize(limits.maxFileSize, locale, 'MB') }),
    t(`subscriptions.features.support-${plan.supportLevel}`),
  ];
  return (
    <ul className="grid gap-2 text-sm">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
