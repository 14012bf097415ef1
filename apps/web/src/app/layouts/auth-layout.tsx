import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../shared/ui/logo';
import { LanguageSwitcher } from './language-switcher';
import { ThemeSwitcher } from './theme-switcher';

/** Layout of the public-only pages (sign-in, registration…): a centred card. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Logo />
        <div className="flex items-center gap-1">
          <ThemeSwitcher />
          <LanguageSwitcher />
        </div>
      </header>
      <main
        id="main-content"
        className="flex flex-1 items-start justify-center px-4 pt-[8vh] pb-12 sm:items-center sm:pt-0"
      >
        <div className="w-full max-w-sm rounded-xl border bg-surface p-6 shadow-sm sm:p-8">
          <Outlet />
        </div>
      </main>
      <footer className="px-6 py-4 text-center text-xs text-muted-foreground">{t('common.tagline')}</footer>
    </div>
  );
}
