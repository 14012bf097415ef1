import { z } from 'zod';
import type { ErrorCode } from './errors';
import type { ApiKeyPermission, MemberRole } from './permissions';

/**
 * One endpoint of the API, declared once: the server binds its handler to it, the API description
 * is generated from it, the web client calls it, the demo answers it and the cross-organization
 * test walks it. Zod only: nothing here knows a server framework.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: nobody signed in, a session only, a session or an API key with a permission, or a signature of the body. */
export type EndpointAuth = 'none' | 'session' | { apiKeyPermission: ApiKeyPermission } | 'signature';

/** A success answer that is not JSON: a file streamed in one of these media types. */
export type FileAnswer = { file: { mediaTypes: readonly string[]; description: string } };

/** A redirect (303 and the like) to another page: the `Location` header is the answer. */
export type RedirectAnswer = { redirect: { description: string } };

/** What a success status answers: a JSON body's schema, a file, a redirect, or nothing (`null`, 204). */
export type SuccessAnswer = z.ZodType | FileAnswer | RedirectAnswer | null;

/** A body that is not JSON (multipart upload, signed webhook): its media type, the fields a client sends, and prose. */
export type RawBody = {
  mediaType: string;
  description: string;
  /** The multipart fields as JSON Schema (a file field is `{ type: 'string', format: 'binary' }`). */
  fields?: Record<string, { type: 'string'; format?: 'binary'; description?: string }>;
  required?: readonly string[];
};

export type EndpointDefinition = {
  method: HttpMethod;
  /** The full path, Hono's form (`/api/organizations/:organizationId/tags`). */
  path: string;
  /** The API description's group. */
  tag: string;
  summary: string;
  /** More prose for the API description (limits, side effects). */
  description?: string;
  auth: EndpointAuth;
  /** Roles of the organization allowed (organization routes); all roles when absent. */
  roles?: readonly MemberRole[];
  /** The query string's schema (strict: unknown parameters are refused). */
  query?: z.ZodType;
  /** The JSON body's schema. */
  body?: z.ZodType;
  /** A body that is not JSON. */
  rawBody?: RawBody;
  /**
   * Success statuses and what each answers; also a non-error answer at an error status, such as
   * the health check's 503 `{ status: 'error' }`.
   */
  answers: Partial<Record<200 | 201 | 202 | 204 | 206 | 302 | 303 | 304 | 503, SuccessAnswer>>;
  /**
   * Error statuses this endpoint answers besides the ones every endpoint of its kind can give
   * (see `errorStatusesOf`), with the codes each can carry.
   */
  errors?: Partial<
    Record<400 | 403 | 404 | 409 | 413 | 416 | 422 | 429 | 501 | 502 | 503 | 507, readonly ErrorCode[]>
  >;
  /** An example request body and success answer for the API description. */
  example?: { body?: unknown; answer?: unknown };
  /** Served by the authentication library rather than a handler of ours (described, not bound). */
  servedBy?: 'auth-library';
};

/** Declares an endpoint, keeping its literal types (path, statuses, schemas) for the typed handler and client. */
export const defineEndpoint = <const Definition extends EndpointDefinition>(definition: Definition) =>
  definition;

/** `'/api/orgs/:organizationId/tags/:tagId'` → `'organizationId' | 'tagId'`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

export type PathParams<Path extends string> = { [Name in PathParamNames<Path>]: string };

/** The names of a path's parameters, in order. */
export const pathParamNames = (path: string) =>
  [...path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => name as string);

/** `/api/organizations/:organizationId` with `{ organizationId: 'org_1' }` → `/api/organizations/org_1` (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** Whether an endpoint's path is under an organization (its membership is checked). */
export const isOrganizationScoped = (endpoint: Pick<EndpointDefinition, 'path'>) =>
  endpoint.path.includes(':organizationId');

/** The success statuses an endpoint answers, in order. */
export const successStatusesOf = (endpoint: Pick<EndpointDefinition, 'answers'>) =>
  Object.keys(endpoint.answers).map(Number);

/**
 * Every error status an endpoint can answer, with its codes: its own (`errors`) and those every
 * endpoint of its kind gives — 400 for invalid input (unknown query parameters included), 401/403 when it needs a caller, 403 for a
 * cross-site request, 413/415 for a JSON body, 500 always.
 */
