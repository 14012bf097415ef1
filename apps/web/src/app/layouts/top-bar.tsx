import type { ReactNode } from 'react';
import { ThemeSwitcher } from './theme-switcher';
import { UserMenu } from './user-menu';

/** The top bar: optional leading content (menu button, logo), optional actions, the theme switcher and the user menu. */
export function TopBar({ leading, actions }: { leading?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/75 sm:px-5">
      <div className="flex min-w-0 flex-1 items-center gap-2">{leading}</div>
      <div className="flex items-center gap-1.5">
        {actions}
        <ThemeSwitcher />
        <UserMenu />
      </div>
    </header>
  );
}
