import { ERROR_CODES } from '@sheaf/contracts/errors';
import { getErrorCode } from './api-error';

type Translate = (key: string) => string;

// The server answers better-auth's refusals with codes of the catalogue too (auth.invalid_credentials…).
const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);
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
