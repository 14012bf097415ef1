import {
  type EndpointAuth,
  type EndpointDefinition,
  errorStatusesOf,
  isFileAnswer,
  isRedirectAnswer,
  pathParamNames,
  type SuccessAnswer,
  successStatusesOf,
} from '@sheaf/contracts/endpoint';
import { allEndpoints } from '@sheaf/contracts/endpoints';
import { ERROR_CODES } from '@sheaf/contracts/errors';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): for a request, what a client
 * sends, before the schema's transforms; for an answer, what the server sends. A check that JSON Schema cannot express (a refinement)
 * is left out of the document and still applies on the server.
 */
function toJsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, {
    io,
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

function security(auth: EndpointAuth) {
  if (auth === 'none' || auth === 'signature') return [];
  if (auth === 'session') return [{ sessionCookie: [] }];
  return [{ sessionCookie: [] }, { apiKey: [] }];
}

function describeAuth(endpoint: EndpointDefinition): string {
  const { auth, roles } = endpoint;
  const who = roles ? ` The caller's role in the organization must be ${roles.join(' or ')}.` : '';
  if (auth === 'none') return 'No authentication.';
  if (auth === 'signature')
    return 'Authenticated by a signature of the body (see the request body), not by a session; no Origin check.';
  if (auth === 'session') return `A session only (API keys get 403).${who}`;
  return `A session, or an API key with the permission \`${auth.apiKeyPermission}\`.${who}`;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is invalid',
  401: 'Not signed in, or an invalid API key',
  403: 'Not allowed',
  404: 'Not found',
  405: 'This path does not take this method',
  409: 'Conflict',
  413: 'The body is too large',
  415: 'The body is not JSON',
  416: 'The range is outside the file',
  429: 'Too many requests; see Retry-After',
  500: 'An internal error',
  501: 'Not available here',
  502: 'An upstream service failed',
  503: 'Unavailable',
  507: 'The storage is full',
};

function errorResponse(endpoint: EndpointDefinition, status: number, codes: Set<string>) {
  const description =
    status === 401 && endpoint.auth === 'signature' ? 'The signature is wrong' : ERROR_DESCRIPTIONS[status];
  return {
    description: `${description ?? 'An error'}: ${[...codes].map((code) => `\`${code}\``).join(', ')}`,
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/Error' },
            {
              type: 'object',
              properties: { error: { type: 'object', properties: { code: { enum: [...codes] } } } },
            },
          ],
        },
      },
    },
  };
}

function successResponse(status: number, answer: SuccessAnswer | undefined, example: unknown) {
  if (answer === null || answer === undefined) return { description: 'No content' };
  if (isFileAnswer(answer))
    return {
      description: answer.file.description,
      content: Object.fromEntries(
        answer.file.mediaTypes.map((mediaType) => [
          mediaType,
          { schema: { type: 'string', format: 'binary' } },
        ]),
      ),
    };
  if (isRedirectAnswer(answer))
    return {
      description: answer.redirect.description,
      headers: { Location: { schema: { type: 'string', format: 'uri' } } },
    };
  return {
    description: status === 201 ? 'Created' : 'OK',
    content: {
      'application/json': {
        schema: toJsonSchema(answer, 'output'),
        ...(example === undefined ? {} : { example }),
      },
    },
  };
}

function requestBodyOf(endpoint: EndpointDefinition) {
  if (endpoint.body)
    return {
      required: true,
      content: {
        'application/json': {
          schema: toJsonSchema(endpoint.body),
          ...(endpoint.example?.body === undefined ? {} : { example: endpoint.example.body }),
        },
      },
    };
  if (endpoint.rawBody) {
    const { mediaType, description, fields, required } = endpoint.rawBody;
    return {
      required: true,
      description,
      content: {
        [mediaType]: {
          schema: fields
            ? { type: 'object', properties: fields, ...(required ? { required: [...required] } : {}) }
            : { type: 'string' },
        },
      },
    };
  }
  return undefined;
}

/** `getOrganizationsTags`-style ids from the method and path, unique per operation. */
const operationIdOf = ({ method, path }: EndpointDefinition) =>
  `${method.toLowerCase()}${toOpenApiPath(path)
    .replace(/^\/api/, '')
    .replace(/[{}]/g, '')
    .split(/[/-]/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('')}`;

function toOperation(endpoint: EndpointDefinition) {
  const parameters = [
    ...pathParamNames(endpoint.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    })),
    ...(endpoint.query ? queryParameters(endpoint.query) : []),
  ];
  const requestBody = requestBodyOf(endpoint);
  const answers = endpoint.answers as Record<number, SuccessAnswer>;
  const successStatuses = successStatusesOf(endpoint);
  return {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: [endpoint.description, describeAuth(endpoint)].filter(Boolean).join('\n\n'),
    operationId: operationIdOf(endpoint),
    security: security(endpoint.auth),
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses: {
      ...Object.fromEntries(
        successStatuses.map((status, index) => [
          String(status),
          successResponse(status, answers[status], index === 0 ? endpoint.example?.answer : undefined),
        ]),
      ),
      ...Object.fromEntries(
        [...errorStatusesOf(endpoint)].map(([status, codes]) => [
          String(status),
          errorResponse(endpoint, status, codes),
        ]),
      ),
    },
  };
}

/** The OpenAPI 3.1 description of the API, generated from the endpoint catalogue. */
export function buildOpenApiDocument({ version, serverUrl }: { version: string; serverUrl: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of allEndpoints) {
    const path = toOpenApiPath(endpoint.path);
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = toOperation(endpoint);
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
    tags: [...new Set(allEndpoints.map(({ tag }) => tag))].map((name) => ({ name })),
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
