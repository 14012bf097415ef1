import { configEndpoints, type PublicConfig } from '@sheaf/contracts/config';
import { queryOptions } from '@tanstack/react-query';
import { createCall } from '../../shared/http/call';
import type { HttpClient } from '../../shared/http/http-client';

export const configQueryKey = ['config'] as const;

/** GET /api/config, validated: anything but a configuration counts as a server that is not ours. */
export async function fetchPublicConfig(client: HttpClient): Promise<PublicConfig> {
  const answer: unknown = await createCall(client)(configEndpoints.get);
  return configEndpoints.get.answers[200].parse(answer).config;
}

export function configQueryOptions(client: HttpClient) {
  return queryOptions({
    queryKey: configQueryKey,
    queryFn: () => fetchPublicConfig(client),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
