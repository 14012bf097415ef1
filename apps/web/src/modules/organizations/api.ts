import { organizationsEndpoints } from '@sheaf/contracts/organizations';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';

/** Every organization query lives under this key: the list is `['organizations']`, one organization and all it holds `['organizations', id, …]`. */
export const organizationsQueryKey = ['organizations'] as const;
export const deletedOrganizationsQueryKey = ['organizations', 'deleted'] as const;

export function organizationQueryKey(organizationId: string) {
  return ['organizations', organizationId] as const;
}

export function organizationsQueryOptions() {
  return queryOptions({
    queryKey: organizationsQueryKey,
    queryFn: async () => (await call(organizationsEndpoints.list)).organizations,
  });
}

export function organizationQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: organizationQueryKey(organizationId),
    queryFn: async () =>
      (await call(organizationsEndpoints.get, { params: { organizationId } })).organization,
  });
}

export function deletedOrganizationsQueryOptions() {
  return queryOptions({
    queryKey: deletedOrganizationsQueryKey,
    queryFn: async () => (await call(organizationsEndpoints.listDeleted)).organizations,
  });
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name }: { name: string }) =>
      (await call(organizationsEndpoints.create, { body: { name } })).organization,
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
      (await call(organizationsEndpoints.update, { params: { organizationId }, body: { name } }))
        .organization,
    onSuccess: async (organization) => {
      queryClient.setQueryData(organizationQueryKey(organizationId), organization);
      await queryClient.invalidateQueries({ queryKey: organizationsQueryKey, exact: true });
    },
  });
}

/** Turns the "require two-factor sign-in for members" policy on or off (owners and admins, sessions only). */
export function useUpdateSecurityPolicy(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ requiresTwoFactor }: { requiresTwoFactor: boolean }) =>
      (
        await call(organizationsEndpoints.updateSecurityPolicy, {
          params: { organizationId },
          body: { requiresTwoFactor },
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
      call(organizationsEndpoints.delete, { params: { organizationId } }),
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
      call(organizationsEndpoints.restore, { params: { organizationId } }),
    onSuccess: async (_result, organizationId) => {
      queryClient.removeQueries({ queryKey: organizationQueryKey(organizationId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: deletedOrganizationsQueryKey }),
      ]);
    },
  });
}
