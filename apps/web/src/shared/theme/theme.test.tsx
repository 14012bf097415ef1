import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ThemeSwitcher } from '../../app/layouts/theme-switcher';
import { TestProviders } from '../../test/render';
import { readStoredTheme, THEME_STORAGE_KEY } from './theme';
import { useTheme } from './theme-provider';

type Listener = (event: { matches: boolean }) => void;

function mockSystemTheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<Listener>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query.includes('dark') ? dark : false;
        },
        media: query,
        addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
        removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return {
    setDark(next: boolean) {
      dark = next;
      for (const listener of listeners) listener({ matches: next });
    },
  };
}

function ResolvedTheme() {
  const { theme, resolvedTheme } = useTheme();
  return (
    <output>
      {theme}:{resolvedTheme}
    </output>
  );
}

function renderThemeUi() {
  return render(
    <TestProviders>
      <ThemeSwitcher />
      <ResolvedTheme />
    </TestProviders>,
  );
}

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    document.documentElement.className = '';
  });

  test('defaults to system, following the OS preference', () => {
    mockSystemTheme(true);
    renderThemeUi();

    expect(screen.getByRole('status')).toHaveTextContent('system:dark');
    expect(document.documentElement).toHaveClass('dark');
  });

  test('follows OS changes while on system', () => {
    const system = mockSystemTheme(false);
    renderThemeUi();
    expect(document.documentElement).not.toHaveClass('dark');

    act(() => system.setDark(true));

    expect(screen.getByRole('status')).toHaveTextContent('system:dark');
    expect(document.documentElement).toHaveClass('dark');
  });

  test('choosing dark in the switcher applies the dark class and persists it', async () => {
    mockSystemTheme(false);
    const user = userEvent.setup();
    renderThemeUi();

    await user.click(screen.getByRole('button', { name: 'Change theme' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Dark' }));

    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  test('a stored choice survives a reload and overrides the OS', () => {
    mockSystemTheme(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');

    renderThemeUi();

    expect(screen.getByRole('status')).toHaveTextContent('light:light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  test('an invalid stored value falls back to system', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(readStoredTheme()).toBe('system');
  });
});
