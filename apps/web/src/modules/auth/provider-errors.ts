import { ERROR_CODES } from '@sheaf/contracts/errors';

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/**
 * The translation key of a provider sign-in error code from the URL (`?error=`): its
 * `api-errors.<code>` message when it is one of the server's codes, else the generic
 * "sign-in with this provider failed" (a raw OAuth code, or an old link).
 */
export function providerErrorMessageKey(code: string): string {
  if (code === 'INVALID_ORIGIN' || /^INVALID_.*URL$/.test(code)) {
    return 'api-errors.auth.invalid_origin';
  }
  return KNOWN_CODES.has(code) ? `api-errors.${code}` : 'api-errors.auth.provider_sign_in_failed';
}
