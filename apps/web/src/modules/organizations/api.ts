import type { DeletedOrganizationDto, OrganizationDto } from '@sheaf/contracts/organizations';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../shared/http/api-client';

/** Every organization query lives under this key: the list is `['organizations']`, one organization and all it holds `['organizations', id, …]`. */
export const organizationsQueryKey = ['organizations'] as const;
export const deletedOrganizationsQueryKey = ['organizations', 'deleted'] as const;

export function organizationQueryKey(organizationId: string) {
  return ['organizations', organizationId] as const;
}

const organizationPath = (organizationId: string) =>
  `/api/organizations/${encodeURIComponent(organizationId)}`;

export function organizationsQueryOptions() {
  return queryOptions({
    queryKey: organizationsQueryKey,
    queryFn: async () =>
      (await apiClient.request<{ organizations: OrganizationDto[] }>('/api/organizations')).organizations,
  });
}

export function organizationQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: organizationQueryKey(organizationId),
    queryFn: async () =>
      (await apiClient.request<{ organization: OrganizationDto }>(organizationPath(organizationId)))
        .organization,
  });
}

export function deletedOrganizationsQueryOptions() {
  return queryOptions({
    queryKey: deletedOrganizationsQueryKey,
    queryFn: async () =>
      (await apiClient.request<{ organizations: DeletedOrganizationDto[] }>('/api/organizations/deleted'))
        .organizations,
  });
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name }: { name: string }) =>
      (
        await apiClient.request<{ organization: OrganizationDto }>('/api/organizations', {
          method: 'POST',
          body: { name },
        })
      ).organization,
    onSuccess: async (organization) => {
      queryClient.setQueryData(organizationQueryKey(organization.id), organization);
      await queryClient.invalidateQueries({ queryKey: organizationsQueryKey, exact: true });
    },
  });
}

export function useUpdateOrganization(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name }: { name: string }) =>
      (
        await apiClient.request<{ organization: OrganizationDto }>(organizationPath(organizationId), {
          method: 'PUT',
          body: { name },
        })
      ).organization,
    onSuccess: async (organization) => {
      queryClient.setQueryData(organizationQueryKey(organizationId), organization);
      await queryClient.invalidateQueries({ queryKey: organizationsQueryKey, exact: true });
    },
  });
}

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) =>
      apiClient.request<void>(organizationPath(organizationId), { method: 'DELETE' }),
    onSuccess: async (_result, organizationId) => {
      queryClient.removeQueries({ queryKey: organizationQueryKey(organizationId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: deletedOrganizationsQueryKey }),
      ]);
    },
  });
}

export function useRestoreOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) =>
      apiClient.request<void>(`${organizationPath(organizationId)}/restore`, { method: 'POST' }),
    onSuccess: async (_result, organizationId) => {
      queryClient.removeQueries({ queryKey: organizationQueryKey(organizationId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: deletedOrganizationsQueryKey }),
      ]);
    },
  });
}
