/**
 * The rules of two-factor codes shared by the server, the web app and the demo. No zod here: the
 * /login page's code step imports this file, and the login page has a size budget.
 */

/** Wrong two-factor codes allowed per account within TWO_FACTOR_FAILURE_WINDOW_SECONDS. */
export const TWO_FACTOR_MAX_FAILURES = 5;
export const TWO_FACTOR_FAILURE_WINDOW_SECONDS = 10 * 60;
/** How long "Trust this device" skips the code step. */
export const TRUSTED_DEVICE_DAYS = 30;
/** Backup codes given at once; each works once. */
export const BACKUP_CODES_COUNT = 10;
/**
 * An account without a password confirms sensitive changes (two-factor, passkeys, deletion) by
 * having signed in this recently.
 */
export const FRESH_SIGN_IN_SECONDS = 10 * 60;
export const PASSKEY_NAME_MAX_LENGTH = 64;

/**
 * A code as typed or pasted: spaces, dashes and dots from a formatted code ("123 456",
 * "12345-67890") go (toBackupCodeFormat puts a backup code's dash back); case is kept for backup
 * codes, which better-auth compares exactly.
 */
export function normalizeTwoFactorCode(input: string): string {
  return input.replace(/[\s\u00a0.-]/g, '');
}

/** Six digits: an authenticator app's code; anything else is tried as a backup code. */
export function isAuthenticatorCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** A backup code as better-auth writes them: `xxxxx-xxxxx` (the dash may be left out when typed). */
export function toBackupCodeFormat(code: string): string {
  return /^[A-Za-z0-9]{10}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}
