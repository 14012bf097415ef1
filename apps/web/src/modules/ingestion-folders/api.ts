import { ingestionFoldersEndpoints } from '@sheaf/contracts/ingestion-folders';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { organizationQueryKey } from '../organizations/api';

/** The watched folder's query of an organization, below the organization's own key. */
export function ingestionFolderQueryKey(organizationId: string) {
  return [...organizationQueryKey(organizationId), 'ingestion-folder'] as const;
}

/**
 * GET /ingestion-folder: whether watched folders are on, the folder, its state and last files.
 * `refetchInterval` lets an open page show new files by itself.
 */
export function ingestionFolderQueryOptions(organizationId: string, refetchInterval: number | false = false) {
  return queryOptions({
    queryKey: ingestionFolderQueryKey(organizationId),
    queryFn: async () =>
      (await call(ingestionFoldersEndpoints.get, { params: { organizationId } })).ingestionFolder,
    refetchInterval,
  });
}

/** PATCH /ingestion-folder: the folder name (null: the organization's id). */
export function useUpdateIngestionFolder(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (folderName: string | null) =>
      (await call(ingestionFoldersEndpoints.update, { params: { organizationId }, body: { folderName } }))
        .ingestionFolder,
    onSuccess: (ingestionFolder) =>
      queryClient.setQueryData(ingestionFolderQueryKey(organizationId), ingestionFolder),
  });
}
