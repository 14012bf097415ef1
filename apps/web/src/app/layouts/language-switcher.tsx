import { LOCALES, type LocaleCode } from '@sheaf/contracts/locales';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { getCurrentLocale } from '../../shared/i18n/i18n';
import { Button } from '../../shared/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../shared/ui/dropdown-menu';

/**
 * The nine locales as radio items (current one checked); used by the user menu and the auth pages.
 * `onLocaleChange` tells the server too, for a signed-in user (the e-mails follow the language).
 */
export function LocaleRadioItems({ onLocaleChange }: { onLocaleChange?: (code: LocaleCode) => void }) {
  const { i18n } = useTranslation();
  return (
    <DropdownMenuRadioGroup
      value={getCurrentLocale(i18n)}
      onValueChange={(code) => {
        void i18n.changeLanguage(code);
        onLocaleChange?.(code as LocaleCode);
      }}
    >
      {LOCALES.map((locale) => (
        <DropdownMenuRadioItem key={locale.code} value={locale.code} lang={locale.code}>
          {locale.name}
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuRadioGroup>
  );
}

/** A stand-alone language menu, for pages without the user menu (sign-in, registration…). */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('layout.language.label')}>
          <Languages aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-48">
        <LocaleRadioItems />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
