import { DEFAULT_LOCALE, LOCALE_CODES, type LocaleCode } from '@sheaf/contracts/locales';
import type { SecurityNotice, SecurityNoticeDevice } from './emails.models';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import pl from './locales/pl.json';
import pt from './locales/pt.json';
import ptBR from './locales/pt-BR.json';
import ro from './locales/ro.json';

/** The shape of one locale file: English is the reference every other locale must match. */
export type EmailTranslations = typeof en;

export const emailTranslations: Record<LocaleCode, EmailTranslations> = {
  en,
  fr,
  de,
  'pt-BR': ptBR,
  pt,
  pl,
  ro,
  es,
  it,
};

export type RenderedEmail = { subject: string; html: string; text: string };

/**
 * Picks the locale to write in: the exact code (case and `_` tolerated), then its base
 * language (`pt-PT` → `pt`, `fr-CA` → `fr`), then English.
 */
export function resolveEmailLocale(locale: string | null | undefined): LocaleCode {
  const requested = (locale ?? '').trim().replace(/_/g, '-').toLowerCase();
  if (requested === '') return DEFAULT_LOCALE;
  const exact = LOCALE_CODES.find((code) => code.toLowerCase() === requested);
  if (exact) return exact;
  const base = requested.split('-')[0];
  return LOCALE_CODES.find((code) => code.toLowerCase() === base) ?? DEFAULT_LOCALE;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

type Values = Record<string, string>;

/** Replaces every `{{name}}` with its value; an unknown placeholder is left visible. */
function interpolate(template: string, values: Values, escapeValue: (value: string) => string = (v) => v) {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, key: string) =>
    Object.hasOwn(values, key) ? escapeValue(values[key] ?? '') : placeholder,
  );
}

/** A translation as HTML: its own text and every interpolated value are escaped. */
/** "Firefox on Linux" in the recipient's language; brand names stay as they are. */
function describeDevice(
  { browser, os }: SecurityNoticeDevice,
  t: { browserOnOs: string; unknownDevice: string },
): string {
  const [knownBrowser, knownOs] = [browser.trim(), os?.trim() ?? ''];
  if (knownBrowser && knownOs) return interpolate(t.browserOnOs, { browser: knownBrowser, os: knownOs });
  return knownBrowser || knownOs || t.unknownDevice;
}

function interpolateHtml(template: string, values: Values) {
  return interpolate(escapeHtml(template), values, escapeHtml);
}

/** One line for a header: collapses line breaks and runs of spaces a value may carry. */
function singleLine(value: string) {
  return value.replace(/\s+/g, ' ').trim();
}

type Layout = {
  subject: string;
  heading: string;
  greeting: string;
  intro: string;
  button: string;
  ignore: string;
  /**
   * Facts shown after the intro: a table in HTML, one `textLine` ("{{label}}: {{value}}") each in
   * the text part. Labels are translations; values are data (escaped, kept on one line).
   */
  details?: { rows: { label: string; value: string }[]; textLine: string };
  /** Translations shown as paragraphs between the details and the button. */
  notes?: string[];
};

const FONT_STACK = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

function renderLayout({
  locale,
  translations,
  parts,
  values,
  url,
}: {
  locale: LocaleCode;
  translations: EmailTranslations;
  parts: Layout;
  values: Values;
  url: string;
}): RenderedEmail {
  const subject = singleLine(interpolate(parts.subject, values));
  const html = (template: string) => interpolateHtml(template, values);
  const text = (template: string) => interpolate(template, values);
  const href = escapeHtml(url);
  const details = (parts.details?.rows ?? []).map(({ label, value }) => ({
    label,
    value: singleLine(value),
  }));
  const detailTextLine = parts.details?.textLine ?? '{{label}}: {{value}}';
  const notes = parts.notes ?? [];
  const detailsHtml =
    details.length === 0
      ? ''
      : `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;border-collapse:collapse;">
${details
  .map(
    ({ label, value }) => `<tr>
<td style="padding:4px 16px 4px 0;font-family:${FONT_STACK};font-size:14px;line-height:20px;color:#52525b;vertical-align:top;white-space:nowrap;">${html(label)}</td>
<td style="padding:4px 0;font-family:${FONT_STACK};font-size:14px;line-height:20px;color:#18181b;vertical-align:top;word-break:break-word;">${escapeHtml(value)}</td>
</tr>
`,
  )
  .join('')}</table>
`;
  const notesHtml = notes.map((note) => `<p style="margin:0 0 16px;">${html(note)}</p>\n`).join('');

  const htmlBody = `<!doctype html>
<html lang="${escapeHtml(locale)}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f4f5;">
<tr>
<td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border:1px solid #e4e4e7;border-radius:8px;">
<tr>
<td style="padding:32px;font-family:${FONT_STACK};font-size:16px;line-height:24px;color:#18181b;text-align:left;">
<p style="margin:0 0 24px;font-size:15px;font-weight:700;letter-spacing:0.02em;color:#18181b;">Sheaf</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;font-weight:600;color:#18181b;">${html(parts.heading)}</h1>
<p style="margin:0 0 16px;">${html(parts.greeting)}</p>
<p style="margin:0 0 24px;">${html(parts.intro)}</p>
${detailsHtml}${notesHtml}<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;">
<tr>
<td style="border-radius:6px;background-color:#18181b;">
<a href="${href}" target="_blank" style="display:inline-block;padding:12px 22px;font-family:${FONT_STACK};font-size:16px;line-height:24px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px;">${html(parts.button)}</a>
</td>
</tr>
</table>
<p style="margin:0 0 8px;font-size:14px;line-height:20px;color:#52525b;">${html(translations.common.linkFallback)}</p>
<p style="margin:0 0 24px;font-size:14px;line-height:20px;word-break:break-all;"><a href="${href}" target="_blank" style="color:#1d4ed8;text-decoration:underline;">${href}</a></p>
<p style="margin:0;">${html(translations.common.signature)}</p>
</td>
</tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr>
<td style="padding:16px 32px 0;font-family:${FONT_STACK};font-size:13px;line-height:20px;color:#52525b;text-align:left;">${html(parts.ignore)}</td>
</tr>
</table>
</td>
</tr>
</table>
</body>
</html>
`;

  const textBody = [
    text(parts.heading),
    text(parts.greeting),
    text(parts.intro),
    ...(details.length > 0
      ? [details.map(({ label, value }) => interpolate(detailTextLine, { label, value })).join('\n')]
      : []),
    ...notes.map(text),
    url,
    text(translations.common.signature),
    `--\n${text(parts.ignore)}`,
  ].join('\n\n');

  return { subject, html: htmlBody, text: `${textBody}\n` };
}

