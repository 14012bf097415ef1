import { getErrorCode } from '../../shared/http/api-error';

/** The key of an `otpauth://totp/…` URI (its `secret` parameter), for typing into an authenticator by hand. */
export function totpSecretOf(totpURI: string): string {
  try {
    return new URL(totpURI).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

/** A key in groups of four ("JBSW Y3DP EHPK 3PXP"), easier to read out and type. */
export function groupInFours(key: string): string {
  return key.match(/.{1,4}/g)?.join(' ') ?? '';
}

/** The backup codes as the downloaded file holds them: one per line, after a short heading. */
export function backupCodesFileText(codes: readonly string[], heading: string): string {
  return `${heading}\n\n${codes.join('\n')}\n`;
}

export const BACKUP_CODES_FILE_NAME = 'sheaf-backup-codes.txt';

/** Saves `text` as a file through a temporary link to a Blob (no server round trip). */
export function downloadTextFile(text: string, fileName: string, type = 'text/plain;charset=utf-8') {
  const href = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the Blob after click() returns: let them before it goes.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

const FRESH_SIGN_IN_CODES: ReadonlySet<string> = new Set([
  'auth.fresh_sign_in_required',
  'auth.session_not_fresh',
]);

/**
 * Whether an answer asks for a new sign-in: `auth.fresh_sign_in_required` (an account without a
 * password whose sign-in is too old) or better-auth's `auth.session_not_fresh`.
 */
export function isFreshSignInRequired(error: unknown): boolean {
  const code = getErrorCode(error);
  return code !== undefined && FRESH_SIGN_IN_CODES.has(code);
}

/** How the browser's passkey prompt ended, when it did not give a credential. */
export type PasskeyPromptFailure = 'cancelled' | 'already-registered' | 'other';

/**
 * The browser refuses with a DOMException (or @simplewebauthn's WebAuthnError carrying its name):
 * NotAllowedError when the user closes the prompt or it times out, AbortError when it is aborted,
 * InvalidStateError when this authenticator already holds a passkey of the account.
 */
export function classifyPasskeyPromptError(error: unknown): PasskeyPromptFailure {
  // A DOMException is not an Error in every realm: read its name wherever it comes from.
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  if (name === 'NotAllowedError' || name === 'AbortError') return 'cancelled';
  if (name === 'InvalidStateError') return 'already-registered';
  return 'other';
}

/** Whether this browser can create passkeys at all. */
export function browserSupportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential !== 'undefined';
}
