import {
  type EndpointDefinition,
  isJsonAnswer,
  type PathParams,
  pathParamNames,
} from '@sheaf/contracts/endpoint';
import type { ApiKeyPermission, MemberRole } from '@sheaf/contracts/permissions';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '@sheaf/contracts/text';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { AppEnv } from './app.types';
import { createValidationError } from './errors';
import { parseJsonBody, parseWith, readQueryWithLists } from './validation';

/** The guards the adapter puts in front of a handler, given by the composition root. */
export type EndpointGuards = {
  /** A session, or an API key with these permissions (none: sessions only). */
  requireAuth: (options: { apiKeyPermissions?: ApiKeyPermission[] }) => MiddlewareHandler<AppEnv>;
  /** The same, then a membership of the path's organization (with one of these roles). */
  requireOrganizationMember: (options: {
    apiKeyPermissions?: ApiKeyPermission[];
    roles?: MemberRole[];
    includeDeleted?: boolean;
  }) => MiddlewareHandler<AppEnv>;
};

type JsonStatus<Endpoint extends EndpointDefinition> = {
  [Status in keyof Endpoint['answers']]: Endpoint['answers'][Status] extends z.ZodType ? Status : never;
}[keyof Endpoint['answers']];

type EmptyStatus<Endpoint extends EndpointDefinition> = {
  [Status in keyof Endpoint['answers']]: Endpoint['answers'][Status] extends null ? Status : never;
}[keyof Endpoint['answers']];

/**
 * What a handler answers: a JSON status with a body its schema accepts, an empty status, or — for
 * files, redirects and streams — a Response of its own.
 */
export type EndpointResult<Endpoint extends EndpointDefinition> =
  | {
      [Status in JsonStatus<Endpoint>]: {
        status: Status;
        body: Endpoint['answers'][Status] extends z.ZodType ? z.input<Endpoint['answers'][Status]> : never;
        headers?: Record<string, string>;
      };
    }[JsonStatus<Endpoint>]
  | {
      [Status in EmptyStatus<Endpoint>]: { status: Status; headers?: Record<string, string> };
    }[EmptyStatus<Endpoint>]
  | Response;

/** What a handler receives: the path's parameters, the query and the body, validated by the endpoint's schemas. */
export type EndpointInput<Endpoint extends EndpointDefinition> = {
  c: Context<AppEnv>;
  params: PathParams<Endpoint['path']>;
  query: Endpoint['query'] extends z.ZodType ? z.output<Endpoint['query']> : undefined;
  body: Endpoint['body'] extends z.ZodType ? z.output<Endpoint['body']> : undefined;
};

export type EndpointHandler<Endpoint extends EndpointDefinition> = (
  input: EndpointInput<Endpoint>,
) => Promise<EndpointResult<Endpoint>> | EndpointResult<Endpoint>;

export type EndpointOptions = {
  /** Let members of a deleted (not yet purged) organization through, e.g. to restore it. */
  includeDeleted?: boolean;
  /** Middlewares run after the guard and before the input is read (a rate limit). */
  before?: MiddlewareHandler<AppEnv>[];
};

/** The names a query schema knows, when it is an object: any other parameter is refused. */
function knownQueryKeys(schema: z.ZodType | undefined): Set<string> | undefined {
  if (!schema) return new Set();
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? new Set(Object.keys(shape)) : undefined;
}

function readQuery(c: Context<AppEnv>, endpoint: EndpointDefinition) {
  const query = readQueryWithLists(c.req.url);
  const known = knownQueryKeys(endpoint.query);
  if (known) {
    const unknown = Object.keys(query).filter((key) => !known.has(key));
    if (unknown.length > 0)
      throw createValidationError(
        unknown.map((key) => ({
          path: key,
          message: `Unknown query parameter "${key}"`,
          code: 'unrecognized_keys',
        })),
      );
  }
  return endpoint.query ? parseWith(endpoint.query, query) : undefined;
}

/** The path's parameters; one with a control character names nothing and is refused (PostgreSQL refuses NUL in text). */
function checkParams(c: Context<AppEnv>) {
  const params = c.req.param() as Record<string, string>;
  const invalid = Object.keys(params).filter((name) => hasControlCharacters(params[name] ?? ''));
  if (invalid.length > 0)
    throw createValidationError(
      invalid.map((name) => ({ path: name, message: CONTROL_CHARACTERS_MESSAGE, code: 'invalid_format' })),
    );
}

/** The catalogue's path under the `/api` router the modules are mounted on. */
const routerPath = (path: string) => path.replace(/^\/api(?=\/)/, '');

/**
 * The one adapter between the endpoint catalogue and Hono: each binding puts the endpoint's guard
 * (from its `auth` and `roles`), reads and validates its path, query and body with its schemas, and
 * answers what the handler returns, type-checked against the endpoint's answer schemas. The
 * endpoint is kept in the context, so a test app can check every answer against it.
 */
export function createEndpointRoutes(guards: EndpointGuards) {
  return () => {
    const router = new Hono<AppEnv>();
    const routes = {
      router,
      on<const Endpoint extends EndpointDefinition>(
        endpoint: Endpoint,
        handler: EndpointHandler<Endpoint>,
        options: EndpointOptions = {},
      ) {
        const { auth } = endpoint;
        const apiKeyPermissions = typeof auth === 'object' ? [auth.apiKeyPermission] : undefined;
        const guard =
          auth === 'none' || auth === 'signature'
            ? []
            : pathParamNames(endpoint.path).includes('organizationId')
              ? [
                  guards.requireOrganizationMember({
                    apiKeyPermissions,
                    roles: endpoint.roles ? [...endpoint.roles] : undefined,
                    includeDeleted: options.includeDeleted,
                  }),
                ]
              : [guards.requireAuth({ apiKeyPermissions })];
        const markEndpoint: MiddlewareHandler<AppEnv> = async (c, next) => {
          c.set('endpoint', endpoint);
          // Before the guard, which looks the organization up by its id.
          checkParams(c);
          await next();
        };
        router.on(
          endpoint.method,
          routerPath(endpoint.path),
          markEndpoint,
          ...guard,
          ...(options.before ?? []),
          async (c) => {
            const query = readQuery(c, endpoint);
            const body = endpoint.body ? await parseJsonBody(c, endpoint.body) : undefined;
            const result = await handler({
              c,
              params: c.req.param() as PathParams<Endpoint['path']>,
              query,
              body,
            } as EndpointInput<Endpoint>);
            if (result instanceof Response) return result;
            const answer = endpoint.answers[result.status as keyof typeof endpoint.answers];
            if (isJsonAnswer(answer) && 'body' in result)
              return c.json(result.body, result.status as ContentfulStatusCode, result.headers);
            return c.body(null, result.status as StatusCode, result.headers);
          },
        );
        return routes;
      },
    };
    return routes;
  };
}

export type EndpointRoutesFactory = ReturnType<typeof createEndpointRoutes>;