export function errorStatusesOf(endpoint: EndpointDefinition): Map<number, Set<ErrorCode>> {
  const statuses = new Map<number, Set<ErrorCode>>();
  const add = (status: number, ...codes: ErrorCode[]) => {
    const set = statuses.get(status) ?? new Set<ErrorCode>();
    for (const code of codes) set.add(code);
    statuses.set(status, set);
  };
  // Every endpoint validates its input: one without a query refuses any query parameter.
  add(400, 'api.validation_error');
  if (endpoint.body) add(400, 'api.invalid_json');
  // The request guards check the media type and size of every unsafe request that carries a body,
  // before the route runs, whether the route reads one or not.
  if (endpoint.body || (endpoint.method !== 'GET' && endpoint.auth !== 'signature')) {
    add(413, 'api.payload_too_large');
    add(415, 'api.unsupported_media_type');
  }
  if (endpoint.auth === 'session' || typeof endpoint.auth === 'object') {
    add(401, 'auth.unauthorized');
    add(403, 'auth.forbidden');
    // An organization that requires a second factor refuses the sessions of members without one.
    if (endpoint.path.includes(':organizationId')) add(403, 'organization.two_factor_required');
  }
  // Unsafe methods from another site's page are refused before anything runs.
  if (endpoint.method !== 'GET' && endpoint.auth !== 'signature') add(403, 'auth.invalid_origin');
  add(500, 'internal.error');
  for (const [status, codes] of Object.entries(endpoint.errors ?? {})) add(Number(status), ...(codes ?? []));
  return statuses;
}

export const isFileAnswer = (answer: SuccessAnswer | undefined): answer is FileAnswer =>
  typeof answer === 'object' && answer !== null && 'file' in answer;

export const isRedirectAnswer = (answer: SuccessAnswer | undefined): answer is RedirectAnswer =>
  typeof answer === 'object' && answer !== null && 'redirect' in answer;

export const isJsonAnswer = (answer: SuccessAnswer | undefined): answer is z.ZodType =>
  answer instanceof z.ZodType;

/** The body type a JSON success status answers. */
export type AnswerBody<
  Endpoint extends EndpointDefinition,
  Status extends keyof Endpoint['answers'],
> = Endpoint['answers'][Status] extends z.ZodType ? z.output<Endpoint['answers'][Status]> : undefined;

/** Statuses of an endpoint's JSON answers. */
type JsonStatuses<Endpoint extends EndpointDefinition> = {
  [Status in keyof Endpoint['answers']]: Endpoint['answers'][Status] extends z.ZodType ? Status : never;
}[keyof Endpoint['answers']];

/** Statuses of an endpoint's file answers. */
type FileStatuses<Endpoint extends EndpointDefinition> = {
  [Status in keyof Endpoint['answers']]: Endpoint['answers'][Status] extends FileAnswer ? Status : never;
}[keyof Endpoint['answers']];

/** What a caller gets back on success: the union of the JSON answers' bodies, a file's Blob, or nothing. */
export type EndpointAnswer<Endpoint extends EndpointDefinition> = [JsonStatuses<Endpoint>] extends [never]
  ? [FileStatuses<Endpoint>] extends [never]
    ? undefined
    : Blob
  : { [Status in JsonStatuses<Endpoint>]: AnswerBody<Endpoint, Status> }[JsonStatuses<Endpoint>];

/** Whether an endpoint answers a file (its caller reads a Blob). */
export const answersFile = (endpoint: Pick<EndpointDefinition, 'answers'>) =>
  Object.values(endpoint.answers).some((answer) => isFileAnswer(answer));

/** What a caller sends: the path's parameters, the query and the body, each only when the endpoint has it. */
export type EndpointRequest<Endpoint extends EndpointDefinition> = ([
  PathParamNames<Endpoint['path']>,
] extends [never]
  ? { params?: undefined }
  : { params: PathParams<Endpoint['path']> }) &
  (Endpoint['query'] extends z.ZodType ? { query?: z.input<Endpoint['query']> } : { query?: undefined }) &
  (Endpoint['body'] extends z.ZodType
    ? { body: z.input<Endpoint['body']> }
    : Endpoint['rawBody'] extends RawBody
      ? { body: FormData }
      : { body?: undefined });

/** An ISO-8601 date-time as the API answers it. */
export const isoDateTime = () => z.iso.datetime({ offset: true });

/** The error answer every failing request gets. */
export const errorAnswerSchema = z.strictObject({
  error: z.strictObject({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
