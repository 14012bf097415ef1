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
