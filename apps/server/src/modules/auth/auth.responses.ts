import { type ApiErrorBody, ERROR_CODES, type ErrorCode } from '@sheaf/contracts/errors';

/** better-auth's refusals of a request's origin: one condition, answered with the spec's code. */
const ORIGIN_ERROR_CODES = new Set([
  'INVALID_ORIGIN',
  'MISSING_OR_NULL_ORIGIN',
  'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED',
]);

/**
 * better-auth's codes, answered as codes of Sheaf's catalogue (documented in the README): a client
 * of the API meets one set of codes, whichever route it calls. A code not listed here gets the
 * catalogue's code for its status (`api.validation_error` for a 400 such as VALIDATION_ERROR).
 */
const RENAMED_CODES: Record<string, ErrorCode> = {
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'auth.last_sign_in_method',
  INVALID_EMAIL_OR_PASSWORD: 'auth.invalid_credentials',
  EMAIL_NOT_VERIFIED: 'auth.email_not_verified',
  INVALID_EMAIL: 'auth.invalid_email',
  INVALID_PASSWORD: 'auth.invalid_password',
  USER_ALREADY_EXISTS: 'auth.email_already_in_use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'auth.email_already_in_use',
  PASSWORD_TOO_SHORT: 'auth.password_too_short',
  PASSWORD_TOO_LONG: 'auth.password_too_long',
  INVALID_TOKEN: 'auth.invalid_token',
  TOKEN_EXPIRED: 'auth.invalid_token',
  USER_NOT_FOUND: 'auth.user_not_found',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'auth.no_password',
  SESSION_EXPIRED: 'auth.session_not_fresh',
  SESSION_NOT_FRESH: 'auth.session_not_fresh',
  PROVIDER_NOT_FOUND: 'auth.provider_not_found',
  EMAIL_ALREADY_VERIFIED: 'auth.email_already_verified',
  FAILED_TO_CREATE_USER: 'internal.error',
  // The two-factor plugin's.
  INVALID_CODE: 'auth.invalid_two_factor_code',
  INVALID_BACKUP_CODE: 'auth.invalid_two_factor_code',
  INVALID_TWO_FACTOR_COOKIE: 'auth.two_factor_challenge_expired',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'auth.two_factor_challenge_expired',
  TOTP_NOT_ENABLED: 'auth.two_factor_not_enabled',
  TWO_FACTOR_NOT_ENABLED: 'auth.two_factor_not_enabled',
  BACKUP_CODES_NOT_ENABLED: 'auth.two_factor_not_enabled',
  TOTP_ALREADY_ENABLED: 'auth.two_factor_already_enabled',
  // The passkey plugin's.
  CHALLENGE_NOT_FOUND: 'auth.passkey_failed',
  AUTHENTICATION_FAILED: 'auth.passkey_failed',
  FAILED_TO_VERIFY_REGISTRATION: 'auth.passkey_failed',
  PREVIOUSLY_REGISTERED: 'auth.passkey_failed',
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: 'auth.passkey_failed',
  PASSKEY_NOT_FOUND: 'auth.passkey_not_found',
};

/** Codes that are already ours (the provider errors, registration switches…) pass through. */
const OWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);
/** better-auth's refusals of an untrusted callback or redirect URL (INVALID_CALLBACKURL…). */
const INVALID_URL_CODE = /^INVALID_.*URL$/;

const codeByStatus: Record<number, ErrorCode> = {
  400: 'api.validation_error',
  401: 'auth.unauthorized',
  403: 'auth.forbidden',
  404: 'api.not_found',
  413: 'api.payload_too_large',
  415: 'api.unsupported_media_type',
  429: 'api.rate_limited',
};

const INTERNAL_ERROR = { code: 'internal.error', message: 'An error occurred, try again later.' } as const;

/**
 * Gives better-auth's error answers (`{ code, message }`, `{ message }`, or an empty body) the API's
 * one shape, `{ error: { code, message } }`, with the same status and headers. Its codes become
 * codes of the catalogue (RENAMED_CODES; origin and redirect-URL refusals `auth.invalid_origin`),
 * a code it has and we do not name gets the one of its status, and its rate-limit answer
 * gets `api.rate_limited` and a standard `Retry-After` (it only sends `X-Retry-After`).
 */
export async function toApiErrorResponse(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const body = await readJsonObject(response);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  headers.set('content-type', 'application/json');

  let error: ApiErrorBody['error'];
  if (response.status >= 500) {
    error = { ...INTERNAL_ERROR };
  } else if (response.status === 429) {
    // Ours (auth.two_factor_attempts_exceeded) keeps its code; better-auth's limiter has none.
    const ownCode = stringOf(body?.code);
    error = {
      code: ownCode && OWN_CODES.has(ownCode) ? ownCode : 'api.rate_limited',
      message: stringOf(body?.message) ?? 'Too many requests.',
    };
    const retryAfter = headers.get('x-retry-after');
    if (retryAfter !== null && !headers.has('retry-after')) headers.set('retry-after', retryAfter);
  } else {
    const nested = objectOf(body?.error);
    const code = stringOf(nested?.code) ?? stringOf(body?.code);
    error = {
      code:
        code && (ORIGIN_ERROR_CODES.has(code) || INVALID_URL_CODE.test(code))
          ? 'auth.invalid_origin'
          : ((code && RENAMED_CODES[code]) ??
            (code && OWN_CODES.has(code) ? (code as ErrorCode) : undefined) ??
            codeByStatus[response.status] ??
            'api.validation_error'),
      message:
        stringOf(nested?.message) ??
        stringOf(body?.message) ??
        (response.statusText || 'The request failed.'),
    };
  }
  return new Response(JSON.stringify({ error } satisfies ApiErrorBody), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

async function readJsonObject(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    return objectOf(JSON.parse(await response.text()));
  } catch {
    return undefined;
  }
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
