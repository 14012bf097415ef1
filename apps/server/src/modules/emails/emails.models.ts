/** A message ready to send: rendered, localized, addressed. It is also the `emails.send` job payload. */
export type EmailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
};

export function isEmailMessage(value: unknown): value is EmailMessage {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return ['to', 'subject', 'html', 'text'].every((key) => typeof record[key] === 'string');
}

const HTML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeHtmlAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const codePoint =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isFinite(codePoint) && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
    }
    return HTML_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/**
 * Every distinct http(s) link of a message, in order of appearance: the `href`s of its HTML
 * (entities decoded) and the URLs written in its text.
 */
export function extractLinks({ html, text }: { html: string; text: string }): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    links.push(decodeHtmlAttribute(match[1] ?? match[2] ?? '').trim());
  }
  for (const match of text.matchAll(/\bhttps?:\/\/[^\s<>"']+/gi)) {
    links.push(match[0].replace(/[.,;:!?)\]]+$/, ''));
  }
  return [...new Set(links.filter((link) => /^https?:\/\//i.test(link)))];
}

/** Whether a host name is this machine: `localhost`, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '::1' ||
    host === '0:0:0:0:0:0:0:1'
  );
}

/** The domain of the sender address (`Sheaf <no-reply@example.org>` → `example.org`), for Message-IDs. */
export function senderDomain(from: string): string | undefined {
  const match = /@([^\s<>@"]+?)>?\s*$/.exec(from.trim());
  return match?.[1]?.toLowerCase();
}

/**
 * The link to put in a message: an absolute http(s) URL is kept byte for byte; a path
 * (`/invitations/inv_…`) is placed under the app's base URL. Anything else is refused.
 */
export function toAbsoluteLink({ url, appBaseUrl }: { url: string; appBaseUrl: string }): string {
  const link = url.startsWith('/') && !url.startsWith('//') ? `${appBaseUrl.replace(/\/+$/, '')}${url}` : url;
  let parsed: URL;
  try {
    parsed = new URL(link);
  } catch {
    throw new Error(`Expected an absolute http(s) URL or a path for an e-mail link, got "${url}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`Expected an http(s) URL for an e-mail link, got "${parsed.protocol}"`);
  }
  return link;
}

/** The security changes a user is told about by e-mail, as they happen to their account. */
export const SECURITY_NOTICES = [
  'two_factor_enabled',
  'two_factor_disabled',
  'backup_codes_regenerated',
  'passkey_added',
  'password_changed',
  'new_sign_in',
] as const;

export type SecurityNotice = (typeof SECURITY_NOTICES)[number];

/** The device a change or sign-in came from, as the e-mail shows it. */
export type SecurityNoticeDevice = {
  /** The browser family ("Firefox"), never the raw user agent; empty when not recognised. */
  browser: string;
  /** The OS family ("Linux"): shown as "<browser> on <os>" in the recipient's language. */
  os?: string | undefined;
  /** The coarse address (`203.0.113.0/24`), or null when unknown. */
  address: string | null;
};
