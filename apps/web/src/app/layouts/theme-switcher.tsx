import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isThemeMode, THEME_MODES, type ThemeMode } from '../../shared/theme/theme';
import { useTheme } from '../../shared/theme/theme-provider';
import { Button } from '../../shared/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../shared/ui/dropdown-menu';

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const satisfies Record<ThemeMode, unknown>;

export function ThemeSwitcher() {
  const { t } = useTranslation();
  const { theme, resolvedTheme, setTheme } = useTheme();
  const TriggerIcon = resolvedTheme === 'dark' ? Moon : Sun;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('layout.theme.label')}>
          <TriggerIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-36">
        <DropdownMenuRadioGroup
          value={theme}
          onValueChange={(value) => {
            if (isThemeMode(value)) setTheme(value);
          }}
        >
          {THEME_MODES.map((mode) => {
            const Icon = ICONS[mode];
            return (
              <DropdownMenuRadioItem key={mode} value={mode}>
                <Icon aria-hidden="true" />
                {t(`layout.theme.${mode}`)}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
