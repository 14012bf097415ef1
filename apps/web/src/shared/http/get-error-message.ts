import { getErrorCode } from './api-error';

type Translate = (key: string) => string;

/**
 * The shape of the catalogue's codes (`auth.invalid_credentials`…): whether
 * one has a message is for the messages to say, so the entry chunk does not carry the list of codes.
 */
export const ERROR_CODE_SHAPE = /^[a-z][a-z_-]*\.[a-z][a-z_]*$/;
const INVALID_URL_CODE = /^INVALID_.*URL$/;

function getStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) {
    return undefined;
  }
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}

/** The translation key of an error's message: `api-errors.<code>`, or a generic one. */
export function getErrorMessageKey(error: unknown): string {
  const code = getErrorCode(error);
  if (code === 'INVALID_ORIGIN' || (code && INVALID_URL_CODE.test(code))) {
    return 'api-errors.auth.invalid_origin';
  }
  if (code && ERROR_CODE_SHAPE.test(code)) {
    return `api-errors.${code}`;
  }
  return genericMessageKey(error);
}

// A 429 without one of our codes (better-auth's rate limiter answers with a bare message).
const genericMessageKey = (error: unknown) =>
  getStatus(error) === 429 ? 'api-errors.api.rate_limited' : 'api-errors.default';

/**
 * A readable, translated message for any error (spec §8). A code without a message (not one of
 * ours, or not among the messages loaded yet) gets the generic one, never its raw key.
 */
export function getErrorMessage(error: unknown, t: Translate): string {
  const key = getErrorMessageKey(error);
  const message = t(key);
  return message === key ? t(genericMessageKey(error)) : message;
}
