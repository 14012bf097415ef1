import { ERROR_CODES } from '@sheaf/contracts/errors';
import { LOCALE_CODES } from '@sheaf/contracts/locales';
import { describe, expect, test } from 'vitest';

type Messages = { [key: string]: string | Messages };

const files = import.meta.glob<Messages>('./*.json', { eager: true, import: 'default' });

function load(code: string): Messages {
  const messages = files[`./${code}.json`];
  if (!messages) {
    throw new Error(`Missing locale file ${code}.json`);
  }
  return messages;
}

function flatten(messages: Messages, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) {
      for (const [nestedKey, nestedValue] of flatten(value, path)) {
        entries.set(nestedKey, nestedValue);
      }
    } else {
      entries.set(path, value);
    }
  }
  return entries;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

const english = flatten(load('en'));
const otherLocales = LOCALE_CODES.filter((code) => code !== 'en');

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** English plural keys (`x_one`, `x_other`) grouped by their base key (`x`). */
const englishPluralBases = new Set(
  [...english.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')),
);

/**
 * The keys a locale must have: every English key, except that a plural message needs the plural forms of
 * the locale's own language (Polish has one, few, many and other; German only one and other).
 */
function expectedKeys(code: string): Map<string, string> {
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const key of english.keys()) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (!englishPluralBases.has(base)) {
      expected.set(key, key);
      continue;
    }
    for (const category of categories) {
      expected.set(`${base}_${category}`, `${base}_other`);
    }
  }
  return expected;
}

describe('locales', () => {
  test('there is one file per supported locale and no other', () => {
    const codes = Object.keys(files)
      .map((path) => path.replace('./', '').replace('.json', ''))
      .sort();
    expect(codes).toEqual([...LOCALE_CODES].sort());
  });

  test('every English message is a non-empty string', () => {
    for (const [key, value] of english) {
      expect(typeof value, key).toBe('string');
      expect(String(value).trim(), key).not.toBe('');
    }
  });

  test('every English plural message has its one and other forms', () => {
    for (const base of englishPluralBases) {
      expect(english.has(`${base}_one`), base).toBe(true);
      expect(english.has(`${base}_other`), base).toBe(true);
    }
  });

  test('every shared error code has an English message', () => {
    for (const code of ERROR_CODES) {
      expect(english.has(`api-errors.${code}`), code).toBe(true);
    }
    expect(english.has('api-errors.default')).toBe(true);
  });

  describe.each(otherLocales)('%s', (code) => {
    const messages = flatten(load(code));

    const expected = expectedKeys(code);

    test('has every English key, with a non-empty string', () => {
      const missing = [...expected.keys()].filter((key) => {
        const value = messages.get(key);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(missing).toEqual([]);
    });

    test('has no key that English does not have', () => {
      const extra = [...messages.keys()].filter((key) => !expected.has(key));
      expect(extra).toEqual([]);
    });

    test('keeps every {{placeholder}} of the English message', () => {
      const mismatches = [...expected.entries()].flatMap(([key, englishKey]) => {
        const wanted = placeholders(String(english.get(englishKey) ?? ''));
        const actual = placeholders(String(messages.get(key) ?? ''));
        return wanted.every((name) => actual.includes(name)) ? [] : [key];
      });
      expect(mismatches).toEqual([]);
    });
  });
});

/** The one spelling of "e-mail" each locale uses (Spanish says "correo" and has none). */
const EMAIL_SPELLINGS: Record<string, RegExp | null> = {
  en: /^e-mail/i,
  fr: /^e-mail/i,
  de: /^E-Mail/,
  'pt-BR': /^e-mail/i,
  pt: /^e-mail/i,
  pl: /^e-mail/i,
  ro: /^e-mail/i,
  es: null,
  it: /^email/i,
};

describe('the spelling of "e-mail"', () => {
  test.each(LOCALE_CODES)('%s spells it one way in every message', (code) => {
    const spelling = EMAIL_SPELLINGS[code] ?? null;
    const words = [...flatten(load(code)).values()].flatMap((value) =>
      [
        ...String(value)
          .replace(/\{\{[^}]*\}\}|\S+@\S+/g, '')
          .matchAll(/(?<![\w-])e-?mail\w*/gi),
      ].map((match) => match[0]),
    );
    const others = words.filter((word) => spelling === null || !spelling.test(word));
    expect(others).toEqual([]);
    if (spelling !== null) expect(words.length).toBeGreaterThan(10);
  });
});
