import {
  type CataloguedErrorCode,
  ERROR_CATALOGUE,
  type ErrorCode,
  errorMessage,
  type FixedMessageErrorCode,
} from '@sheaf/contracts/errors';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error meant for the client: answered as `{ error: { code, message, details? } }` with its status. */
export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly details: unknown;
  /** Headers the answer carries, e.g. `Retry-After` on a 429. */
  readonly headers: Record<string, string> | undefined;

  constructor({
    code,
    message,
    status,
    details,
    headers,
  }: {
    code: ErrorCode;
    message: string;
    status: ContentfulStatusCode;
    details?: unknown;
    headers?: Record<string, string>;
  }) {
    super(message);
    this.name = 'HttpError';
    this.code = code;
    this.status = status;
    this.details = details;
    this.headers = headers;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

type ApiErrorOptions = { message?: string; details?: unknown; headers?: Record<string, string> };

/**
 * `code`'s error with the catalogue's status (contracts' ERROR_CATALOGUE, the demo's too) and its
 * default message, or `message` where the factory says more (or the code's message names values).
 */
export function createApiError(code: FixedMessageErrorCode, options?: ApiErrorOptions): HttpError;
export function createApiError(
  code: CataloguedErrorCode,
  options: ApiErrorOptions & { message: string },
): HttpError;
export function createApiError(code: CataloguedErrorCode, options: ApiErrorOptions = {}): HttpError {
  const { message, details, headers } = options;
  return new HttpError({
    code,
    status: ERROR_CATALOGUE[code].status,
    message: message ?? errorMessage(code as FixedMessageErrorCode),
    details,
    headers,
  });
}

export const createValidationError = (details: unknown) =>
  createApiError('api.validation_error', { details });

export const createNotFoundRouteError = () => createApiError('api.not_found');

/** 405 `api.method_not_allowed`, with the `Allow` header naming the methods the path takes. */
export const createMethodNotAllowedError = (allowed: string[]) =>
  createApiError('api.method_not_allowed', {
    message: errorMessage('api.method_not_allowed', allowed),
    headers: { allow: allowed.join(', ') },
  });

export const createInvalidJsonError = () => createApiError('api.invalid_json');

export const createRateLimitedError = (retryAfterSeconds: number) =>
  createApiError('api.rate_limited', {
    message: errorMessage('api.rate_limited', retryAfterSeconds),
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/** 413 `api.payload_too_large`: a body past a limit, refused while it is read. */
export const createPayloadTooLargeError = (limit: number) =>
  createApiError('api.payload_too_large', { message: errorMessage('api.payload_too_large', limit) });
