import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { readBearerToken } from '../modules/auth/auth.bearer';
import type { AppEnv } from '../shared/app.types';
import { createPayloadTooLargeError, HttpError } from '../shared/errors';
import { readBodyAtMost } from '../shared/read-body';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Path prefixes of routes that authenticate each request by a signature of their own (a Stripe
 * webhook, inbound e-mail from the mail provider): no browser page calls them and they carry no
 * session, so the origin check does not apply, and they read their body themselves (any media type,
 * their own size limit). Add the prefix here when such a route lands, e.g. '/api/webhooks/stripe'.
 */
export const SIGNATURE_AUTHENTICATED_PATH_PREFIXES: readonly string[] = [
  '/api/intake-emails/ingest',
  '/api/stripe/webhook',
];

/**
 * Routes that stream a body of their own type: the document upload reads `multipart/form-data`
 * straight into storage, under DOCUMENTS_MAX_UPLOAD_SIZE, and refuses anything else itself.
 */
const STREAMED_BODY_ROUTES: ReadonlyArray<{ method: string; path: RegExp }> = [
  { method: 'POST', path: /^\/api\/organizations\/[^/]+\/documents$/ },
  // A Paperless-ngx export's zip, streamed to the data folder.
  { method: 'POST', path: /^\/api\/organizations\/[^/]+\/paperless-imports$/ },
];

export type RequestGuardsOptions = {
  /** Origins whose pages may send cookie-authenticated requests (see getAllowedOrigins). */
  allowedOrigins: readonly string[];
  /** Largest JSON body, in bytes. */
  jsonBodyLimit: number;
  /** Defaults to SIGNATURE_AUTHENTICATED_PATH_PREFIXES; tests pass their own. */
  signatureAuthenticatedPathPrefixes?: readonly string[];
};

export const createInvalidOriginError = () =>
  new HttpError({
    code: 'auth.invalid_origin',
    message: 'This request comes from a page on another origin; it is refused.',
    status: 403,
  });

export const createUnsupportedMediaTypeError = () =>
  new HttpError({
    code: 'api.unsupported_media_type',
    message: 'Send the request body as application/json.',
    status: 415,
  });

/**
 * Guards of every unsafe /api request (POST, PUT, PATCH, DELETE), /api/auth included, before any
 * route reads it:
 * - cross-site requests: a request not authenticated by `Authorization: Bearer` may ride on the
 *   session cookie, so it must come from an allowed origin (`Origin`, else `Sec-Fetch-Site`);
 * - a body must be `application/json` (a form or text/plain body is what a cross-site page can send
 *   without a preflight);
 * - a JSON body is read at most up to `jsonBodyLimit` bytes, then handed on from memory.
 */
export function createRequestGuards({
  allowedOrigins,
  jsonBodyLimit,
  signatureAuthenticatedPathPrefixes = SIGNATURE_AUTHENTICATED_PATH_PREFIXES,
}: RequestGuardsOptions) {
  const origins = new Set(allowedOrigins);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!UNSAFE_METHODS.has(c.req.method)) return next();
    const path = c.req.path;
    if (signatureAuthenticatedPathPrefixes.some((prefix) => isUnder(path, prefix))) return next();

    const isBearer = readBearerToken(c.req.header('authorization')) !== undefined;
    if (!isBearer && !isFromAllowedOrigin(c.req.raw.headers, origins)) throw createInvalidOriginError();

    if (STREAMED_BODY_ROUTES.some((route) => route.method === c.req.method && route.path.test(path))) {
      return next();
    }
    await guardJsonBody(c, jsonBodyLimit);
    return next();
  });
}

function isUnder(path: string, prefix: string): boolean {
  const base = prefix.replace(/\/+$/, '');
  return path === base || path.startsWith(`${base}/`);
}

/**
 * `Origin` must be allowed. Without it (older browsers on same-origin requests), `Sec-Fetch-Site`
 * must say the request did not come from another site. Without both, the caller is not a browser
 * (curl, a server): there is no ambient cookie to abuse, so it passes.
 */
function isFromAllowedOrigin(headers: Headers, origins: ReadonlySet<string>): boolean {
  const origin = headers.get('origin');
  if (origin !== null) return URL.canParse(origin) && origins.has(new URL(origin).origin);
  const site = headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin' || site === 'none';
  return true;
}

function isJsonMediaType(contentType: string | undefined): boolean {
  return contentType?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * Checks the media type and the size of the body, and replaces the request with one whose body is
 * the bytes read. A declared body (Content-Length, Transfer-Encoding) is checked before any byte is
 * read; a Content-Length over the limit is refused unread, a chunked body as soon as the count passes.
 */
async function guardJsonBody(c: Context<AppEnv>, limit: number) {
  const contentType = c.req.header('content-type');
  const contentLength = c.req.header('content-length');
  const declaredLength = contentLength === undefined ? undefined : Number(contentLength);
  const isChunked = c.req.header('transfer-encoding') !== undefined;

  if (declaredLength !== undefined && declaredLength > limit) throw createPayloadTooLargeError(limit);
  const declaresBody = isChunked || (declaredLength !== undefined && declaredLength > 0);
  if (declaresBody && !isJsonMediaType(contentType)) throw createUnsupportedMediaTypeError();

  const raw = c.req.raw;
  if (!raw.body) return;
  // Without Content-Length or Transfer-Encoding HTTP/1.1 has no body, but a request built in-process
  // may still carry one: read it too, so no path lets an unchecked body through.
  const bytes = await readBodyAtMost(raw.body, limit);
  if (bytes === undefined) throw createPayloadTooLargeError(limit);
  if (bytes.byteLength > 0 && !isJsonMediaType(contentType)) throw createUnsupportedMediaTypeError();
  // A new request rather than `new Request(raw, …)`: the old one's body is used up, which that refuses.
  c.req.raw = new Request(raw.url, {
    method: raw.method,
    headers: raw.headers,
    signal: raw.signal,
    ...(bytes.byteLength > 0 ? { body: bytes } : {}),
  });
}
