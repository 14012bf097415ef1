import { fillPath } from '@sheaf/contracts/endpoint';
import {
  isPaperlessImportFinished,
  type PaperlessImportDto,
  paperlessImportsEndpoints,
} from '@sheaf/contracts/paperless-imports';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../shared/http/api-client';
import { call } from '../../shared/http/call';
import { organizationQueryKey } from '../organizations/api';
import { type UploadProgress, uploadPaperlessExport } from './upload-export';

/** An import's progress is read again this often while one runs. */
export const IMPORT_POLL_MS = 1_000;

export function paperlessImportsQueryKey(organizationId: string) {
  return [...organizationQueryKey(organizationId), 'paperless-imports'] as const;
}

function paperlessImportQueryKey(organizationId: string, importId: string) {
  return [...paperlessImportsQueryKey(organizationId), 'import', importId] as const;
}

function paperlessImportReportQueryKey(organizationId: string, importId: string) {
  return [...paperlessImportsQueryKey(organizationId), 'report', importId] as const;
}

/** Queued or running: its progress still moves. */
export const isImportActive = (item: Pick<PaperlessImportDto, 'status'>) =>
  !isPaperlessImportFinished(item.status);

/** GET /paperless-imports: the last imports, newest first; read every second while one of them runs. */
export function paperlessImportsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: paperlessImportsQueryKey(organizationId),
    queryFn: async () => (await call(paperlessImportsEndpoints.list, { params: { organizationId } })).imports,
    refetchInterval: (query) =>
      query.state.status !== 'error' && (query.state.data ?? []).some(isImportActive)
        ? IMPORT_POLL_MS
        : false,
  });
}

/** GET /paperless-imports/{importId}: one import, read every second while it runs. */
export function paperlessImportQueryOptions(organizationId: string, importId: string) {
  return queryOptions({
    queryKey: paperlessImportQueryKey(organizationId, importId),
    queryFn: async () =>
      (await call(paperlessImportsEndpoints.get, { params: { organizationId, importId } })).import,
    refetchInterval: (query) =>
      query.state.status !== 'error' && (!query.state.data || isImportActive(query.state.data))
        ? IMPORT_POLL_MS
        : false,
  });
}

/** GET /paperless-imports/{importId}/report: the report of an import that has ended (it never changes then). */
export function paperlessImportReportQueryOptions(organizationId: string, importId: string) {
  return queryOptions({
    queryKey: paperlessImportReportQueryKey(organizationId, importId),
    queryFn: () => call(paperlessImportsEndpoints.report, { params: { organizationId, importId } }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Where the report downloads from (a link: the answer is an attachment, the session cookie goes with it). */
export function paperlessImportReportUrl(organizationId: string, importId: string) {
  return `${apiClient.baseUrl}${fillPath(paperlessImportsEndpoints.report.path, { organizationId, importId })}`;
}

/** Puts a new or changed import into the cached list (newest first) and its own entry. */
function useStoreImport(organizationId: string) {
  const queryClient = useQueryClient();
  return (item: PaperlessImportDto) => {
    queryClient.setQueryData(paperlessImportQueryKey(organizationId, item.id), item);
    queryClient.setQueryData(paperlessImportsQueryKey(organizationId), (current?: PaperlessImportDto[]) =>
      current?.some((other) => other.id === item.id)
        ? current.map((other) => (other.id === item.id ? item : other))
        : [item, ...(current ?? [])],
    );
  };
}

/** POST /paperless-imports: uploads the export zip, reporting the bytes sent; the new import joins the list. */
export function useUploadPaperlessExport(organizationId: string) {
  const queryClient = useQueryClient();
  const store = useStoreImport(organizationId);
  return useMutation({
    mutationFn: ({
      file,
      onProgress,
      signal,
    }: {
      file: File;
      onProgress?: (progress: UploadProgress) => void;
      signal?: AbortSignal;
    }) => uploadPaperlessExport({ organizationId, file, onProgress, signal }),
    onSuccess: store,
    // The list read again (a signed-out session then goes to the sign-in page, as every call does).
    onError: () => queryClient.invalidateQueries({ queryKey: paperlessImportsQueryKey(organizationId) }),
  });
}

/** POST /paperless-imports/from-folder: an export in a folder (or a .zip) on the server. */
export function useImportPaperlessFolder(organizationId: string) {
  const store = useStoreImport(organizationId);
  return useMutation({
    mutationFn: async (path: string) =>
      (await call(paperlessImportsEndpoints.createFromFolder, { params: { organizationId }, body: { path } }))
        .import,
    onSuccess: store,
  });
}

/** POST /paperless-imports/{importId}/cancel. */
export function useCancelPaperlessImport(organizationId: string) {
  const queryClient = useQueryClient();
  const store = useStoreImport(organizationId);
  return useMutation({
    mutationFn: async (importId: string) =>
      (await call(paperlessImportsEndpoints.cancel, { params: { organizationId, importId } })).import,
    onSuccess: store,
    // Already ended meanwhile: show how it ended.
    onError: () => queryClient.invalidateQueries({ queryKey: paperlessImportsQueryKey(organizationId) }),
  });
}
