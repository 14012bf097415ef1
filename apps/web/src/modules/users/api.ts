import type { LocaleCode } from '@sheaf/contracts/locales';
import type { UserDto } from '@sheaf/contracts/users';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../shared/http/api-client';
import { refreshSession } from '../auth/api';

export const currentUserQueryKey = ['users', 'me'] as const;

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: async () => (await apiClient.request<{ user: UserDto }>('/api/users/me')).user,
  });
}

/** PUT /api/users/me; refreshes the cached user and the session (spec §4: session refreshed after update-user). */
export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: { name: string } | { locale: LocaleCode }) =>
      (await apiClient.request<{ user: UserDto }>('/api/users/me', { method: 'PUT', body: changes })).user,
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      await refreshSession(queryClient);
    },
  });
}
