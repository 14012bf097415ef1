import type { AssignableMemberRole, MemberDto } from '@sheaf/contracts/members';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../shared/http/api-client';

export function membersQueryKey(organizationId: string) {
  return ['organizations', organizationId, 'members'] as const;
}

export function myMemberQueryKey(organizationId: string) {
  return ['organizations', organizationId, 'members', 'me'] as const;
}

const membersPath = (organizationId: string) =>
  `/api/organizations/${encodeURIComponent(organizationId)}/members`;

export function membersQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: membersQueryKey(organizationId),
    queryFn: async () =>
      (await apiClient.request<{ members: MemberDto[] }>(membersPath(organizationId))).members,
  });
}

/** The signed-in user's membership (their role) in an organization. */
export function myMemberQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: myMemberQueryKey(organizationId),
    queryFn: async () =>
      (await apiClient.request<{ member: MemberDto }>(`${membersPath(organizationId)}/me`)).member,
  });
}

export function useUpdateMemberRole(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ memberId, role }: { memberId: string; role: AssignableMemberRole }) =>
      (
        await apiClient.request<{ member: MemberDto }>(
          `${membersPath(organizationId)}/${encodeURIComponent(memberId)}`,
          { method: 'PATCH', body: { role } },
        )
      ).member,
    // The answer is the updated row: show it at once, then refetch the list to be sure.
    onSuccess: (member) =>
      queryClient.setQueryData<MemberDto[]>(membersQueryKey(organizationId), (members) =>
        members?.map((existing) => (existing.id === member.id ? member : existing)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(organizationId) }),
  });
}

export function useRemoveMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) =>
      apiClient.request<void>(`${membersPath(organizationId)}/${encodeURIComponent(memberId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(organizationId) }),
  });
}
