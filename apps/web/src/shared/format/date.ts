import type { LocaleCode } from '@sheaf/contracts/locales';
import { format, formatDistanceToNow, type Locale } from 'date-fns';
import { de, enUS, es, fr, it, pl, pt, ptBR, ro } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import { getCurrentLocale } from '../i18n/i18n';

const DATE_FNS_LOCALES: Record<LocaleCode, Locale> = {
  en: enUS,
  fr,
  de,
  'pt-BR': ptBR,
  pt,
  pl,
  ro,
  es,
  it,
};

/**
 * A date in the order and words of the UI language: "Nov 24, 2026" in English, "24 nov. 2026" in
 * French, "24. Nov. 2026" in German (date-fns' medium localized date).
 */
export const DATE_FORMAT = 'PP';

export function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

export function formatDate(value: Date | string | number, locale: LocaleCode = 'en'): string {
  return format(toDate(value), DATE_FORMAT, { locale: DATE_FNS_LOCALES[locale] });
}

export function formatDateTime(value: Date | string | number, locale: LocaleCode = 'en'): string {
  return format(toDate(value), 'PPp', { locale: DATE_FNS_LOCALES[locale] });
}

export function formatRelative(value: Date | string | number, locale: LocaleCode = 'en'): string {
  return formatDistanceToNow(toDate(value), { addSuffix: true, locale: DATE_FNS_LOCALES[locale] });
}

/** Date formatters bound to the current UI language. */
export function useDateFormatter() {
  const { i18n } = useTranslation();
  const locale = getCurrentLocale(i18n);
  return {
    locale,
    formatDate: (value: Date | string | number) => formatDate(value, locale),
    formatDateTime: (value: Date | string | number) => formatDateTime(value, locale),
    formatRelative: (value: Date | string | number) => formatRelative(value, locale),
  };
}
