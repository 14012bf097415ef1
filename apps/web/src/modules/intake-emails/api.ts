import {
  type IntakeEmailDto,
  intakeEmailsEndpoints,
  type UpdateIntakeEmailInput,
} from '@sheaf/contracts/intake-emails';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { organizationQueryKey } from '../organizations/api';
import { usageQueryKey } from '../subscriptions/api';

// The usage (plan limits) is the subscriptions domain's: the intake page reads it from there.
export { usageQueryKey, usageQueryOptions } from '../subscriptions/api';

/** Every intake e-mail query of an organization lives under this key, below the organization's own. */
export function intakeEmailsQueryKey(organizationId: string) {
  return [...organizationQueryKey(organizationId), 'intake-emails'] as const;
}

export function intakeEmailMessagesQueryKey(organizationId: string, intakeEmailId: string) {
  return [...intakeEmailsQueryKey(organizationId), intakeEmailId, 'messages'] as const;
}

/** GET /intake-emails */
export function intakeEmailsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...intakeEmailsQueryKey(organizationId), 'list'] as const,
    queryFn: async () =>
      (await call(intakeEmailsEndpoints.list, { params: { organizationId } })).intakeEmails,
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
      (await call(intakeEmailsEndpoints.listMessages, { params: { organizationId, intakeEmailId } }))
        .messages,
    refetchInterval,
  });
}

/** POST /intake-emails: a new enabled address, on the server's intake domain, with no allowed sender. */
export function useCreateIntakeEmail(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await call(intakeEmailsEndpoints.create, { params: { organizationId } })).intakeEmail,
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
        await call(intakeEmailsEndpoints.update, {
          params: { organizationId, intakeEmailId },
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
      call(intakeEmailsEndpoints.delete, { params: { organizationId, intakeEmailId } }),
    onSuccess: async (_result, intakeEmailId) => {
      queryClient.removeQueries({ queryKey: intakeEmailMessagesQueryKey(organizationId, intakeEmailId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: intakeEmailsQueryKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: usageQueryKey(organizationId) }),
      ]);
    },
  });
}
