import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatIssues, parseWith } from './validation';

describe('validation issues', () => {
  const schema = z.strictObject({
    name: z.string().min(1, { message: 'The name is required' }),
    tags: z.array(z.string()),
  });

  it('answer each unknown key as an issue of its own, and other issues by their dotted path', () => {
    const result = schema.safeParse({ name: '', tags: ['a', 2], colour: 'red', nested: {} });
    expect(result.success).toBe(false);
    expect(formatIssues(result.error!)).toEqual([
      { path: 'name', message: 'The name is required', code: 'too_small' },
      { path: 'tags.1', message: expect.any(String), code: 'invalid_type' },
      { path: 'colour', message: 'Unknown field "colour"', code: 'unrecognized_keys' },
      { path: 'nested', message: 'Unknown field "nested"', code: 'unrecognized_keys' },
    ]);
  });

  it('are the details of a 400 api.validation_error', () => {
    expect(() => parseWith(schema, { name: 'x', tags: [], extra: 1 })).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'api.validation_error',
        details: [{ path: 'extra', message: 'Unknown field "extra"', code: 'unrecognized_keys' }],
      }),
    );
  });
});
