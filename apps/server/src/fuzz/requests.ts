import { randomBytes } from 'node:crypto';
import { type EndpointDefinition, fillPath } from '@sheaf/contracts/endpoint';
import type { z } from 'zod';

/** One multipart part: a text field or a file. */
export type MultipartPart =
  | { name: string; value: string }
  | { name: string; file: { name: string; type: string; data: Buffer } };

export type RequestBody =
  | { kind: 'json'; value: unknown }
  /** Text sent as is: broken JSON, or JSON sent with the wrong media type. */
  | { kind: 'text'; text: string; contentType: string }
  | { kind: 'multipart'; parts: MultipartPart[] };

/** What a case sends, before credentials are added. */
export type CaseInput = {
  params: Record<string, string>;
  /** Query values as drawn; arrays become repeated keys. */
  query?: Record<string, unknown>;
  body?: RequestBody;
  headers?: Record<string, string>;
};

export type BuiltRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer | string;
  /** For a failure's message: what the body was, readable. */
  bodyText?: string;
};

function queryValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value) ?? '';
}

export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, queryValue(item));
    else search.append(key, queryValue(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A multipart/form-data body as bytes (so that a signature can be computed over exactly them). */
export function encodeMultipart(parts: MultipartPart[]): { body: Buffer; contentType: string } {
  const boundary = `----sheaf-fuzz-${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  const quote = (value: string) => value.replace(/["\\\r\n]/g, (c) => encodeURIComponent(c));
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('file' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${quote(part.name)}"; filename="${quote(part.file.name)}"\r\nContent-Type: ${part.file.type}\r\n\r\n`,
        ),
        part.file.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${quote(part.name)}"\r\n\r\n`),
        Buffer.from(part.value),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function buildRequest(base: string, endpoint: EndpointDefinition, input: CaseInput): BuiltRequest {
  const url = `${base}${fillPath(endpoint.path, input.params)}${queryString(input.query)}`;
  const headers: Record<string, string> = { ...input.headers };
  const request: BuiltRequest = { method: endpoint.method, url, headers };
  const body = input.body;
  if (!body) return request;
  if (body.kind === 'json') {
    headers['content-type'] = 'application/json';
    request.body = JSON.stringify(body.value);
    request.bodyText = request.body;
  } else if (body.kind === 'text') {
    headers['content-type'] = body.contentType;
    request.body = body.text;
    request.bodyText = body.text;
  } else {
    const encoded = encodeMultipart(body.parts);
    headers['content-type'] = encoded.contentType;
    request.body = encoded.body;
    request.bodyText = `multipart: ${body.parts
      .map((part) =>
        'file' in part
          ? `${part.name}=<file ${JSON.stringify(part.file.name)} ${part.file.type} ${part.file.data.length} bytes>`
          : `${part.name}=${JSON.stringify(part.value.slice(0, 200))}`,
      )
      .join(', ')}`;
  }
  return request;
}

/** The query as the server reads it: single values as strings, repeated keys as lists. */
function readQuery(url: URL): Record<string, string | string[]> {
  // No prototype: a parameter named `__proto__` or `constructor` is a parameter like any other.
  const query: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of url.searchParams) {
    const current = query[key];
    query[key] = current === undefined ? value : [current].flat().concat(value);
  }
  return query;
}

/** The keys of an object schema (its strictness for query strings), undefined when it is not one. */
function shapeKeys(schema: z.ZodType | undefined): Set<string> | undefined {
  if (!schema) return new Set();
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? new Set(Object.keys(shape)) : undefined;
}

/**
 * The contract's verdict on a request's input: the query (strict: unknown parameters refused) and
 * the JSON body against the endpoint's zod schemas. Path parameters have no schema.
 */
export function judgeInput(
  endpoint: EndpointDefinition,
  request: BuiltRequest,
): { valid: true } | { valid: false; why: string; status: 400 | 415 } {
  // The media type is checked first, before the route runs (the request guards).
  const hasBody = request.body !== undefined && request.body.length > 0;
  const isJson =
    (request.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
  if (endpoint.body && hasBody && !isJson) return { valid: false, status: 415, why: 'not application/json' };
  const url = new URL(request.url);
  const query = readQuery(url);
  const known = shapeKeys(endpoint.query);
  const unknown = known ? Object.keys(query).filter((key) => !known.has(key)) : [];
  if (unknown.length > 0) return { valid: false, status: 400, why: `unknown query parameter ${unknown[0]}` };
  if (endpoint.query) {
    const result = endpoint.query.safeParse(query);
    if (!result.success)
      return { valid: false, status: 400, why: `query: ${result.error.issues[0]?.message}` };
  }
  if (endpoint.body) {
    if (typeof request.body !== 'string') return { valid: false, status: 400, why: 'no JSON body' };
    let value: unknown;
    try {
      value = JSON.parse(request.body);
    } catch {
      return { valid: false, status: 400, why: 'body is not JSON' };
    }
    const result = endpoint.body.safeParse(value);
    if (!result.success)
      return { valid: false, status: 400, why: `body: ${result.error.issues[0]?.message}` };
  }
  return { valid: true };
}
