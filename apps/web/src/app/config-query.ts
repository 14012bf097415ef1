import type { PublicConfig } from '@sheaf/contracts/config';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../shared/http/http-client';

/** The key of the runtime configuration: modules/config/api's configQueryKey (a test checks they agree). */
export const startupConfigQueryKey = ['config'] as const;

/**
 * GET /api/config, validated by its schema, for the config gate. The schema (and zod with it) is
 * fetched in parallel with the request instead of being part of the entry chunk.
 */
export function startupConfigQueryOptions(client: HttpClient) {
  return queryOptions({
    queryKey: startupConfigQueryKey,
    queryFn: async (): Promise<PublicConfig> => {
      const [{ publicConfigSchema }, body] = await Promise.all([
        import('@sheaf/contracts/config'),
        client.request<{ config?: unknown } | undefined>('/api/config'),
      ]);
      return publicConfigSchema.parse(body?.config);
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
