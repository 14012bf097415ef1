/** An HTTP answer with a status from 400 to 599, carrying the status and the parsed body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  /** The parsed response body (JSON object, text, or undefined when empty). */
  readonly data: unknown;
  /** The error code: `data.error.code`, else `data.code`, else the message text. */
  readonly code: string;
  readonly url: string;
  /** Seconds from the `Retry-After` header (429, 503), when it gives a number of seconds. */
  readonly retryAfterSeconds: number | undefined;

  constructor({
    status,
    statusText,
    data,
    url,
    retryAfter,
  }: { status: number; statusText: string; data: unknown; url: string; retryAfter?: string | null }) {
    const message = extractMessage(data) ?? `${status} ${statusText}`.trim();
    super(message);
    this.status = status;
    this.statusText = statusText;
    this.data = data;
    this.url = url;
    this.code = extractCode(data) ?? message;
    this.retryAfterSeconds = parseRetryAfterSeconds(retryAfter);
  }
}

function parseRetryAfterSeconds(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^\s*\d+\s*$/.test(value)) return undefined;
  return Number(value);
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function extractCode(data: unknown): string | undefined {
  const body = asRecord(data);
  return nonEmptyString(asRecord(body?.error)?.code) ?? nonEmptyString(body?.code);
}

function extractMessage(data: unknown): string | undefined {
  const body = asRecord(data);
  if (!body) {
    return nonEmptyString(data);
  }
  return nonEmptyString(asRecord(body.error)?.message) ?? nonEmptyString(body.message);
}

/**
 * The code of any error: for an ApiError its code; otherwise `data.error.code`, `code` or the message
 * of the error-like value (spec §8).
 */
export function getErrorCode(error: unknown): string | undefined {
  if (error instanceof ApiError) {
    return error.code;
  }
  const record = asRecord(error);
  if (!record) {
    return nonEmptyString(error);
  }
  return extractCode(record.data) ?? nonEmptyString(record.code) ?? nonEmptyString(record.message);
}
