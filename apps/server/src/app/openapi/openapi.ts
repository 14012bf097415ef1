import { ERROR_CODES } from '@sheaf/contracts/errors';
import { z } from 'zod';
import { type ApiOperation, apiOperations, authOperations } from './openapi.operations';

type JsonSchema = Record<string, unknown>;

/**
 * The request side of a zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a client
 * sends, before the schema's transforms. A check that JSON Schema cannot express (a refinement)
 * is left out of the document and still applies on the server.
 */
function toJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return jsonSchema;
}

/** `/api/organizations/:organizationId` → `/api/organizations/{organizationId}`. */
export const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function queryParameters(schema: z.ZodType) {
  const jsonSchema = toJsonSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(jsonSchema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: jsonSchema.required?.includes(name) ?? false,
    schema: property,
  }));
}

function security(auth: ApiOperation['auth']) {
  if (auth === 'none' || auth === 'signature') return [];
  if (auth === 'session') return [{ sessionCookie: [] }];
  return [{ sessionCookie: [] }, { apiKey: [] }];
}

function describeAuth(auth: ApiOperation['auth']): string {
  if (auth === 'none') return 'No authentication.';
  if (auth === 'signature')
    return 'Authenticated by a signature of the body (see the request body), not by a session; no Origin check.';
  if (auth === 'session') return 'A session only (API keys get 403).';
  return `A session, or an API key with the permission \`${auth.apiKeyPermission}\`.`;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function toOperation(operation: ApiOperation) {
  const pathParameters = [...operation.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const requestBody = operation.body
    ? { required: true, content: { 'application/json': { schema: toJsonSchema(operation.body) } } }
    : operation.rawBody
      ? {
          required: true,
          description: operation.rawBody.description,
          content: { [operation.rawBody.mediaType]: { schema: { type: 'object' } } },
        }
      : undefined;
  const okContent =
    operation.ok.status === 204
      ? undefined
      : operation.ok.mediaType
        ? { [operation.ok.mediaType]: { schema: { type: 'string', format: 'binary' } } }
        : { 'application/json': { schema: { type: 'object' } } };
  return {
    tags: [operation.tag],
    summary: operation.summary,
    description: describeAuth(operation.auth),
    operationId: `${operation.method.toLowerCase()}${toOpenApiPath(operation.path)
      .replace(/^\/api/, '')
      .replace(/[{}]/g, '')
      .split(/[/-]/)
      .filter(Boolean)
      .map((part) => part[0]?.toUpperCase() + part.slice(1))
      .join('')}`,
    security: security(operation.auth),
    parameters: [...pathParameters, ...(operation.query ? queryParameters(operation.query) : [])],
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [String(operation.ok.status)]: {
        description: operation.ok.description,
        ...(okContent ? { content: okContent } : {}),
      },
      ...(operation.body || operation.query ? { '400': errorResponse('The request is invalid') } : {}),
      ...(operation.auth === 'none' ? {} : { '401': errorResponse('Not signed in, or an invalid API key') }),
      ...(operation.auth === 'none' || operation.auth === 'signature'
        ? {}
        : { '403': errorResponse('Not allowed') }),
      default: errorResponse('An error, with its code'),
    },
  };
}

/** The OpenAPI 3.1 description of the API, built from the routes' own zod schemas. */
export function buildOpenApiDocument({ version, serverUrl }: { version: string; serverUrl: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of [...apiOperations, ...authOperations]) {
    const path = toOpenApiPath(operation.path);
    paths[path] ??= {};
    paths[path][operation.method.toLowerCase()] = toOperation(operation);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sheaf API',
      version,
      description:
        'The API of a Sheaf instance. Organization routes take an API key (`Authorization: Bearer sheaf_…`) where the description says so; every other route needs a session. Errors answer `{ "error": { "code", "message", "details"? } }`.',
    },
    servers: [{ url: serverUrl }],
    tags: [...new Set([...apiOperations, ...authOperations].map(({ tag }) => tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'better-auth.session_token',
          description: 'The session cookie set by signing in (`__Secure-` prefixed over HTTPS).',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key (`sheaf_…`), created in the account settings.',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: { type: 'string', enum: [...ERROR_CODES] },
                message: { type: 'string' },
                details: { description: 'For validation errors: `[{ path, message, code }]`.' },
              },
            },
          },
        },
      },
    },
  };
}
