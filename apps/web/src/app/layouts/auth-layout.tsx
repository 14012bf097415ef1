import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../shared/ui/logo';

// The switchers are Radix dropdown menus (menu, popper, focus scope…): they load beside the page,
// which does not wait for them.
const ThemeSwitcher = lazy(() =>
  import('./theme-switcher').then(({ ThemeSwitcher }) => ({ default: ThemeSwitcher })),
);
const LanguageSwitcher = lazy(() =>
  import('./language-switcher').then(({ LanguageSwitcher }) => ({ default: LanguageSwitcher })),
);

/** Holds a switcher's place (an icon button's size) while it loads. */
const switcherPlaceholder = <span aria-hidden="true" className="inline-block size-9" />;

/** Layout of the public-only pages (sign-in, registration…): a centred card. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Logo />
        <div className="flex items-center gap-1">
          <Suspense fallback={switcherPlaceholder}>
            <ThemeSwitcher />
          </Suspense>
          <Suspense fallback={switcherPlaceholder}>
            <LanguageSwitcher />
          </Suspense>
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
