import { apiKeysEndpoints, createApiKeySchema } from '@sheaf/contracts/api-keys';
import {
  API_KEY_PREFIX_LENGTH,
  API_KEY_TOKEN_PREFIX,
  API_KEY_TOKEN_RANDOM_LENGTH,
} from '@sheaf/contracts/permissions';
import { type DemoContext, newId, nowIso, randomAlphanumerics } from './context';
import { DemoHttpError, handle, json, noContent, notFound, parseJsonBody } from './http';

/** API keys of the demo user: created and listed here, usable by nothing (no server to call). */
export const apiKeysRoutes = (context: DemoContext) => {
  const mine = () => context.state.apiKeys.filter(({ userId }) => userId === context.state.currentUserId);
  const toDto = ({ userId: _userId, ...apiKey }: DemoContext['state']['apiKeys'][number]) => apiKey;
  return [
    handle(apiKeysEndpoints.list, () => json({ apiKeys: mine().map(toDto) })),
    handle(apiKeysEndpoints.create, (request) => {
      const input = parseJsonBody(request, createApiKeySchema);
      if (input.expiresAt && Date.parse(input.expiresAt) <= context.now().getTime()) {
        throw new DemoHttpError(400, 'api.validation_error', 'The request is invalid.', [
          { path: 'expiresAt', message: 'The expiry date must be in the future.', code: 'custom' },
        ]);
      }
      const token = `${API_KEY_TOKEN_PREFIX}${randomAlphanumerics(API_KEY_TOKEN_RANDOM_LENGTH)}`;
      const now = nowIso(context);
      const apiKey = {
        id: newId('ak'),
        userId: context.state.currentUserId,
        name: input.name,
        permissions: input.permissions,
        organizationIds: input.organizationIds,
        allOrganizations: input.allOrganizations,
        prefix: token.slice(0, API_KEY_PREFIX_LENGTH),
        expiresAt: input.expiresAt ?? null,
        lastUsedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      context.state.apiKeys.push(apiKey);
      return json({ apiKey: toDto(apiKey), token }, 201);
    }),
    handle(apiKeysEndpoints.delete, ({ params }) => {
      if (!mine().some(({ id }) => id === params.apiKeyId))
        throw notFound('api_keys.not_found', 'No API key with this id.');
      context.state.apiKeys = context.state.apiKeys.filter(({ id }) => id !== params.apiKeyId);
      return noContent();
    }),
  ];
};
