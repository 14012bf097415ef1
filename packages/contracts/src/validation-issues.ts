import type { z } from 'zod';

/** One issue of a 400 `api.validation_error`'s `details`: the field's dotted path, a message, zod's code. */
export type ValidationIssue = { path: string; message: string; code: string };

/**
 * Issues in a stable, client-friendly shape: `[{ path: 'name', message: '…', code }]`, as the
 * server and the demo answer them. Bodies are strict: each key the route does not know is an
 * issue of its own, its path naming the key.
 */
export function formatIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.flatMap((issue): ValidationIssue[] =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          path: [...issue.path, key].join('.'),
          message: `Unknown field "${key}"`,
          code: issue.code,
        }))
      : [{ path: issue.path.join('.'), message: issue.message, code: issue.code }],
  );
}
