import { apiKeysEndpoints, type CreateApiKeyInput } from '@sheaf/contracts/api-keys';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';

export const apiKeysQueryKey = ['api-keys'] as const;

export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: apiKeysQueryKey,
    queryFn: async () => (await call(apiKeysEndpoints.list)).apiKeys,
  });
}

/** What the creation form sends: every field, as the spec's form does (spec §6). */
export type CreateApiKeyBody = Required<Pick<CreateApiKeyInput, 'name' | 'permissions'>> & {
  organizationIds: string[];
  allOrganizations: boolean;
  expiresAt: string | null;
};

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => call(apiKeysEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiKeyId: string) => call(apiKeysEndpoints.delete, { params: { apiKeyId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
