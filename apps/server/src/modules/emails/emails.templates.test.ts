import { LOCALE_CODES } from '@sheaf/contracts/locales';
import { describe, expect, it } from 'vitest';
import { emailTranslations, escapeHtml, getEmailTemplates, resolveEmailLocale } from './emails.templates';

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
