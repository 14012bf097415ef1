import type { TagDto, TagInput } from '@sheaf/contracts/tags';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../shared/http/api-client';
import { organizationQueryKey } from '../organizations/api';

const tagsPath = (organizationId: string) => `/api/organizations/${encodeURIComponent(organizationId)}/tags`;

const tagPath = (organizationId: string, tagId: string) =>
  `${tagsPath(organizationId)}/${encodeURIComponent(tagId)}`;

const documentTagsPath = (organizationId: string, documentId: string) =>
  `/api/organizations/${encodeURIComponent(organizationId)}/documents/${encodeURIComponent(documentId)}/tags`;

/** The organization's tags live under the organization's key, so one invalidation refreshes them too. */
export function tagsQueryKey(organizationId: string) {
  return [...organizationQueryKey(organizationId), 'tags'] as const;
}

/** GET /tags: every tag of the organization, each with its documents count. */
export function tagsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: tagsQueryKey(organizationId),
    queryFn: async () => (await apiClient.request<{ tags: TagDto[] }>(tagsPath(organizationId))).tags,
  });
}

/** After any tag change the organization's cached queries (documents and tags) are refreshed. */
function useRefreshOrganization(organizationId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: organizationQueryKey(organizationId) });
}

export function useCreateTag(organizationId: string) {
  const refresh = useRefreshOrganization(organizationId);
  return useMutation({
    mutationFn: async (input: TagInput) =>
      (await apiClient.request<{ tag: TagDto }>(tagsPath(organizationId), { method: 'POST', body: input }))
        .tag,
    onSuccess: refresh,
  });
}

export function useUpdateTag(organizationId: string) {
  const refresh = useRefreshOrganization(organizationId);
  return useMutation({
    mutationFn: async ({ tagId, ...input }: TagInput & { tagId: string }) =>
      (
        await apiClient.request<{ tag: TagDto }>(tagPath(organizationId, tagId), {
          method: 'PUT',
          body: input,
        })
      ).tag,
    onSuccess: refresh,
  });
}

export function useDeleteTag(organizationId: string) {
  const refresh = useRefreshOrganization(organizationId);
  return useMutation({
    mutationFn: (tagId: string) =>
      apiClient.request<void>(tagPath(organizationId, tagId), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** POST /documents/{documentId}/tags: the answer body is not relied upon. */
export function attachTag({
  organizationId,
  documentId,
  tagId,
}: {
  organizationId: string;
  documentId: string;
  tagId: string;
}) {
  return apiClient.request<unknown>(documentTagsPath(organizationId, documentId), {
    method: 'POST',
    body: { tagId },
  });
}

/** DELETE /documents/{documentId}/tags/{tagId} */
export function detachTag({
  organizationId,
  documentId,
  tagId,
}: {
  organizationId: string;
  documentId: string;
  tagId: string;
}) {
  return apiClient.request<void>(
    `${documentTagsPath(organizationId, documentId)}/${encodeURIComponent(tagId)}`,
    { method: 'DELETE' },
  );
}

export function useAttachTag(organizationId: string) {
  const refresh = useRefreshOrganization(organizationId);
  return useMutation({
    mutationFn: ({ documentId, tagId }: { documentId: string; tagId: string }) =>
      attachTag({ organizationId, documentId, tagId }),
    onSettled: refresh,
  });
}

export function useDetachTag(organizationId: string) {
  const refresh = useRefreshOrganization(organizationId);
  return useMutation({
    mutationFn: ({ documentId, tagId }: { documentId: string; tagId: string }) =>
      detachTag({ organizationId, documentId, tagId }),
    onSettled: refresh,
  });
}
