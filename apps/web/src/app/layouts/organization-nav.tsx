import { Link } from '@tanstack/react-router';
import { FileText, Home, ListChecks, type LucideIcon, Settings, Tags, Trash2, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { OrganizationSwitcher } from '../../modules/organizations/components/organization-switcher';
import { PinnedViewsNav } from '../../modules/saved-views/components/pinned-views-nav';
import { UpgradeCallToAction } from '../../modules/subscriptions/components/upgrade-call-to-action';
import { cn } from '../../shared/ui/cn';

type NavItem = {
  to:
    | '/organizations/$organizationId'
    | '/organizations/$organizationId/documents'
    | '/organizations/$organizationId/tags'
    | '/organizations/$organizationId/tagging-rules'
    | '/organizations/$organizationId/members'
    | '/organizations/$organizationId/deleted'
    | '/organizations/$organizationId/settings';
  labelKey: string;
  icon: LucideIcon;
  exact?: boolean;
};

const MAIN_ITEMS: NavItem[] = [
  { to: '/organizations/$organizationId', labelKey: 'layout.nav.home', icon: Home, exact: true },
  { to: '/organizations/$organizationId/documents', labelKey: 'layout.nav.documents', icon: FileText },
  { to: '/organizations/$organizationId/tags', labelKey: 'layout.nav.tags', icon: Tags },
  {
    to: '/organizations/$organizationId/tagging-rules',
    labelKey: 'layout.nav.tagging-rules',
    icon: ListChecks,
  },
  { to: '/organizations/$organizationId/members', labelKey: 'layout.nav.members', icon: Users },
];

const FOOTER_ITEMS: NavItem[] = [
  { to: '/organizations/$organizationId/deleted', labelKey: 'layout.nav.deleted-documents', icon: Trash2 },
  { to: '/organizations/$organizationId/settings', labelKey: 'layout.nav.settings', icon: Settings },
];

export const navLinkClasses = cn(
  'flex h-9 items-center gap-2.5 rounded-md px-2.5 text-sm font-medium text-muted-foreground transition-colors',
  'hover:bg-muted hover:text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring',
  'aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary-soft-foreground',
  '[&_svg]:size-4 [&_svg]:shrink-0',
);

function NavList({
  items,
  organizationId,
  onNavigate,
}: {
  items: NavItem[];
  organizationId: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-0.5">
      {items.map(({ to, labelKey, icon: Icon, exact }) => (
        <li key={to}>
          <Link
            to={to}
            params={{ organizationId }}
            activeOptions={{ exact: exact ?? false }}
            className={navLinkClasses}
            onClick={onNavigate}
          >
            <Icon aria-hidden="true" />
            {t(labelKey)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The organization sidebar: switcher, main items, then the footer items (spec §2 Layout). */
export function OrganizationNav({
  organizationId,
  onNavigate,
}: {
  organizationId: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-0 flex-1 flex-col justify-between gap-4 overflow-y-auto px-3 py-3">
      <div className="grid gap-3">
        <OrganizationSwitcher organizationId={organizationId} onNavigate={onNavigate} />
        <nav aria-label={t('layout.organization-navigation')}>
          <NavList items={MAIN_ITEMS} organizationId={organizationId} onNavigate={onNavigate} />
        </nav>
        <PinnedViewsNav
          organizationId={organizationId}
          linkClassName={navLinkClasses}
          onNavigate={onNavigate}
        />
      </div>
      <div className="grid gap-3">
        <UpgradeCallToAction organizationId={organizationId} />
        <nav aria-label={t('layout.organization-secondary-navigation')}>
          <NavList items={FOOTER_ITEMS} organizationId={organizationId} onNavigate={onNavigate} />
        </nav>
      </div>
    </div>
  );
}
