import { Link } from '@tanstack/react-router';
import { ArrowLeft, ChartPie, type LucideIcon, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { navLinkClasses } from './organization-nav';

type Item = {
  to: '/organizations/$organizationId/settings' | '/organizations/$organizationId/settings/usage';
  labelKey: string;
  icon: LucideIcon;
};

/** Organization settings sections; intake e-mails and webhooks join once they are built. */
const ITEMS: Item[] = [
  {
    to: '/organizations/$organizationId/settings',
    labelKey: 'layout.organization-settings.general',
    icon: Settings,
  },
  {
    to: '/organizations/$organizationId/settings/usage',
    labelKey: 'layout.organization-settings.usage',
    icon: ChartPie,
  },
];

/** The sidebar while in organization settings (spec §2 Layout): a way back, then the settings sections. */
export function OrganizationSettingsNav({
  organizationId,
  onNavigate,
}: {
  organizationId: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-3 py-3">
      <Link
        to="/organizations/$organizationId"
        params={{ organizationId }}
        activeOptions={{ exact: true }}
        className={navLinkClasses}
        onClick={onNavigate}
      >
        <ArrowLeft aria-hidden="true" />
        {t('layout.organization-settings.back')}
      </Link>
      <nav aria-label={t('layout.organization-settings.label')}>
        <p className="mb-1.5 px-2.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {t('layout.organization-settings.title')}
        </p>
        <ul className="grid gap-0.5">
          {ITEMS.map(({ to, labelKey, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                params={{ organizationId }}
                activeOptions={{ exact: true }}
                className={navLinkClasses}
                onClick={onNavigate}
              >
                <Icon aria-hidden="true" />
                {t(labelKey)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
