import { useQuery } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import { ArrowLeft, KeyRound, type LucideIcon, Mail, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { organizationsQueryOptions } from '../../modules/organizations/api';
import { getLastOrganizationId } from '../../modules/organizations/last-organization';
import { cn } from '../../shared/ui/cn';

type Item = { to: '/settings' | '/api-keys' | '/invitations'; labelKey: string; icon: LucideIcon };

const ITEMS: Item[] = [
  { to: '/settings', labelKey: 'layout.personal-settings.account', icon: UserRound },
  { to: '/api-keys', labelKey: 'layout.personal-settings.api-keys', icon: KeyRound },
  { to: '/invitations', labelKey: 'layout.personal-settings.invitations', icon: Mail },
];

const linkClasses = cn(
  'flex h-9 shrink-0 items-center gap-2.5 rounded-md px-2.5 text-sm font-medium text-muted-foreground transition-colors',
  'hover:bg-muted hover:text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring',
  'aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary-soft-foreground',
  '[&_svg]:size-4 [&_svg]:shrink-0',
);

/**
 * The way back out of personal settings: to the organization the user last opened when it is still
 * theirs, else to the list of their organizations (none while they have no organization).
 */
function BackToOrganization() {
  const { t } = useTranslation();
  const organizations = useQuery(organizationsQueryOptions());
  if (!organizations.data || organizations.data.length === 0) return null;
  const lastOrganizationId = getLastOrganizationId();
  const last = organizations.data.find(({ id }) => id === lastOrganizationId);
  const backClasses =
    'mb-3 flex min-w-0 items-start gap-1.5 rounded-md leading-snug px-2.5 py-1 text-sm text-muted-foreground hover:text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0';
  return last ? (
    <Link to="/organizations/$organizationId" params={{ organizationId: last.id }} className={backClasses}>
      <ArrowLeft aria-hidden="true" />
      <span className="line-clamp-2 break-words">
        {t('layout.personal-settings.back-to', { name: last.name })}
      </span>
    </Link>
  ) : (
    <Link to="/organizations" className={backClasses}>
      <ArrowLeft aria-hidden="true" />
      <span className="line-clamp-2 break-words">{t('layout.personal-settings.back-to-organizations')}</span>
    </Link>
  );
}

/** Personal settings (spec §2 Layout): account, API keys, invitations; a column on wide screens, a row of tabs on small ones. */
export function PersonalSettingsLayout() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 md:grid-cols-[12rem_minmax(0,1fr)] md:gap-10">
      <nav aria-label={t('layout.personal-settings.label')} className="md:pt-1">
        <BackToOrganization />
        <p className="mb-2 hidden px-2.5 text-xs font-medium tracking-wide text-muted-foreground uppercase md:block">
          {t('layout.personal-settings.title')}
        </p>
        <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 md:mx-0 md:grid md:gap-0.5 md:overflow-visible md:p-0">
          {ITEMS.map(({ to, labelKey, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className={linkClasses} activeOptions={{ exact: to !== '/api-keys' }}>
                <Icon aria-hidden="true" />
                {t(labelKey)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
