/**
 * The top-level sections of the English messages that ship in the entry chunk: those of the
 * public pages (sign-in, registration, password reset, legal pages and their layout), the config
 * gate, the not-found and error pages and the shared UI. English is loaded whole, in a chunk of
 * its own, before the first private page (loadAllMessages). i18n.test.ts checks the public pages
 * use no other section.
 *
 * The build and dev server (vite.config.ts) serve startup-english.ts with these sections only.
 */
export const STARTUP_MESSAGE_SECTIONS = [
  'api-errors',
  'auth',
  'common',
  'config-gate',
  'error-page',
  'layout',
  'legal',
  'not-found',
  'ui',
] as const;

/**
 * Of these sections, the parts shipped (dotted paths below the section; the whole section when it
 * is not listed). The public pages meet only the errors of the routes a signed-out page calls (a
 * test checks them against the endpoint catalogue) and the provider sign-in's redirect codes; the
 * code step's messages come with the rest of English, which it loads before it shows. The others
 * (organizations, documents, billing…) come before the first private page.
 */
export const STARTUP_MESSAGE_PARTS: Partial<
  Record<(typeof STARTUP_MESSAGE_SECTIONS)[number], readonly string[]>
> = {
  'api-errors': [
    'default',
    'api',
    'internal',
    'demo',
    'auth.unauthorized',
    'auth.invalid_origin',
    'auth.invalid_credentials',
    'auth.invalid_email',
    'auth.invalid_token',
    'auth.email_not_verified',
    'auth.email_already_in_use',
    'auth.email_already_verified',
    'auth.password_too_short',
    'auth.password_too_long',
    'auth.password_reset_disabled',
    'auth.registration_disabled',
    'auth.user_not_found',
    'auth.account_disabled',
    'auth.invalid_two_factor_code',
    'auth.two_factor_challenge_expired',
    'auth.two_factor_attempts_exceeded',
    'auth.two_factor_not_enabled',
    'auth.passkey_failed',
    'auth.passkey_not_found',
    'auth.account_not_linked',
    'auth.provider_not_found',
    'auth.provider_email_not_verified',
    'auth.provider_email_missing',
    'auth.provider_access_denied',
    'auth.provider_unavailable',
    'auth.provider_misconfigured',
    'auth.provider_account_in_use',
    'auth.provider_sign_in_failed',
  ],
  // What a public page's frame shows; the private layouts' labels (menus, navigation, settings)
  // come with the rest of English, loaded before the first private page.
  layout: [
    'skip-to-content',
    'home-link',
    'open-menu',
    'close-menu',
    'menu-title',
    'theme',
    'language',
    'page-titles',
  ],
};

/** Leaves this one out of the startup English even though its section ships. */
export const STARTUP_MESSAGE_EXCLUSIONS = ['auth.login.two-factor'] as const;

type Messages = { [key: string]: unknown };

function pickPaths(messages: Messages, paths: readonly string[]): Messages {
  const picked: Messages = {};
  for (const dotted of paths) {
    const [head = '', ...rest] = dotted.split('.');
    if (!(head in messages)) continue;
    if (rest.length === 0) {
      picked[head] = messages[head];
      continue;
    }
    const child = messages[head];
    if (typeof child !== 'object' || child === null) continue;
    const deeper = pickPaths(child as Messages, [rest.join('.')]);
    picked[head] = { ...((picked[head] as Messages | undefined) ?? {}), ...deeper };
  }
  return picked;
}

function withoutPath(messages: Messages, dotted: string): Messages {
  const [head = '', ...rest] = dotted.split('.');
  if (!(head in messages)) return messages;
  if (rest.length === 0) {
    const { [head]: _left, ...kept } = messages;
    return kept;
  }
  const child = messages[head];
  if (typeof child !== 'object' || child === null) return messages;
  return { ...messages, [head]: withoutPath(child as Messages, rest.join('.')) };
}

/** The startup part of English: STARTUP_MESSAGE_SECTIONS, cut down to STARTUP_MESSAGE_PARTS. */
export function pickStartupMessages(english: Messages): Messages {
  let startup: Messages = {};
  for (const section of STARTUP_MESSAGE_SECTIONS) {
    if (!(section in english)) continue;
    const parts = STARTUP_MESSAGE_PARTS[section];
    const messages = english[section];
    startup[section] =
      parts && typeof messages === 'object' && messages !== null
        ? pickPaths(messages as Messages, parts)
        : messages;
  }
  for (const excluded of STARTUP_MESSAGE_EXCLUSIONS) startup = withoutPath(startup, excluded);
  return startup;
}
