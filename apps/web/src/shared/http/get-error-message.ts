import { ERROR_CODES } from '@sheaf/contracts/errors';
import { getErrorCode } from './api-error';

type Translate = (key: string) => string;

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);
const INVALID_URL_CODE = /^INVALID_.*URL$/;

/** The translation key of an error's message: `api-errors.<code>`, or `api-errors.default`. */
export function getErrorMessageKey(error: unknown): string {
  const code = getErrorCode(error);
  if (!code) {
    return 'api-errors.default';
  }
  if (code === 'INVALID_ORIGIN' || INVALID_URL_CODE.test(code)) {
    return 'api-errors.auth.invalid_origin';
  }
  if (KNOWN_CODES.has(code)) {
    return `api-errors.${code}`;
  }
  return 'api-errors.default';
}

/** A readable, translated message for any error (spec §8). */
export function getErrorMessage(error: unknown, t: Translate): string {
  return t(getErrorMessageKey(error));
}
