import { apiKeysEndpoints } from '@sheaf/contracts/api-keys';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import type { ApiKeysUsecases } from './api-keys.usecases';

/** Key management accepts sessions only: a key cannot mint or list keys. */
export function createApiKeysRoutes({
  routes,
  apiKeys,
}: {
  routes: EndpointRoutesFactory;
  apiKeys: ApiKeysUsecases;
}) {
  return routes()
    .on(apiKeysEndpoints.list, async ({ c }) => ({
      status: 200,
      body: { apiKeys: await apiKeys.listApiKeys({ userId: c.get('actor').userId }) },
    }))
    .on(apiKeysEndpoints.create, async ({ c, body }) => {
      const { apiKey, token } = await apiKeys.createApiKey({ userId: c.get('actor').userId, input: body });
      return { status: 201, body: { apiKey, token } };
    })
    .on(apiKeysEndpoints.delete, async ({ c, params }) => {
      await apiKeys.deleteApiKey({ userId: c.get('actor').userId, apiKeyId: params.apiKeyId });
      return { status: 204 };
    }).router;
}
