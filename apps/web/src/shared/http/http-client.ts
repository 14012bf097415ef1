import { RETRYABLE_STATUSES } from '@sheaf/contracts/limits';
import { ApiError } from './api-error';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number | boolean)[];

export type RequestOptions = {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData, Blob, URLSearchParams and strings are sent as they are. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** How to read a successful body. Default: JSON when the response says so, text otherwise. */
  responseType?: 'auto' | 'json' | 'text' | 'blob';
  /** Do not call the onUnauthorized hook on 401 (used by the session probe). */
  skipUnauthorizedHook?: boolean;
};

export type HttpClient = {
  readonly baseUrl: string;
  request: <T = unknown>(path: string, options?: RequestOptions) => Promise<T>;
  setOnUnauthorized: (handler: (() => void) | undefined) => void;
};

export type CreateHttpClientOptions = {
  baseUrl: string;
  fetch?: typeof fetch;
  onUnauthorized?: () => void;
};

const IDEMPOTENT_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRYABLE: ReadonlySet<number> = new Set(RETRYABLE_STATUSES);

/**
 * The API base URL: the configured one (VITE_API_BASE_URL) when set, else the page origin.
 * An invalid configured URL throws.
 */
export function resolveApiBaseUrl(configured: string | undefined, pageOrigin: string): string {
  const candidate = configured?.trim() ? configured.trim() : pageOrigin;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    throw new Error(`Invalid API base URL: "${candidate}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Invalid API base URL: "${candidate}" (must be http or https)`);
  }
  return url.href.replace(/\/+$/, '');
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(`${baseUrl}${path.startsWith('/') ? path : `/${path}`}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) {
      continue;
    }
    if (Array.isArray(value)) {
      for (const item of value) {
        url.searchParams.append(key, String(item));
      }
    } else {
      url.searchParams.set(key, String(value));
    }
  }
  return url.toString();
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

async function readBody(response: Response, responseType: RequestOptions['responseType']): Promise<unknown> {
  if (response.status === 204 || response.status === 205 || response.status === 304) {
    return undefined;
  }
  if (responseType === 'blob') {
    return response.blob();
  }
  const text = await response.text();
  if (responseType === 'text') {
    return text;
  }
  if (text.length === 0) {
    return undefined;
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (responseType === 'json' || contentType.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export function createHttpClient({
  baseUrl,
  fetch: fetchImpl,
  onUnauthorized: initialOnUnauthorized,
}: CreateHttpClientOptions): HttpClient {
  let onUnauthorized = initialOnUnauthorized;
  const doFetch: typeof fetch = (...args) => (fetchImpl ?? globalThis.fetch)(...args);

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const url = buildUrl(baseUrl, path, options.query);
    const headers = new Headers({ accept: 'application/json', ...options.headers });
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (isRawBody(options.body)) {
        body = options.body;
      } else {
        body = JSON.stringify(options.body);
        if (!headers.has('content-type')) {
          headers.set('content-type', 'application/json');
        }
      }
    }

    const init: RequestInit = { method, headers, body, credentials: 'include', signal: options.signal };

    const maxAttempts = IDEMPOTENT_METHODS.has(method) ? 2 : 1;
    let response: Response | undefined;
    for (let attempt = 1; response === undefined; attempt++) {
      const isLastAttempt = attempt >= maxAttempts || options.signal?.aborted === true;
      let answer: Response;
      try {
        answer = await doFetch(url, init);
      } catch (error) {
        if (isLastAttempt) {
          throw error;
        }
        continue;
      }
      if (!isLastAttempt && RETRYABLE.has(answer.status)) {
        continue;
      }
      response = answer;
    }

    if (response.status >= 400 && response.status <= 599) {
      const data = await readBody(response, 'auto').catch(() => undefined);
      if (response.status === 401 && !options.skipUnauthorizedHook) {
        onUnauthorized?.();
      }
      throw new ApiError({
        status: response.status,
        statusText: response.statusText,
        data,
        url,
        retryAfter: response.headers.get('retry-after'),
      });
    }

    return (await readBody(response, options.responseType ?? 'auto')) as T;
  }

  return {
    baseUrl,
    request,
    setOnUnauthorized: (handler) => {
      onUnauthorized = handler;
    },
  };
}
