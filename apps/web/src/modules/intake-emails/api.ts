import type {
  IntakeEmailDto,
  IntakeEmailResponse,
  ListIntakeEmailMessagesResponse,
  ListIntakeEmailsResponse,
  UpdateIntakeEmailInput,
} from '@sheaf/contracts/intake-emails';
import type { UsageResponse } from '@sheaf/contracts/subscriptions';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../shared/http/api-client';
import { organizationQueryKey } from '../organizations/api';

const intakeEmailsPath = (organizationId: string) =>
  `/api/organizations/${encodeURIComponent(organizationId)}/intake-emails`;

const intakeEmailPath = (organizationId: string, intakeEmailId: string) =>
  `${intakeEmailsPath(organizationId)}/${encodeURIComponent(intakeEmailId)}`;

/** Every intake e-mail query of an organization lives under this key, below the organization's own. */
export function intakeEmailsQueryKey(organizationId: string) {
  return [...organizationQueryKey(organizationId), 'intake-emails'] as const;
}

export function intakeEmailMessagesQueryKey(organizationId: string, intakeEmailId: string) {
  return [...intakeEmailsQueryKey(organizationId), intakeEmailId, 'messages'] as const;
}

export function usageQueryKey(organizationId: string) {
  return [...organizationQueryKey(organizationId), 'usage'] as const;
}

/** GET /intake-emails */
export function intakeEmailsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...intakeEmailsQueryKey(organizationId), 'list'] as const,
    queryFn: async () =>
      (await apiClient.request<ListIntakeEmailsResponse>(intakeEmailsPath(organizationId))).intakeEmails,
  });
}

/**
 * GET /intake-emails/{intakeEmailId}/messages: the address's last processed messages, newest first.
 * `refetchInterval` lets an open log show new mail by itself.
 */
export function intakeEmailMessagesQueryOptions({
  organizationId,
  intakeEmailId,
  refetchInterval = false,
}: {
  organizationId: string;
  intakeEmailId: string;
  refetchInterval?: number | false;
}) {
  return queryOptions({
    queryKey: intakeEmailMessagesQueryKey(organizationId, intakeEmailId),
    queryFn: async () =>
      (
        await apiClient.request<ListIntakeEmailMessagesResponse>(
          `${intakeEmailPath(organizationId, intakeEmailId)}/messages`,
        )
      ).messages,
    refetchInterval,
  });
}

/** GET /usage: what the organization uses against its plan's limits (a null limit is unlimited). */
export function usageQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: usageQueryKey(organizationId),
    queryFn: () =>
      apiClient.request<UsageResponse>(`/api/organizations/${encodeURIComponent(organizationId)}/usage`),
  });
}

/** POST /intake-emails: a new enabled address, on the server's intake domain, with no allowed sender. */
export function useCreateIntakeEmail(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await apiClient.request<IntakeEmailResponse>(intakeEmailsPath(organizationId), {
          method: 'POST',
        })
      ).intakeEmail,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: intakeEmailsQueryKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: usageQueryKey(organizationId) }),
      ]),
  });
}

/** PUT /intake-emails/{intakeEmailId}: `isEnabled` and/or `allowedOrigins`; a field left out keeps its value. */
export function useUpdateIntakeEmail(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ intakeEmailId, input }: { intakeEmailId: string; input: UpdateIntakeEmailInput }) =>
      (
        await apiClient.request<IntakeEmailResponse>(intakeEmailPath(organizationId, intakeEmailId), {
          method: 'PUT',
          body: input,
        })
      ).intakeEmail,
    onSuccess: (intakeEmail: IntakeEmailDto) => {
      // Show the answer at once, then read the list again.
      queryClient.setQueryData(intakeEmailsQueryOptions(organizationId).queryKey, (current) =>
        current?.map((item) => (item.id === intakeEmail.id ? intakeEmail : item)),
      );
      return queryClient.invalidateQueries({
        queryKey: intakeEmailsQueryOptions(organizationId).queryKey,
      });
    },
  });
}

/** DELETE /intake-emails/{intakeEmailId} */
export function useDeleteIntakeEmail(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (intakeEmailId: string) =>
      apiClient.request<void>(intakeEmailPath(organizationId, intakeEmailId), { method: 'DELETE' }),
    onSuccess: async (_result, intakeEmailId) => {
      queryClient.removeQueries({ queryKey: intakeEmailMessagesQueryKey(organizationId, intakeEmailId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: intakeEmailsQueryKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: usageQueryKey(organizationId) }),
      ]);
    },
  });
}
