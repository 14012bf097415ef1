import { type PublicConfig, publicConfigSchema } from '@sheaf/contracts/config';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../../shared/http/http-client';

export const configQueryKey = ['config'] as const;

export async function fetchPublicConfig(client: HttpClient): Promise<PublicConfig> {
  const body = await client.request<{ config?: unknown } | unknown>('/api/config');
  const candidate =
    typeof body === 'object' && body !== null && 'config' in body
      ? (body as { config: unknown }).config
      : body;
  return publicConfigSchema.parse(candidate);
}

export function configQueryOptions(client: HttpClient) {
  return queryOptions({
    queryKey: configQueryKey,
    queryFn: () => fetchPublicConfig(client),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
