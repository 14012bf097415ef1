import type {
  CreateWebhookInput,
  ListWebhookDeliveriesResponse,
  ListWebhooksResponse,
  UpdateWebhookInput,
  WebhookDeliveryQueuedResponse,
  WebhookDto,
  WebhookResponse,
} from '@sheaf/contracts/webhooks';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../shared/http/api-client';
import { organizationQueryKey } from '../organizations/api';

const webhooksPath = (organizationId: string) =>
  `/api/organizations/${encodeURIComponent(organizationId)}/webhooks`;

const webhookPath = (organizationId: string, webhookId: string) =>
  `${webhooksPath(organizationId)}/${encodeURIComponent(webhookId)}`;

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
    queryFn: async () =>
      (await apiClient.request<ListWebhooksResponse>(webhooksPath(organizationId))).webhooks,
  });
}

/** GET /webhooks/{webhookId} */
export function webhookQueryOptions(organizationId: string, webhookId: string) {
  return queryOptions({
    queryKey: webhookQueryKey(organizationId, webhookId),
    queryFn: async () =>
      (await apiClient.request<WebhookResponse>(webhookPath(organizationId, webhookId))).webhook,
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
      apiClient.request<ListWebhookDeliveriesResponse>(
        `${webhookPath(organizationId, webhookId)}/deliveries`,
        { query: { pageIndex, pageSize } },
      ),
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
      (
        await apiClient.request<WebhookResponse>(webhooksPath(organizationId), {
          method: 'POST',
          body: input,
        })
      ).webhook,
    onSuccess: refresh,
  });
}

/** PUT /webhooks/{webhookId}: the fields left out keep their value (a secret left out stays). */
export function useUpdateWebhook(organizationId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshWebhooks(organizationId);
  return useMutation({
    mutationFn: async ({ webhookId, input }: { webhookId: string; input: UpdateWebhookInput }) =>
      (
        await apiClient.request<WebhookResponse>(webhookPath(organizationId, webhookId), {
          method: 'PUT',
          body: input,
        })
      ).webhook,
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
      apiClient.request<void>(webhookPath(organizationId, webhookId), { method: 'DELETE' }),
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
      apiClient.request<WebhookDeliveryQueuedResponse>(`${webhookPath(organizationId, webhookId)}/test`, {
        method: 'POST',
      }),
    onSuccess: (_result, webhookId) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(organizationId, webhookId) }),
  });
}

/** POST /webhooks/{webhookId}/deliveries/{deliveryId}/redeliver: queues the same event again (202). */
export function useRedeliverWebhookDelivery(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
      apiClient.request<WebhookDeliveryQueuedResponse>(
        `${webhookPath(organizationId, webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
        { method: 'POST' },
      ),
    onSuccess: (_result, { webhookId }) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(organizationId, webhookId) }),
  });
}
