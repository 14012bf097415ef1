import type { ApiErrorBody, ErrorCode } from '@sheaf/contracts/errors';

/** better-auth's refusals of a request's origin: one condition, answered with the spec's code. */
const ORIGIN_ERROR_CODES = new Set([
  'INVALID_ORIGIN',
  'MISSING_OR_NULL_ORIGIN',
  'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED',
]);

/** better-auth codes that Sheaf answers with a code of its own (documented in the README). */
const RENAMED_CODES: Record<string, ErrorCode> = {
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'auth.last_sign_in_method',
};

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
 * one shape, `{ error: { code, message } }`, with the same status and headers. Its codes are kept
 * (the web app maps EMAIL_NOT_VERIFIED, INVALID_EMAIL_OR_PASSWORD…), origin refusals become
 * `auth.invalid_origin`, refusing to unlink the last sign-in method `auth.last_sign_in_method`, a body without a code gets one from the status, and its rate-limit answer
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
    error = { code: 'api.rate_limited', message: stringOf(body?.message) ?? 'Too many requests.' };
    const retryAfter = headers.get('x-retry-after');
    if (retryAfter !== null && !headers.has('retry-after')) headers.set('retry-after', retryAfter);
  } else {
    const nested = objectOf(body?.error);
    const code = stringOf(nested?.code) ?? stringOf(body?.code);
    error = {
      code:
        code && ORIGIN_ERROR_CODES.has(code)
          ? 'auth.invalid_origin'
          : ((code && RENAMED_CODES[code]) ??
            code ??
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
