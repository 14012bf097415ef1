import type { EndpointDefinition } from '@sheaf/contracts/endpoint';
import type { ErrorCode } from '@sheaf/contracts/errors';
import { formatIssues } from '@sheaf/contracts/validation-issues';
import type { z } from 'zod';

/** A request as the demo API reads it: the body is already parsed (JSON value, FormData or none). */
export type DemoRequest = {
  method: string;
  url: URL;
  headers: Headers;
  /** The raw body: a string (JSON text), FormData, or undefined. */
  body: string | FormData | undefined;
  params: Record<string, string>;
};

/** An error answered as the server answers it: `{ error: { code, message, details? } }` with a status. */
export class DemoHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DemoHttpError';
  }
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const noContent = () => new Response(null, { status: 204 });

export const errorResponse = ({ status, code, message, details }: DemoHttpError) =>
  json({ error: { code, message, ...(details === undefined ? {} : { details }) } }, status);

/** The server's answer for a feature the demo does not have (spec: 501 `demo.not_available`). */
export const notAvailableInDemo = () =>
  new DemoHttpError(501, 'demo.not_available', 'This feature is not available in demo.');

export const notFound = (code: ErrorCode, message: string) => new DemoHttpError(404, code, message);

export function parseWith<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new DemoHttpError(
      400,
      'api.validation_error',
      'The request is invalid.',
      formatIssues(result.error),
    );
  }
  return result.data;
}

/** The JSON body validated by `schema`: 415 when not JSON, 400 when unreadable or invalid, as the server does. */
export function parseJsonBody<Schema extends z.ZodType>(
  request: DemoRequest,
  schema: Schema,
): z.infer<Schema> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new DemoHttpError(
      415,
      'api.unsupported_media_type',
      'This route takes a JSON body: send it with Content-Type: application/json.',
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(typeof request.body === 'string' ? request.body : '');
  } catch {
    throw new DemoHttpError(400, 'api.invalid_json', 'The request body is not valid JSON.');
  }
  return parseWith(schema, value);
}

/** The query with repeated keys kept as lists (what the list schemas read), as the server reads it. */
export function readQuery(url: URL): Record<string, string | string[]> {
  // No prototype: a parameter named `__proto__` is a key like any other.
  const query: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of url.searchParams) {
    const current = query[key];
    query[key] = current === undefined ? value : [current].flat().concat(value);
  }
  return query;
}

export type Handler = (request: DemoRequest) => Response | Promise<Response>;

export type Route = { method: string; pattern: string; handler: Handler; endpoint?: EndpointDefinition };

/** The demo's answer to one endpoint of the catalogue (route tables: one per domain file, matched in order). */
export function handle(endpoint: EndpointDefinition, handler: Handler): Route {
  return { method: endpoint.method, pattern: endpoint.path, handler, endpoint };
}

/** An endpoint the demo does not have: 501 `demo.not_available`, as the spec says. */
export function notInDemo(endpoint: EndpointDefinition): Route {
  return handle(endpoint, () => {
    throw notAvailableInDemo();
  });
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | undefined {
  const expected = pattern.split('/');
  const actual = pathname.split('/');
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index] ?? '';
    if (segment.startsWith(':')) {
      if (value === '') return undefined;
      params[segment.slice(1)] = decodeURIComponent(value);
    } else if (segment !== value) {
      return undefined;
    }
  }
  return params;
}

export function findRoute(
  routes: readonly Route[],
  method: string,
  pathname: string,
): { route: Route; params: Record<string, string> } | undefined {
  for (const candidate of routes) {
    if (candidate.method !== method) continue;
    const params = matchPattern(candidate.pattern, pathname);
    if (params) return { route: candidate, params };
  }
  return undefined;
}
