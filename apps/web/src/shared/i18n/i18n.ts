import { DEFAULT_LOCALE, LOCALE_CODES, type LocaleCode } from '@sheaf/contracts/locales';
import i18next, {
  type BackendModule,
  type i18n as I18n,
  type LanguageDetectorModule,
  type ResourceKey,
} from 'i18next';
import { initReactI18next } from 'react-i18next';
import startupEnglish from './startup-english';

export const LOCALE_STORAGE_KEY = 'sheaf.locale';

type LocaleModule = { default: ResourceKey };

/** The i18n instances createI18n made, and those of them whose English is complete. */
const instances = new Set<I18n>();
const completed = new WeakSet<I18n>();
let allEnglish: Promise<ResourceKey> | undefined;

/**
 * Completes English (the default and fallback language) beyond the sections the entry chunk
 * carries (startup-messages.ts): awaited before the private pages, which use the rest.
 */
export async function loadAllMessages(): Promise<void> {
  if ([...instances].every((instance) => completed.has(instance))) return;
  allEnglish ??= import('../../locales/en.json').then((module) => module.default);
  const english = await allEnglish;
  for (const instance of instances) {
    if (completed.has(instance)) continue;
    instance.addResourceBundle('en', 'translation', english, true, false);
    completed.add(instance);
  }
}

/**
 * Every locale but English is loaded on demand. English, the default and fallback, is bundled: its
 * startup sections in the entry chunk, the rest with the first private page (loadAllMessages).
 */
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

/**
 * The language: the one stored in local storage, else the browser's first supported one (each
 * matched to one of our codes: pt-PT → pt), else English. The chosen language is stored back.
 */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => {
    const candidates = [readStoredLocale(), ...browserLanguages()].flatMap((tag) => {
      const code = tag === undefined ? undefined : matchLocale(tag);
      return code ? [code] : [];
    });
    return candidates.length > 0 ? candidates : undefined;
  },
  cacheUserLanguage: (language) => {
    if (language === 'cimode') return;
    try {
      window.localStorage.setItem(LOCALE_STORAGE_KEY, language);
    } catch {
      // Storage unavailable (private mode, blocked): the language lasts this visit.
    }
  },
};

function readStoredLocale(): string | undefined {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  return [...(navigator.languages ?? []), navigator.language].filter((tag) => typeof tag === 'string');
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
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: startupEnglish } },
      partialBundledLanguages: true,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: LOCALE_CODES,
      nonExplicitSupportedLngs: false,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
      react: { useSuspense: true },
    });
  instances.add(instance);
  return instance;
}

/** The current UI locale of an i18n instance, as one of the nine codes. */
export function getCurrentLocale(instance: Pick<I18n, 'resolvedLanguage' | 'language'>): LocaleCode {
  return matchLocale(instance.resolvedLanguage ?? instance.language ?? '') ?? DEFAULT_LOCALE;
}
