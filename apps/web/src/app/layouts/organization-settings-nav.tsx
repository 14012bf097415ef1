import { canManageWebhooks } from '@sheaf/contracts/webhooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  ArrowLeft,
  ChartPie,
  FileArchive,
  FolderInput,
  Link2,
  type LucideIcon,
  Mail,
  Settings,
  SlidersHorizontal,
  Webhook,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { myMemberQueryOptions } from '../../modules/members/api';
import { navLinkClasses } from './organization-nav';

type Item = {
  to:
    | '/organizations/$organizationId/settings'
    | '/organizations/$organizationId/settings/usage'
    | '/organizations/$organizationId/settings/properties'
    | '/organizations/$organizationId/settings/intake-emails'
    | '/organizations/$organizationId/settings/share-links'
    | '/organizations/$organizationId/settings/watched-folder'
    | '/organizations/$organizationId/settings/import'
    | '/organizations/$organizationId/settings/webhooks';
  labelKey: string;
  icon: LucideIcon;
  /** Active on the section's sub-pages too (a webhook's create and edit pages). */
  matchesSubPages?: boolean;
  /** Shown to owners and admins only. */
  managersOnly?: boolean;
};

/** Organization settings sections (spec §2 Layout: general, usage, intake emails, webhooks). */
const ITEMS: Item[] = [
  {
    to: '/organizations/$organizationId/settings',
    labelKey: 'layout.organization-settings.general',
    icon: Settings,
  },
  {
    to: '/organizations/$organizationId/settings/properties',
    labelKey: 'layout.organization-settings.properties',
    icon: SlidersHorizontal,
  },
  {
    to: '/organizations/$organizationId/settings/usage',
    labelKey: 'layout.organization-settings.usage',
    icon: ChartPie,
  },
  {
    to: '/organizations/$organizationId/settings/intake-emails',
    labelKey: 'layout.organization-settings.intake-emails',
    icon: Mail,
  },
  {
    to: '/organizations/$organizationId/settings/webhooks',
    labelKey: 'layout.organization-settings.webhooks',
    icon: Webhook,
    matchesSubPages: true,
    managersOnly: true,
  },
  {
    to: '/organizations/$organizationId/settings/share-links',
    labelKey: 'layout.organization-settings.share-links',
    icon: Link2,
  },
  {
    to: '/organizations/$organizationId/settings/watched-folder',
    labelKey: 'layout.organization-settings.watched-folder',
    icon: FolderInput,
  },
  {
    to: '/organizations/$organizationId/settings/import',
    labelKey: 'layout.organization-settings.import',
    icon: FileArchive,
    matchesSubPages: true,
    managersOnly: true,
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
  const me = useQuery(myMemberQueryOptions(organizationId));
  const isManager = me.data ? canManageWebhooks(me.data.role) : false;
  const items = ITEMS.filter((item) => !item.managersOnly || isManager);
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
          {items.map(({ to, labelKey, icon: Icon, matchesSubPages }) => (
            <li key={to}>
              <Link
                to={to}
                params={{ organizationId }}
                activeOptions={{ exact: !matchesSubPages }}
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
