import { ERROR_CODES } from '@sheaf/contracts/errors';
import { getErrorCode } from './api-error';

type Translate = (key: string) => string;

/**
 * better-auth's own error codes (answered as `{ code, message }` under /api/auth) that have a readable
 * `api-errors.<CODE>` message. INVALID_ORIGIN and INVALID_…URL map to auth.invalid_origin instead.
 */
export const AUTH_CLIENT_ERROR_CODES = [
  'EMAIL_NOT_VERIFIED',
  'INVALID_EMAIL_OR_PASSWORD',
  'INVALID_EMAIL',
  'INVALID_PASSWORD',
  'USER_ALREADY_EXISTS',
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'USER_NOT_FOUND',
  'CREDENTIAL_ACCOUNT_NOT_FOUND',
  'SESSION_EXPIRED',
  'PROVIDER_NOT_FOUND',
  'FAILED_TO_CREATE_USER',
  'EMAIL_ALREADY_VERIFIED',
  // Unlinking a sign-in method needs a session signed in within the last day.
  'SESSION_NOT_FRESH',
] as const;

const KNOWN_CODES: ReadonlySet<string> = new Set([...ERROR_CODES, ...AUTH_CLIENT_ERROR_CODES]);
const INVALID_URL_CODE = /^INVALID_.*URL$/;

function getStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) {
    return undefined;
  }
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}

/** The translation key of an error's message: `api-errors.<code>`, or `api-errors.default`. */
export function getErrorMessageKey(error: unknown): string {
  const code = getErrorCode(error);
  if (code === 'INVALID_ORIGIN' || (code && INVALID_URL_CODE.test(code))) {
    return 'api-errors.auth.invalid_origin';
  }
  if (code && KNOWN_CODES.has(code)) {
    return `api-errors.${code}`;
  }
  // A 429 without one of our codes (better-auth's rate limiter answers with a bare message).
  if (getStatus(error) === 429) {
    return 'api-errors.api.rate_limited';
  }
  return 'api-errors.default';
}

/** A readable, translated message for any error (spec §8). */
export function getErrorMessage(error: unknown, t: Translate): string {
  return t(getErrorMessageKey(error));
}
