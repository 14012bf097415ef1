import type { UpdateUserInput } from '@sheaf/contracts/users';
import { usersEndpoints } from '@sheaf/contracts/users';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { refreshSession } from '../auth/api';

export const currentUserQueryKey = ['users', 'me'] as const;

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: async () => (await call(usersEndpoints.getMe)).user,
  });
}

/** PUT /api/users/me; refreshes the cached user and the session (spec §4: session refreshed after update-user). */
export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: UpdateUserInput) =>
      (await call(usersEndpoints.updateMe, { body: changes })).user,
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      await refreshSession(queryClient);
    },
  });
}
