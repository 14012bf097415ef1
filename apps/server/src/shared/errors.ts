import type { ErrorCode } from '@sheaf/contracts/errors';
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

export const createValidationError = (details: unknown) =>
  new HttpError({ code: 'api.validation_error', message: 'The request is invalid.', status: 400, details });

export const createNotFoundRouteError = () =>
  new HttpError({ code: 'api.not_found', message: 'This API route does not exist.', status: 404 });

/** 405 `api.method_not_allowed`, with the `Allow` header naming the methods the path takes. */
export const createMethodNotAllowedError = (allowed: string[]) =>
  new HttpError({
    code: 'api.method_not_allowed',
    message: `This API route does not take this method; it takes ${allowed.join(', ')}.`,
    status: 405,
    headers: { allow: allowed.join(', ') },
  });

export const createInvalidJsonError = () =>
  new HttpError({ code: 'api.invalid_json', message: 'The request body is not valid JSON.', status: 400 });

export const createRateLimitedError = (retryAfterSeconds: number) =>
  new HttpError({
    code: 'api.rate_limited',
    message: `Too many requests, try again in ${retryAfterSeconds} s.`,
    status: 429,
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/** 413 `api.payload_too_large`: a body past a limit, refused while it is read. */
export const createPayloadTooLargeError = (limit: number) =>
  new HttpError({
    code: 'api.payload_too_large',
    message: `The request body is larger than ${limit} bytes.`,
    status: 413,
  });
