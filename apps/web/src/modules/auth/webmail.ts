/** A webmail the request-password-reset confirmation can open. */
export type Webmail = { name: string; url: string };

const GMAIL: Webmail = { name: 'Gmail', url: 'https://mail.google.com/' };
const OUTLOOK: Webmail = { name: 'Outlook', url: 'https://outlook.live.com/mail/' };
const YAHOO: Webmail = { name: 'Yahoo Mail', url: 'https://mail.yahoo.com/' };
const PROTON: Webmail = { name: 'Proton Mail', url: 'https://mail.proton.me/' };
const ICLOUD: Webmail = { name: 'iCloud Mail', url: 'https://www.icloud.com/mail/' };
const GMX: Webmail = { name: 'GMX', url: 'https://www.gmx.net/' };
const GMX_COM: Webmail = { name: 'GMX', url: 'https://www.gmx.com/' };
const AOL: Webmail = { name: 'AOL Mail', url: 'https://mail.aol.com/' };
const ZOHO: Webmail = { name: 'Zoho Mail', url: 'https://mail.zoho.com/' };
const YANDEX: Webmail = { name: 'Yandex Mail', url: 'https://mail.yandex.com/' };
const MAIL_RU: Webmail = { name: 'Mail.ru', url: 'https://e.mail.ru/' };
const FASTMAIL: Webmail = { name: 'Fastmail', url: 'https://app.fastmail.com/' };
const TUTA: Webmail = { name: 'Tuta Mail', url: 'https://app.tuta.com/' };
const WEB_DE: Webmail = { name: 'WEB.DE', url: 'https://web.de/' };
const T_ONLINE: Webmail = { name: 'T-Online', url: 'https://email.t-online.de/' };
const POSTEO: Webmail = { name: 'Posteo', url: 'https://posteo.de/webmail/' };
const MAILBOX_ORG: Webmail = { name: 'mailbox.org', url: 'https://login.mailbox.org/' };
const ORANGE: Webmail = { name: 'Orange Mail', url: 'https://mail.orange.fr/' };
const FREE: Webmail = { name: 'Free Zimbra', url: 'https://zimbra.free.fr/' };
const SFR: Webmail = { name: 'SFR Mail', url: 'https://webmail.sfr.fr/' };
const LAPOSTE: Webmail = { name: 'La Poste Mail', url: 'https://www.laposte.net/' };
const LIBERO: Webmail = { name: 'Libero Mail', url: 'https://mail.libero.it/' };
const VIRGILIO: Webmail = { name: 'Virgilio Mail', url: 'https://mail.virgilio.it/' };
const WP: Webmail = { name: 'Poczta WP', url: 'https://poczta.wp.pl/' };
const ONET: Webmail = { name: 'Poczta Onet', url: 'https://poczta.onet.pl/' };
const INTERIA: Webmail = { name: 'Poczta Interia', url: 'https://poczta.interia.pl/' };
const O2: Webmail = { name: 'Poczta o2', url: 'https://poczta.o2.pl/' };
const UOL: Webmail = { name: 'UOL Mail', url: 'https://email.uol.com.br/' };
const BOL: Webmail = { name: 'BOL Mail', url: 'https://email.bol.uol.com.br/' };
const TERRA: Webmail = { name: 'Terra Mail', url: 'https://mail.terra.com.br/' };
const SAPO: Webmail = { name: 'SAPO Mail', url: 'https://mail.sapo.pt/' };
const YAHOO_RO: Webmail = { name: 'Yahoo Mail', url: 'https://ro.mail.yahoo.com/' };

/** Exact e-mail domains (lower case) and their webmail. */
const WEBMAIL_BY_DOMAIN: Readonly<Record<string, Webmail>> = {
  'gmail.com': GMAIL,
  'googlemail.com': GMAIL,
  'google.com': GMAIL,
  'outlook.com': OUTLOOK,
  'hotmail.com': OUTLOOK,
  'live.com': OUTLOOK,
  'msn.com': OUTLOOK,
  'passport.com': OUTLOOK,
  'windowslive.com': OUTLOOK,
  'yahoo.com': YAHOO,
  'ymail.com': YAHOO,
  'rocketmail.com': YAHOO,
  'yahoo.ro': YAHOO_RO,
  'proton.me': PROTON,
  'protonmail.com': PROTON,
  'protonmail.ch': PROTON,
  'pm.me': PROTON,
  'icloud.com': ICLOUD,
  'me.com': ICLOUD,
  'mac.com': ICLOUD,
  'gmx.de': GMX,
  'gmx.net': GMX,
  'gmx.at': GMX,
  'gmx.ch': GMX,
  'gmx.com': GMX_COM,
  'gmx.fr': GMX_COM,
  'gmx.us': GMX_COM,
  'aol.com': AOL,
  'aim.com': AOL,
  'zoho.com': ZOHO,
  'zohomail.com': ZOHO,
  'zohomail.eu': ZOHO,
  'yandex.com': YANDEX,
  'yandex.ru': YANDEX,
  'ya.ru': YANDEX,
  'mail.ru': MAIL_RU,
  'inbox.ru': MAIL_RU,
  'list.ru': MAIL_RU,
  'bk.ru': MAIL_RU,
  'fastmail.com': FASTMAIL,
  'fastmail.fm': FASTMAIL,
  'tutanota.com': TUTA,
  'tutanota.de': TUTA,
  'tutamail.com': TUTA,
  'tuta.io': TUTA,
  'tuta.com': TUTA,
  'keemail.me': TUTA,
  'web.de': WEB_DE,
  't-online.de': T_ONLINE,
  'posteo.de': POSTEO,
  'posteo.net': POSTEO,
  'mailbox.org': MAILBOX_ORG,
  'orange.fr': ORANGE,
  'wanadoo.fr': ORANGE,
  'free.fr': FREE,
  'sfr.fr': SFR,
  'neuf.fr': SFR,
  'laposte.net': LAPOSTE,
  'libero.it': LIBERO,
  'virgilio.it': VIRGILIO,
  'wp.pl': WP,
  'onet.pl': ONET,
  'op.pl': ONET,
  'onet.eu': ONET,
  'interia.pl': INTERIA,
  'interia.eu': INTERIA,
  'poczta.fm': INTERIA,
  'o2.pl': O2,
  'tlen.pl': O2,
  'uol.com.br': UOL,
  'bol.com.br': BOL,
  'terra.com.br': TERRA,
  'sapo.pt': SAPO,
};

/** Country variants of the big providers (hotmail.fr, yahoo.co.uk, outlook.de…). */
const WEBMAIL_BY_DOMAIN_PATTERN: readonly [RegExp, Webmail][] = [
  [/^(hotmail|outlook|live|msn)\.[a-z.]+$/, OUTLOOK],
  [/^yahoo\.[a-z.]+$/, YAHOO],
];

/** The webmail that serves an e-mail address, when its domain is a well-known one; otherwise undefined. */
export function getWebmailForEmail(email: string): Webmail | undefined {
  const at = email.lastIndexOf('@');
  if (at < 0) {
    return undefined;
  }
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  if (!domain) {
    return undefined;
  }
  const exact = WEBMAIL_BY_DOMAIN[domain];
  if (exact) {
    return exact;
  }
  return WEBMAIL_BY_DOMAIN_PATTERN.find(([pattern]) => pattern.test(domain))?.[1];
}
