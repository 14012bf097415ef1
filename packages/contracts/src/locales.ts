/** The nine UI languages, in the order shown in the language menu. */
export const LOCALES = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'Français' },
  { code: 'de', name: 'Deutsch' },
  { code: 'pt-BR', name: 'Português (Brasil)' },
  { code: 'pt', name: 'Português' },
  { code: 'pl', name: 'Polski' },
  { code: 'ro', name: 'Română' },
  { code: 'es', name: 'Español' },
  { code: 'it', name: 'Italiano' },
] as const;

export type LocaleCode = (typeof LOCALES)[number]['code'];
export const LOCALE_CODES = LOCALES.map((locale) => locale.code) as LocaleCode[];
export const DEFAULT_LOCALE: LocaleCode = 'en';
