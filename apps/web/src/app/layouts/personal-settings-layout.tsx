import { Link, Outlet } from '@tanstack/react-router';
import { KeyRound, type LucideIcon, Mail, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
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

/** Personal settings (spec §2 Layout): account, API keys, invitations; a column on wide screens, a row of tabs on small ones. */
export function PersonalSettingsLayout() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 md:grid-cols-[12rem_minmax(0,1fr)] md:gap-10">
      <nav aria-label={t('layout.personal-settings.label')} className="md:pt-1">
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
