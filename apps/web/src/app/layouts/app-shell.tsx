import { Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../shared/ui/logo';
import { SkipLink } from './skip-link';
import { TopBar } from './top-bar';

/** Shell of the pages outside an organization: top bar and a centred content column. */
export function AppShell() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <TopBar
        leading={
          <Link to="/" aria-label={t('layout.home-link')} className="inline-flex rounded-md">
            <Logo />
          </Link>
        }
      />
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 outline-none sm:px-6 lg:py-8"
      >
        <Outlet />
      </main>
    </div>
  );
}
