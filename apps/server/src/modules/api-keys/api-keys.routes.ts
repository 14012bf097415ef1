import { createApiKeySchema } from '@sheaf/contracts/api-keys';
import { Hono } from 'hono';
import type { AppEnv } from '../../shared/app.types';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { parseJsonBody } from '../../shared/validation';
import type { RequireAuth } from '../auth/auth.middleware';
import type { ApiKeysUsecases } from './api-keys.usecases';

/** Key management accepts sessions only: a key cannot mint or list keys. */
export function createApiKeysRoutes({
  apiKeys,
  requireAuth,
}: {
  /** Binds handlers to catalogue endpoints (the modules not bound yet ignore it). */
  routes: EndpointRoutesFactory;
  apiKeys: ApiKeysUsecases;
  requireAuth: RequireAuth;
}) {
  return new Hono<AppEnv>()
    .use('/api-keys', requireAuth())
    .use('/api-keys/*', requireAuth())
    .get('/api-keys', async (c) =>
      c.json({ apiKeys: await apiKeys.listApiKeys({ userId: c.get('actor').userId }) }),
    )
    .post('/api-keys', async (c) => {
      const input = await parseJsonBody(c, createApiKeySchema);
      const { apiKey, token } = await apiKeys.createApiKey({ userId: c.get('actor').userId, input });
      return c.json({ apiKey, token }, 201);
    })
    .delete('/api-keys/:apiKeyId', async (c) => {
      await apiKeys.deleteApiKey({ userId: c.get('actor').userId, apiKeyId: c.req.param('apiKeyId') });
      return c.body(null, 204);
    });
}
