import type { ApiKeyDto, CreateApiKeyInput } from '@sheaf/contracts/api-keys';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../shared/http/api-client';

export const apiKeysQueryKey = ['api-keys'] as const;

export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: apiKeysQueryKey,
    queryFn: async () => (await apiClient.request<{ apiKeys: ApiKeyDto[] }>('/api/api-keys')).apiKeys,
  });
}

export type CreateApiKeyBody = Required<Pick<CreateApiKeyInput, 'name' | 'permissions'>> & {
  organizationIds: string[];
  allOrganizations: boolean;
  expiresAt: string | null;
};

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) =>
      apiClient.request<{ apiKey: ApiKeyDto; token: string }>('/api/api-keys', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiKeyId: string) =>
      apiClient.request<void>(`/api/api-keys/${encodeURIComponent(apiKeyId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
