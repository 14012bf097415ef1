import { type CreateShareLinkInput, shareLinksEndpoints } from '@sheaf/contracts/share-links';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { organizationQueryKey } from '../organizations/api';

/** Every share-link query of an organization lives under this key, below the organization's own. */
export function shareLinksQueryKey(organizationId: string) {
  return [...organizationQueryKey(organizationId), 'share-links'] as const;
}

/** GET /share-links, a page of the organization's active links. */
export function shareLinksQueryOptions(organizationId: string, pageIndex: number, pageSize: number) {
  return queryOptions({
    queryKey: [...shareLinksQueryKey(organizationId), 'list', { pageIndex, pageSize }] as const,
    queryFn: () =>
      call(shareLinksEndpoints.list, { params: { organizationId }, query: { pageIndex, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /documents/{documentId}/share-links */
export function documentShareLinksQueryOptions(organizationId: string, documentId: string) {
  return queryOptions({
    queryKey: [...shareLinksQueryKey(organizationId), 'document', documentId] as const,
    queryFn: async () =>
      (await call(shareLinksEndpoints.listForDocument, { params: { organizationId, documentId } }))
        .shareLinks,
  });
}

/** GET /share-link-settings */
export function shareLinkSettingsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...shareLinksQueryKey(organizationId), 'settings'] as const,
    queryFn: async () =>
      (await call(shareLinksEndpoints.getSettings, { params: { organizationId } })).shareLinkSettings,
  });
}

/** After a change: the links, and the documents' activity (each change is an entry). */
function useRefresh(organizationId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: shareLinksQueryKey(organizationId) }),
      queryClient.invalidateQueries({ queryKey: [...organizationQueryKey(organizationId), 'documents'] }),
    ]);
}

/** POST /documents/{documentId}/share-links: answers the link and its URL, shown once. */
export function useCreateShareLink(organizationId: string, documentId: string) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (input: CreateShareLinkInput) =>
      call(shareLinksEndpoints.create, { params: { organizationId, documentId }, body: input }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /share-links/{shareLinkId} */
export function useRevokeShareLink(organizationId: string) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (shareLinkId: string) =>
      call(shareLinksEndpoints.revoke, { params: { organizationId, shareLinkId } }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /share-links: answers how many were revoked. */
export function useRevokeAllShareLinks(organizationId: string) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: async () =>
      (await call(shareLinksEndpoints.revokeAll, { params: { organizationId } })).revokedCount,
    onSuccess: () => refresh(),
  });
}

/** PUT /share-link-settings (owners). */
export function useUpdateShareLinkSettings(organizationId: string) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: async (isEnabled: boolean) =>
      (await call(shareLinksEndpoints.updateSettings, { params: { organizationId }, body: { isEnabled } }))
        .shareLinkSettings,
    onSuccess: () => refresh(),
  });
}
