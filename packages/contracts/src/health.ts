import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** GET /api/health when the database answers. */
export const healthyAnswerSchema = z.strictObject({
  status: z.literal('ok'),
  database: z.literal('ok'),
});

/** GET /api/health when the database does not answer: a 503 a load balancer reads, not an error. */
export const unhealthyAnswerSchema = z.strictObject({
  status: z.literal('error'),
  database: z.literal('unreachable'),
});

export type HealthAnswer = z.infer<typeof healthyAnswerSchema> | z.infer<typeof unhealthyAnswerSchema>;

export const healthEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    tag: 'Instance',
    summary: 'Health check',
    description:
      'Reads the database: 200 `{ status: "ok", database: "ok" }`, or 503 `{ status: "error", database: "unreachable" }` when it does not answer.',
    auth: 'none',
    answers: { 200: healthyAnswerSchema, 503: unhealthyAnswerSchema },
    example: { answer: { status: 'ok', database: 'ok' } },
  }),
};
