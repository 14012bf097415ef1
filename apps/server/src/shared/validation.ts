import type { Context } from 'hono';
import type { z } from 'zod';
import { createInvalidJsonError, createValidationError } from './errors';

/**
 * Issues in a stable, client-friendly shape: `[{ path: 'name', message: '…' }]`. Bodies are
 * strict: each key the route does not know is an issue of its own, its path naming the key.
 */
export function formatIssues(error: z.ZodError): Array<{ path: string; message: string; code: string }> {
  return error.issues.flatMap(
    (issue): Array<{ path: string; message: string; code: string }> =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({
            path: [...issue.path, key].join('.'),
            message: `Unknown field "${key}"`,
            code: issue.code,
          }))
        : [{ path: issue.path.join('.'), message: issue.message, code: issue.code }],
  );
}

export function parseWith<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw createValidationError(formatIssues(result.error));
  return result.data;
}

export async function parseJsonBody<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.infer<Schema>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw createInvalidJsonError();
  }
  return parseWith(schema, body);
}

export function parseQuery<Schema extends z.ZodType>(c: Context, schema: Schema): z.infer<Schema> {
  return parseWith(schema, c.req.query());
}

/**
 * Query parameters with repeated keys (`?tags=a&tags=b`) kept as lists, single ones as strings:
 * what the list schemas (`tags`) read, where `c.req.query()` keeps only the first value.
 */
export function readQueryWithLists(url: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URL(url).searchParams) {
    const current = query[key];
    query[key] = current === undefined ? value : [current].flat().concat(value);
  }
  return query;
}
