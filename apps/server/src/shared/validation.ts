import { formatIssues } from '@sheaf/contracts/validation-issues';
import type { Context } from 'hono';
import type { z } from 'zod';
import { createInvalidJsonError, createValidationError } from './errors';

/** The issues of a `details` list, one shape for server and demo (each unknown body key its own issue). */
export { formatIssues } from '@sheaf/contracts/validation-issues';

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
  // No prototype: a parameter named `__proto__` is a key like any other (and so refused as unknown).
  const query: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of new URL(url).searchParams) {
    const current = query[key];
    query[key] = current === undefined ? value : [current].flat().concat(value);
  }
  return query;
}
