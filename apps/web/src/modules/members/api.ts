import { type AssignableMemberRole, type MemberDto, membersEndpoints } from '@sheaf/contracts/members';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';

export function membersQueryKey(organizationId: string) {
  return ['organizations', organizationId, 'members'] as const;
}

export function myMemberQueryKey(organizationId: string) {
  return ['organizations', organizationId, 'members', 'me'] as const;
}

export function membersQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: membersQueryKey(organizationId),
    queryFn: async () => (await call(membersEndpoints.list, { params: { organizationId } })).members,
  });
}

/** The signed-in user's membership (their role) in an organization. */
export function myMemberQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: myMemberQueryKey(organizationId),
    queryFn: async () => (await call(membersEndpoints.me, { params: { organizationId } })).member,
  });
}

export function useUpdateMemberRole(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ memberId, role }: { memberId: string; role: AssignableMemberRole }) =>
      (await call(membersEndpoints.updateRole, { params: { organizationId, memberId }, body: { role } }))
        .member,
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
    mutationFn: (memberId: string) => call(membersEndpoints.remove, { params: { organizationId, memberId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(organizationId) }),
  });
}
