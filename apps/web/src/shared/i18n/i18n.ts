import { DEFAULT_LOCALE, LOCALE_CODES, type LocaleCode } from '@sheaf/contracts/locales';
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';

export const LOCALE_STORAGE_KEY = 'sheaf.locale';

type LocaleModule = { default: ResourceKey };

/** Every locale but English is loaded on demand (English is bundled: it is the default and fallback). */
const lazyLocales = import.meta.glob<LocaleModule>(['../../locales/*.json', '!../../locales/en.json']);

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, callback) => {
    const load = lazyLocales[`../../locales/${language}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}

/**
 * The supported locale for a language tag: exact match first (pt-BR), then the base language
 * (pt-PT → pt, fr-CA → fr), case-insensitively; undefined when none fits.
 */
export function matchLocale(tag: string): LocaleCode | undefined {
  const normalized = tag.trim().replace('_', '-').toLowerCase();
  if (!normalized) {
    return undefined;
  }
  const exact = LOCALE_CODES.find((code) => code.toLowerCase() === normalized);
  if (exact) {
    return exact;
  }
  const base = normalized.split('-')[0];
  return LOCALE_CODES.find((code) => code.toLowerCase() === base);
}

function syncDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.documentElement.dir = i18next.dir(language);
  }
}

/** Creates and initialises the i18next instance (detection: localStorage, then the browser). */
export async function createI18n(): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.on('languageChanged', syncDocumentLanguage);
  await instance
    .use(lazyLocaleBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: LOCALE_CODES,
      nonExplicitSupportedLngs: false,
      load: 'currentOnly',
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: LOCALE_STORAGE_KEY,
        caches: ['localStorage'],
        convertDetectedLanguage: (language: string) => matchLocale(language) ?? language,
      },
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
      react: { useSuspense: true },
    });
  return instance;
}

/** The current UI locale of an i18n instance, as one of the nine codes. */
export function getCurrentLocale(instance: Pick<I18n, 'resolvedLanguage' | 'language'>): LocaleCode {
  return matchLocale(instance.resolvedLanguage ?? instance.language ?? '') ?? DEFAULT_LOCALE;
}
