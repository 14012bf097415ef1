import { type PublicConfig, publicConfigSchema } from '@sheaf/contracts/config';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../../shared/http/http-client';

export const configQueryKey = ['config'] as const;

export async function fetchPublicConfig(client: HttpClient): Promise<PublicConfig> {
  const body = await client.request<{ config?: unknown } | undefined>('/api/config');
  return publicConfigSchema.parse(body?.config);
}

export function configQueryOptions(client: HttpClient) {
  return queryOptions({
    queryKey: configQueryKey,
    queryFn: () => fetchPublicConfig(client),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
