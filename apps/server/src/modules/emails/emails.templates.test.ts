import { LOCALE_CODES } from '@sheaf/contracts/locales';
import { describe, expect, it } from 'vitest';
import { SECURITY_NOTICES } from './emails.models';
import {
  emailTranslations,
  escapeHtml,
  formatEmailDateTime,
  getEmailTemplates,
  resolveEmailLocale,
} from './emails.templates';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const placeholdersOf = (value: string) => [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const english = flatten(emailTranslations.en);

describe('e-mail translations', () => {
  it.each(LOCALE_CODES)(
    '%s has every English key, non-empty, with the same placeholders and no extra key',
    (code) => {
      const translations = flatten(emailTranslations[code]);
      expect(Object.keys(translations).sort()).toEqual(Object.keys(english).sort());
      for (const [key, englishValue] of Object.entries(english)) {
        const value = translations[key] ?? '';
        expect(value.trim(), `${code}: ${key}`).not.toBe('');
        expect(placeholdersOf(value), `${code}: ${key}`).toEqual(placeholdersOf(englishValue));
      }
    },
  );

  it('are real translations rather than English copies', () => {
    for (const code of LOCALE_CODES.filter((locale) => locale !== 'en')) {
      const translations = flatten(emailTranslations[code]);
      expect(translations['verifyEmail.subject'], code).not.toBe(english['verifyEmail.subject']);
      expect(translations['resetPassword.intro'], code).not.toBe(english['resetPassword.intro']);
      expect(translations['securityNotice.ifNotYou'], code).not.toBe(english['securityNotice.ifNotYou']);
    }
  });
});

describe('e-mail locale resolution', () => {
  it('uses the exact locale when it is supported, whatever its case or separator', () => {
    expect(resolveEmailLocale('pt-BR')).toBe('pt-BR');
    expect(resolveEmailLocale('pt_br')).toBe('pt-BR');
    expect(resolveEmailLocale('DE')).toBe('de');
  });

  it('falls back to the base language of a regional locale', () => {
    expect(resolveEmailLocale('pt-PT')).toBe('pt');
    expect(resolveEmailLocale('fr-CA')).toBe('fr');
    expect(resolveEmailLocale('es-419')).toBe('es');
  });

  it('falls back to English for an unknown, empty or missing locale', () => {
    expect(resolveEmailLocale('ja')).toBe('en');
    expect(resolveEmailLocale('')).toBe('en');
    expect(resolveEmailLocale(null)).toBe('en');
    expect(resolveEmailLocale(undefined)).toBe('en');
  });

  it('renders a Portuguese verification e-mail for pt-PT and an English one for an unknown locale', () => {
    const portuguese = getEmailTemplates('pt-PT').verifyEmail({ name: 'Ana', url: 'https://sheaf.test/v' });
    expect(portuguese.subject).toBe(emailTranslations.pt.verifyEmail.subject);
    expect(portuguese.html).toContain('<html lang="pt"');

    const unknown = getEmailTemplates('xx-YY').verifyEmail({ name: 'Ana', url: 'https://sheaf.test/v' });
    expect(unknown.subject).toBe(emailTranslations.en.verifyEmail.subject);
    expect(unknown.html).toContain('<html lang="en"');
  });
});

describe('e-mail templates', () => {
  const url = 'https://sheaf.example/api/auth/verify-email?token=abc.def&callbackURL=%2Fdone';

  it.each(LOCALE_CODES)(
    'renders the three messages in %s with a subject, the link in both bodies and the footer',
    (code) => {
      const templates = getEmailTemplates(code);
      const translations = emailTranslations[code];
      const messages = [
        templates.verifyEmail({ name: 'Ada', url }),
        templates.resetPassword({ name: 'Ada', url }),
        templates.invitation({ inviterName: 'Ada', organizationName: 'Acme', url }),
      ];
      for (const message of messages) {
        expect(message.subject.trim()).not.toBe('');
        expect(message.subject).not.toMatch(/\{\{|\}\}/);
        expect(message.text).toContain(url);
        expect(message.text).not.toMatch(/\{\{|\}\}/);
        expect(message.html).not.toMatch(/\{\{|\}\}/);
        expect(message.html).toContain(`<html lang="${code}"`);
        // Once as the button, once as the raw fallback link.
        expect(message.html.split(`href="${escapeHtml(url)}"`)).toHaveLength(3);
        expect(message.html).toContain(`>${escapeHtml(url)}</a>`);
        expect(message.html).toContain(escapeHtml(translations.common.linkFallback));
      }
      expect(messages[0]?.html).toContain(escapeHtml(translations.verifyEmail.ignore));
      expect(messages[1]?.html).toContain(escapeHtml(translations.resetPassword.ignore));
      expect(messages[2]?.html).toContain(escapeHtml(translations.invitation.ignore));
    },
  );

  it('puts the inviter and the organization in the invitation subject and bodies', () => {
    const message = getEmailTemplates('en').invitation({
      inviterName: 'Grace Hopper',
      organizationName: 'Navy Archives',
      url: 'https://sheaf.example/invitations/inv_1',
    });
    expect(message.subject).toBe('Grace Hopper invited you to join Navy Archives on Sheaf');
    expect(message.text).toContain('Grace Hopper invited you to join the organization Navy Archives');
    expect(message.html).toContain('Join Navy Archives on Sheaf');
  });

  it('escapes a name like <script> in the HTML body and keeps it readable in the text body', () => {
    const name = '<script>alert("x")</script> & Co';
    const message = getEmailTemplates('en').verifyEmail({ name, url: 'https://sheaf.example/v?a=1&b="2"' });
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain('Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co,');
    expect(message.html).toContain('href="https://sheaf.example/v?a=1&amp;b=&quot;2&quot;"');
    expect(message.text).toContain(`Hi ${name},`);
  });

  it('escapes inviter and organization names everywhere in the HTML, title included', () => {
    const message = getEmailTemplates('fr').invitation({
      inviterName: '<img src=x onerror=alert(1)>',
      organizationName: '"Acme" <b>',
      url: 'https://sheaf.example/i',
    });
    expect(message.html).not.toMatch(/<img|<b>/);
    expect(message.html).toContain('<title>&lt;img src=x onerror=alert(1)&gt; vous invite');
    expect(message.html).toContain('&quot;Acme&quot; &lt;b&gt;');
  });

  it('keeps the subject on one line when a value carries line breaks', () => {
    const message = getEmailTemplates('en').invitation({
      inviterName: 'Eve\r\nBcc: victim@example.com',
      organizationName: 'Acme',
      url: 'https://sheaf.example/i',
    });
    expect(message.subject).not.toMatch(/[\r\n]/);
  });

  it('greets without a name when the name is blank', () => {
    const message = getEmailTemplates('de').resetPassword({ name: '  ', url: 'https://sheaf.example/r' });
    expect(message.text).toContain('\nHallo,\n');
    expect(message.html).toContain('>Hallo,</p>');
  });
});

describe('security notice e-mails', () => {
  const settingsUrl = 'https://sheaf.example/settings';
  const at = '2025-03-07T14:05:09.000Z';
  const device = { browser: 'Firefox on Linux', address: '203.0.113.0/24' };
  // ICU versions differ on the space before "PM" (U+0020 or U+202F): compare with plain spaces.
  const plainSpaces = (value: string) => value.replace(/\s/g, ' ');

  it.each([
    [
      'two_factor_enabled',
      'Two-factor sign-in was turned on for your Sheaf account',
      'fr',
      'La connexion à deux facteurs a été activée sur votre compte Sheaf',
    ],
    [
      'two_factor_disabled',
      'Two-factor sign-in was turned off for your Sheaf account',
      'de',
      'Die Zwei-Faktor-Anmeldung wurde für Ihr Sheaf-Konto deaktiviert',
    ],
    [
      'backup_codes_regenerated',
      'New backup codes were generated for your Sheaf account',
      'pl',
      'Wygenerowano nowe kody zapasowe dla Twojego konta Sheaf',
    ],
    [
      'passkey_added',
      'A passkey was added to your Sheaf account',
      'pt-BR',
      'Uma chave de acesso foi adicionada à sua conta do Sheaf',
    ],
    [
      'password_changed',
      'The password of your Sheaf account was changed',
      'es',
      'Se ha cambiado la contraseña de tu cuenta de Sheaf',
    ],
    ['new_sign_in', 'New sign-in to your Sheaf account', 'it', 'Nuovo accesso al tuo account Sheaf'],
  ] as const)(
    'renders %s in English and in another locale with its translated subject',
    (notice, englishSubject, locale, translatedSubject) => {
      const english = getEmailTemplates('en').securityNotice({
        name: 'Ada',
        notice,
        at,
        device,
        url: settingsUrl,
      });
      expect(english.subject).toBe(englishSubject);
      expect(english.html).toContain(`<title>${escapeHtml(englishSubject)}</title>`);
      expect(english.text).toContain('Hi Ada,');
      expect(plainSpaces(english.text)).toContain('When: March 7, 2025 at 2:05 PM UTC');
      expect(english.text).toContain('Device: Firefox on Linux');
      expect(english.text).toContain('IP address range: 203.0.113.0/24');
      expect(english.text).toContain('If it wasn');
      expect(english.text).toContain(`\n${settingsUrl}\n`);
      expect(english.html.split(`href="${settingsUrl}"`)).toHaveLength(3);

      const translated = getEmailTemplates(locale).securityNotice({
        name: 'Ada',
        notice,
        at,
        device,
        url: settingsUrl,
      });
      expect(translated.subject).toBe(translatedSubject);
      expect(translated.html).toContain(`<html lang="${locale}"`);
      expect(translated.text).toContain(`\n${settingsUrl}\n`);
      expect(translated.text).toContain('203.0.113.0/24');
      expect(plainSpaces(translated.text)).toContain(formatEmailDateTime(at, locale).replace(/\s/g, ' '));
    },
  );

  it.each(LOCALE_CODES)('renders every notice in %s, translated, with no placeholder left', (code) => {
    for (const notice of SECURITY_NOTICES) {
      const message = getEmailTemplates(code).securityNotice({
        name: 'Ada',
        notice,
        at,
        device,
        passkeyName: 'YubiKey',
        url: settingsUrl,
      });
      const english = getEmailTemplates('en').securityNotice({
        name: 'Ada',
        notice,
        at,
        device,
        passkeyName: 'YubiKey',
        url: settingsUrl,
      });
      if (code !== 'en') expect(message.subject, `${code}: ${notice}`).not.toBe(english.subject);
      for (const part of [message.subject, message.text, message.html]) expect(part).not.toMatch(/\{\{|\}\}/);
      expect(message.html).toContain(escapeHtml(emailTranslations[code].securityNotice.footer));
      expect(message.html).toContain(escapeHtml(emailTranslations[code].securityNotice.button));
    }
  });

  it('falls back to English for an unknown or missing locale', () => {
    for (const locale of ['xx-YY', null, undefined, '']) {
      const message = getEmailTemplates(locale).securityNotice({
        name: 'Ada',
        notice: 'two_factor_disabled',
        at,
        url: settingsUrl,
      });
      expect(message.subject).toBe('Two-factor sign-in was turned off for your Sheaf account');
      expect(message.html).toContain('<html lang="en"');
    }
  });

  it('shows when it happened in UTC, whatever the offset of the given time', () => {
    const message = getEmailTemplates('de').securityNotice({
      name: 'Ada',
      notice: 'password_changed',
      at: '2025-03-08T01:30:00+02:00',
      url: settingsUrl,
    });
    expect(plainSpaces(message.text)).toContain('Zeitpunkt: 7. März 2025 um 23:30 UTC');
    expect(plainSpaces(formatEmailDateTime('2025-12-31T23:59:00Z', 'en'))).toBe(
      'December 31, 2025 at 11:59 PM UTC',
    );
    expect(plainSpaces(formatEmailDateTime('2025-12-31T23:59:00Z', 'fr'))).toBe(
      '31 décembre 2025 à 23:59 UTC',
    );
  });

  it('refuses a time that is not a date', () => {
    expect(() =>
      getEmailTemplates('en').securityNotice({
        name: 'Ada',
        notice: 'new_sign_in',
        at: 'yesterday',
        url: settingsUrl,
      }),
    ).toThrow(/ISO date/);
  });

  it('shows the device and the address only when known, and the passkey name only for a new passkey', () => {
    const withoutDevice = getEmailTemplates('en').securityNotice({
      name: 'Ada',
      notice: 'two_factor_enabled',
      at,
      url: settingsUrl,
    });
    expect(withoutDevice.text).not.toContain('Device:');
    expect(withoutDevice.text).not.toContain('IP address range:');

    const withoutAddress = getEmailTemplates('en').securityNotice({
      name: 'Ada',
      notice: 'new_sign_in',
      at,
      device: { browser: 'Safari on iOS', address: null },
      url: settingsUrl,
    });
    expect(withoutAddress.text).toContain('Device: Safari on iOS');
    expect(withoutAddress.text).not.toContain('IP address range:');

    const passkey = getEmailTemplates('en').securityNotice({
      name: 'Ada',
      notice: 'passkey_added',
      at,
      passkeyName: 'MacBook Touch ID',
      url: settingsUrl,
    });
    expect(passkey.text).toContain('Passkey: MacBook Touch ID');
    const unnamedPasskey = getEmailTemplates('en').securityNotice({
      name: 'Ada',
      notice: 'passkey_added',
      at,
      passkeyName: null,
      url: settingsUrl,
    });
    expect(unnamedPasskey.text).not.toContain('Passkey:');
    const otherNotice = getEmailTemplates('en').securityNotice({
      name: 'Ada',
      notice: 'password_changed',
      at,
      passkeyName: 'MacBook Touch ID',
      url: settingsUrl,
    });
    expect(otherNotice.text).not.toContain('MacBook Touch ID');
  });

  it('tells someone whose password was changed behind their back to reset it from the sign-in page', () => {
    const message = getEmailTemplates('en').securityNotice({
      name: 'Ada',
      notice: 'password_changed',
      at,
      url: settingsUrl,
    });
    expect(message.text).toContain(
      'reset your password right away with “Forgot password?” on the sign-in page',
    );
    expect(message.text).not.toContain(emailTranslations.en.securityNotice.ifNotYou);

    const signIn = getEmailTemplates('en').securityNotice({
      name: 'Ada',
      notice: 'new_sign_in',
      at,
      device,
      url: settingsUrl,
    });
    expect(signIn.text).toContain(emailTranslations.en.securityNotice.ifNotYou);
    expect(signIn.text).toContain('contact the administrator of this Sheaf server');
  });

  it('escapes a hostile passkey name and browser in the HTML and keeps them on one line in the text', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const message = getEmailTemplates('en').securityNotice({
      name: '<b>Ada</b>',
      notice: 'passkey_added',
      at,
      device: { browser: '<script>alert("ua")</script>', address: '"203.0.113.0/24"' },
      passkeyName: `${hostile}\r\nBcc: victim@example.com`,
      url: settingsUrl,
    });
    expect(message.html).not.toMatch(/<img|<script|<b>/);
    expect(message.html).toContain('&lt;img src=x onerror=alert(1)&gt; Bcc: victim@example.com');
    expect(message.html).toContain('&lt;script&gt;alert(&quot;ua&quot;)&lt;/script&gt;');
    expect(message.html).toContain('&quot;203.0.113.0/24&quot;');
    expect(message.html).toContain('Hi &lt;b&gt;Ada&lt;/b&gt;,');
    expect(message.text).toContain(`Passkey: ${hostile} Bcc: victim@example.com\n`);
    expect(message.subject).toBe('A passkey was added to your Sheaf account');
  });

  it('names the device in the recipient language, brand names as they are', () => {
    const message = getEmailTemplates('fr').securityNotice({
      name: 'Ada',
      notice: 'new_sign_in',
      at,
      device: { browser: 'Firefox', os: 'Linux', address: null },
      url: settingsUrl,
    });
    expect(message.text).toContain('Firefox sur Linux');
    const unknown = getEmailTemplates('de').securityNotice({
      name: 'Ada',
      notice: 'new_sign_in',
      at,
      device: { browser: '', address: '203.0.113.0/24' },
      url: settingsUrl,
    });
    expect(unknown.text).toContain('Unbekanntes Gerät');
  });
});
