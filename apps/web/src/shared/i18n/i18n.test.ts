import { afterEach, describe, expect, test, vi } from 'vitest';
import { createI18n, getCurrentLocale, LOCALE_STORAGE_KEY, matchLocale } from './i18n';

function mockBrowserLanguages(languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

describe('locale matching', () => {
  test('keeps pt-BR apart from pt', () => {
    expect(matchLocale('pt-BR')).toBe('pt-BR');
    expect(matchLocale('pt-br')).toBe('pt-BR');
    expect(matchLocale('pt-PT')).toBe('pt');
    expect(matchLocale('pt')).toBe('pt');
  });

  test('maps regional variants to their base language and rejects unknown ones', () => {
    expect(matchLocale('fr-CA')).toBe('fr');
    expect(matchLocale('de_AT')).toBe('de');
    expect(matchLocale('ja-JP')).toBeUndefined();
  });
});

describe('language detection', () => {
  afterEach(() => {
    localStorage.clear();
  });

  test.each([
    [['pt-BR', 'en'], 'pt-BR'],
    [['pt-PT', 'en'], 'pt'],
    [['pt'], 'pt'],
    [['ja-JP', 'de-AT'], 'de'],
    [['ja-JP'], 'en'],
  ])('browser languages %j give %s', async (languages, expected) => {
    mockBrowserLanguages(languages);

    const i18n = await createI18n();

    expect(getCurrentLocale(i18n)).toBe(expected);
    expect(document.documentElement.lang).toBe(expected);
  });

  test('a locale stored in local storage wins over the browser languages', async () => {
    mockBrowserLanguages(['de-DE']);
    localStorage.setItem(LOCALE_STORAGE_KEY, 'fr');

    const i18n = await createI18n();

    expect(getCurrentLocale(i18n)).toBe('fr');
    expect(i18n.t('layout.nav.documents')).toBe('Documents');
    expect(i18n.t('layout.nav.tags')).toBe('Étiquettes');
  });

  test('changing the language loads its messages, persists it and updates <html lang>', async () => {
    mockBrowserLanguages(['en-US']);
    const i18n = await createI18n();
    expect(i18n.t('layout.user-menu.language')).toBe('Language');

    await i18n.changeLanguage('pl');

    expect(i18n.t('layout.user-menu.language')).toBe('Język');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('pl');
    expect(document.documentElement.lang).toBe('pl');
  });

  test('a missing translation falls back to English', async () => {
    mockBrowserLanguages(['it']);
    const i18n = await createI18n();
    i18n.addResource('it', 'translation', 'only-en', '');
    i18n.addResource('en', 'translation', 'only-en-2', 'English text');

    expect(i18n.t('only-en-2')).toBe('English text');
  });
});