/**
 * A moment as the recipient reads it: date and time in their language, always in UTC (the server
 * does not know their time zone), e.g. "March 7, 2025 at 2:05 PM UTC" or "7 mars 2025 à 14:05 UTC".
 */
export function formatEmailDateTime(at: string, locale: LocaleCode): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) throw new Error(`Expected an ISO date for an e-mail, got "${at}"`);
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
}

/** Where each notice's subject, heading and intro live in a locale file. */
const SECURITY_NOTICE_KEYS = {
  two_factor_enabled: 'twoFactorEnabled',
  two_factor_disabled: 'twoFactorDisabled',
  backup_codes_regenerated: 'backupCodesRegenerated',
  passkey_added: 'passkeyAdded',
  password_changed: 'passwordChanged',
  new_sign_in: 'newSignIn',
} as const satisfies Record<SecurityNotice, keyof EmailTranslations['securityNotice']>;

function greetingFor(translations: EmailTranslations, name: string) {
  return name.trim() === '' ? translations.common.greetingWithoutName : translations.common.greeting;
}

/**
 * The transactional e-mails, written in the best locale available for `locale`.
 * Pure and dependency-free: the same input always renders the same message.
 */
export function getEmailTemplates(locale?: string | null) {
  const resolvedLocale = resolveEmailLocale(locale);
  const translations = emailTranslations[resolvedLocale];

  return {
    locale: resolvedLocale,

    verifyEmail({ name, url }: { name: string; url: string }): RenderedEmail {
      const t = translations.verifyEmail;
      return renderLayout({
        locale: resolvedLocale,
        translations,
        parts: { ...t, greeting: greetingFor(translations, name) },
        values: { name: name.trim() },
        url,
      });
    },

    resetPassword({ name, url }: { name: string; url: string }): RenderedEmail {
      const t = translations.resetPassword;
      return renderLayout({
        locale: resolvedLocale,
        translations,
        parts: { ...t, greeting: greetingFor(translations, name) },
        values: { name: name.trim() },
        url,
      });
    },

    invitation({
      inviterName,
      organizationName,
      url,
    }: {
      inviterName: string;
      organizationName: string;
      url: string;
    }): RenderedEmail {
      const t = translations.invitation;
      return renderLayout({
        locale: resolvedLocale,
        translations,
        parts: { ...t, greeting: translations.common.greetingWithoutName },
        values: { inviterName: inviterName.trim(), organizationName: organizationName.trim() },
        url,
      });
    },

    /** To each owner of an organization whose webhook was disabled after failing for 3 days. */
    webhookDisabled({
      name,
      webhookName,
      webhookUrl,
      organizationName,
      url,
    }: {
      name: string;
      webhookName: string;
      webhookUrl: string;
      organizationName: string;
      url: string;
    }): RenderedEmail {
      const t = translations.webhookDisabled;
      return renderLayout({
        locale: resolvedLocale,
        translations,
        parts: { ...t, greeting: greetingFor(translations, name) },
        values: {
          name: name.trim(),
          webhookName: webhookName.trim(),
          webhookUrl,
          organizationName: organizationName.trim(),
        },
        url,
      });
    },

    /**
     * To a user after a change to how they sign in, or a sign-in from a device not seen before:
     * what happened, when (UTC), from which device if known, and what to do if it was not them.
     */
    securityNotice({
      name,
      notice,
      at,
      device,
      passkeyName,
      url,
    }: {
      name: string;
      notice: SecurityNotice;
      at: string;
      device?: SecurityNoticeDevice | undefined;
      passkeyName?: string | null | undefined;
      url: string;
    }): RenderedEmail {
      const t = translations.securityNotice;
      const noticeTexts: { subject: string; heading: string; intro: string; ifNotYou?: string } =
        t[SECURITY_NOTICE_KEYS[notice]];
      const rows = [{ label: t.when, value: formatEmailDateTime(at, resolvedLocale) }];
      if (notice === 'passkey_added' && passkeyName?.trim()) {
        rows.push({ label: t.passkey, value: passkeyName });
      }
      if (device) rows.push({ label: t.device, value: describeDevice(device, t) });
      if (device?.address?.trim()) rows.push({ label: t.address, value: device.address });
      return renderLayout({
        locale: resolvedLocale,
        translations,
        parts: {
          subject: noticeTexts.subject,
          heading: noticeTexts.heading,
          intro: noticeTexts.intro,
          greeting: greetingFor(translations, name),
          details: { rows, textLine: t.detail },
          notes: [t.ifYou, noticeTexts.ifNotYou ?? t.ifNotYou],
          button: t.button,
          ignore: t.footer,
        },
        values: { name: name.trim() },
        url,
      });
    },
  };
}

export type EmailTemplates = ReturnType<typeof getEmailTemplates>;
