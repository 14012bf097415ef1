import {
  type CreateWebhookInput,
  type UpdateWebhookInput,
  type WebhookDto,
  webhooksEndpoints,
} from '@sheaf/contracts/webhooks';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { organizationQueryKey } from '../organizations/api';

/** Every webhook query of an organization lives under this key, below the organization's own. */
export function webhooksQueryKey(organizationId: string) {
  return [...organizationQueryKey(organizationId), 'webhooks'] as const;
}

export function webhookQueryKey(organizationId: string, webhookId: string) {
  return [...webhooksQueryKey(organizationId), webhookId] as const;
}

export function webhookDeliveriesQueryKey(organizationId: string, webhookId: string) {
  return [...webhookQueryKey(organizationId, webhookId), 'deliveries'] as const;
}

/** GET /webhooks */
export function webhooksQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...webhooksQueryKey(organizationId), 'list'] as const,
    queryFn: async () => (await call(webhooksEndpoints.list, { params: { organizationId } })).webhooks,
  });
}

/** GET /webhooks/{webhookId} */
export function webhookQueryOptions(organizationId: string, webhookId: string) {
  return queryOptions({
    queryKey: webhookQueryKey(organizationId, webhookId),
    queryFn: async () =>
      (await call(webhooksEndpoints.get, { params: { organizationId, webhookId } })).webhook,
  });
}

/**
 * GET /webhooks/{webhookId}/deliveries, newest first. `refetchInterval` lets the deliveries tab read
 * the first page again while new attempts may come in.
 */
export function webhookDeliveriesQueryOptions({
  organizationId,
  webhookId,
  pageIndex,
  pageSize,
  refetchInterval = false,
}: {
  organizationId: string;
  webhookId: string;
  pageIndex: number;
  pageSize: number;
  refetchInterval?: number | false;
}) {
  return queryOptions({
    queryKey: [...webhookDeliveriesQueryKey(organizationId, webhookId), { pageIndex, pageSize }] as const,
    queryFn: () =>
      call(webhooksEndpoints.listDeliveries, {
        params: { organizationId, webhookId },
        query: { pageIndex, pageSize },
      }),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

function useRefreshWebhooks(organizationId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey(organizationId) });
}

/** POST /webhooks */
export function useCreateWebhook(organizationId: string) {
  const refresh = useRefreshWebhooks(organizationId);
  return useMutation({
    mutationFn: async (input: CreateWebhookInput) =>
      (await call(webhooksEndpoints.create, { params: { organizationId }, body: input })).webhook,
    onSuccess: refresh,
  });
}

/** PUT /webhooks/{webhookId}: the fields left out keep their value (a secret left out stays). */
export function useUpdateWebhook(organizationId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshWebhooks(organizationId);
  return useMutation({
    mutationFn: async ({ webhookId, input }: { webhookId: string; input: UpdateWebhookInput }) =>
      (await call(webhooksEndpoints.update, { params: { organizationId, webhookId }, body: input })).webhook,
    onSuccess: (webhook: WebhookDto) => {
      queryClient.setQueryData(webhookQueryKey(organizationId, webhook.id), webhook);
      return refresh();
    },
  });
}

/** DELETE /webhooks/{webhookId} */
export function useDeleteWebhook(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) =>
      call(webhooksEndpoints.delete, { params: { organizationId, webhookId } }),
    onSuccess: async (_result, webhookId) => {
      queryClient.removeQueries({ queryKey: webhookQueryKey(organizationId, webhookId) });
      await queryClient.invalidateQueries({ queryKey: webhooksQueryKey(organizationId) });
    },
  });
}

/** POST /webhooks/{webhookId}/test: queues a `webhook:test` ping (202). */
export function useSendWebhookTestEvent(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) =>
      call(webhooksEndpoints.sendTestEvent, { params: { organizationId, webhookId } }),
    onSuccess: (_result, webhookId) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(organizationId, webhookId) }),
  });
}

/** POST /webhooks/{webhookId}/deliveries/{deliveryId}/redeliver: queues the same event again (202). */
export function useRedeliverWebhookDelivery(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
      call(webhooksEndpoints.redeliver, { params: { organizationId, webhookId, deliveryId } }),
    onSuccess: (_result, { webhookId }) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(organizationId, webhookId) }),
  });
}
