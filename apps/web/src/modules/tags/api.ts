import { type TagInput, tagsEndpoints } from '@sheaf/contracts/tags';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { organizationQueryKey } from '../organizations/api';

/** The organization's tags live under the organization's key, so one invalidation refreshes them too. */
export function tagsQueryKey(organizationId: string) {
  return [...organizationQueryKey(organizationId), 'tags'] as const;
}

/** GET /tags: every tag of the organization, each with its documents count. */
export function tagsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: tagsQueryKey(organizationId),
    queryFn: async () => (await call(tagsEndpoints.list, { params: { organizationId } })).tags,
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
      (await call(tagsEndpoints.create, { params: { organizationId }, body: input })).tag,
    onSuccess: refresh,
  });
}

export function useUpdateTag(organizationId: string) {
  const refresh = useRefreshOrganization(organizationId);
  return useMutation({
    mutationFn: async ({ tagId, ...input }: TagInput & { tagId: string }) =>
      (await call(tagsEndpoints.update, { params: { organizationId, tagId }, body: input })).tag,
    onSuccess: refresh,
  });
}

export function useDeleteTag(organizationId: string) {
  const refresh = useRefreshOrganization(organizationId);
  return useMutation({
    mutationFn: (tagId: string) => call(tagsEndpoints.delete, { params: { organizationId, tagId } }),
    onSuccess: refresh,
  });
}

/** POST /documents/{documentId}/tags: 201 when attached, 200 when it already was. */
export function attachTag(params: { organizationId: string; documentId: string; tagId: string }) {
  const { tagId, ...path } = params;
  return call(tagsEndpoints.attachToDocument, { params: path, body: { tagId } });
}

/** DELETE /documents/{documentId}/tags/{tagId} */
export function detachTag(params: { organizationId: string; documentId: string; tagId: string }) {
  return call(tagsEndpoints.detachFromDocument, { params });
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
