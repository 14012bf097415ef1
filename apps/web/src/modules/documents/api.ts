import {
  type DocumentFilters,
  type DocumentSort,
  formatPropertyCondition,
  type SortOrder,
} from '@sheaf/contracts/document-filters';
import {
  type DocumentDto,
  type DocumentListItemDto,
  type DocumentSearchHitDto,
  documentsEndpoints,
  type ExtractionStatus,
  type UpdateDocumentInput,
} from '@sheaf/contracts/documents';
import { ACTIVITY_PAGE_SIZE, DOCUMENTS_PAGE_SIZE, TRASH_PAGE_SIZE } from '@sheaf/contracts/limits';
import { searchEndpoints } from '@sheaf/contracts/search';
import {
  hashKey,
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from '../../shared/http/call';
import { organizationQueryKey } from '../organizations/api';
import { isExtractionRunning, LIST_EXTRACTION_POLL_MS } from './extraction';

export type DocumentsPage = { documents: DocumentListItemDto[]; documentsCount: number };

/** Every document query of an organization lives under this key, below the organization's own. */
export function documentsQueryKey(organizationId: string) {
  return [...organizationQueryKey(organizationId), 'documents'] as const;
}

export function documentQueryKey(organizationId: string, documentId: string) {
  return [...documentsQueryKey(organizationId), documentId] as const;
}

/** The URL of a document's file: the preview reads it and the download link points at it. */
export { documentFileUrl } from './preview/document-file';

/** A list is looked at again every few seconds while one of its rows is still being extracted. */
function refetchWhileExtracting(query: {
  state: { data: { documents: DocumentListItemDto[] } | undefined };
}): number | false {
  const documents = query.state.data?.documents ?? [];
  return documents.some((document) => isExtractionRunning(document.extractionStatus))
    ? LIST_EXTRACTION_POLL_MS
    : false;
}

/** The list's sort and filters as the API takes them (see @sheaf/contracts/document-filters). */
export type DocumentsListCriteria = {
  filters?: DocumentFilters;
  sort?: DocumentSort;
  order?: SortOrder;
};

/** The query parameters of the list's filters: lists comma-joined, property conditions repeated. */
function filtersQuery(filters: DocumentFilters | undefined) {
  if (!filters) return {};
  const list = (items: readonly string[]) => (items.length > 0 ? items.join(',') : undefined);
  return {
    tags: list(filters.tags),
    anyTags: list(filters.anyTags),
    excludedTags: list(filters.excludedTags),
    documentDateFrom: filters.documentDateFrom,
    documentDateTo: filters.documentDateTo,
    createdFrom: filters.createdFrom,
    createdTo: filters.createdTo,
    fileTypes: list(filters.fileTypes),
    extractionStatuses: list(filters.extractionStatuses),
    property: filters.property.length > 0 ? filters.property.map(formatPropertyCondition) : undefined,
  };
}

export function documentsQueryOptions({
  organizationId,
  pageIndex = 0,
  pageSize = DOCUMENTS_PAGE_SIZE,
  tagIds = [],
  filters,
  sort,
  order,
}: {
  organizationId: string;
  pageIndex?: number;
  pageSize?: number;
  /** Only documents carrying every one of these tags (the same as `filters.tags`). */
  tagIds?: readonly string[];
} & DocumentsListCriteria) {
  const query = {
    ...filtersQuery(filters),
    ...(tagIds.length > 0 && !filters ? { tags: tagIds.join(',') } : {}),
    sort,
    order,
  };
  return queryOptions({
    queryKey: [...documentsQueryKey(organizationId), 'list', { pageIndex, pageSize, ...query }] as const,
    queryFn: (): Promise<DocumentsPage> =>
      call(documentsEndpoints.list, {
        params: { organizationId },
        query: { pageIndex, pageSize, ...query },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhileExtracting,
  });
}

export type DocumentsSearchPage = {
  documents: DocumentSearchHitDto[];
  documentsCount: number;
  documentsCountIsCapped: boolean;
};

/**
 * GET /documents/search for the documents list: the query with the list's filters and sort
 * (`relevance`, the default, when none is given), a page at a time.
 */
export function documentsSearchQueryOptions({
  organizationId,
  searchQuery,
  pageIndex = 0,
  pageSize = DOCUMENTS_PAGE_SIZE,
  filters,
  sort,
  order,
}: {
  organizationId: string;
  searchQuery: string;
  pageIndex?: number;
  pageSize?: number;
  filters?: DocumentFilters;
  sort?: DocumentSort | 'relevance';
  order?: SortOrder;
}) {
  const query = { searchQuery, ...filtersQuery(filters), sort, order };
  return queryOptions({
    queryKey: [...documentsQueryKey(organizationId), 'search', { pageIndex, pageSize, ...query }] as const,
    queryFn: async (): Promise<DocumentsSearchPage> => {
      const answer = await call(searchEndpoints.searchDocuments, {
        params: { organizationId },
        query: { pageIndex, pageSize, ...query },
      });
      return {
        documents: answer.documents,
        documentsCount: answer.documentsCount,
        documentsCountIsCapped: answer.documentsCountIsCapped === true,
      };
    },
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhileExtracting,
  });
}

export function deletedDocumentsQueryOptions({
  organizationId,
  pageIndex = 0,
  pageSize = TRASH_PAGE_SIZE,
}: {
  organizationId: string;
  pageIndex?: number;
  pageSize?: number;
}) {
  return queryOptions({
    queryKey: [...documentsQueryKey(organizationId), 'deleted', { pageIndex, pageSize }] as const,
    queryFn: (): Promise<DocumentsPage> =>
      call(documentsEndpoints.listDeleted, { params: { organizationId }, query: { pageIndex, pageSize } }),
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhileExtracting,
  });
}

export function documentStatisticsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...documentsQueryKey(organizationId), 'statistics'] as const,
    queryFn: async () =>
      (await call(documentsEndpoints.statistics, { params: { organizationId } })).organizationStats,
  });
}

export function documentQueryOptions(organizationId: string, documentId: string) {
  return queryOptions({
    queryKey: documentQueryKey(organizationId, documentId),
    queryFn: async () =>
      (await call(documentsEndpoints.get, { params: { organizationId, documentId } })).document,
  });
}

/** Activity, 20 entries a page, until a page comes back with fewer (spec §4). */
export function documentActivityQueryOptions(organizationId: string, documentId: string) {
  return infiniteQueryOptions({
    queryKey: [...documentQueryKey(organizationId, documentId), 'activity'] as const,
    queryFn: async ({ pageParam }) =>
      (
        await call(documentsEndpoints.activity, {
          params: { organizationId, documentId },
          query: { pageIndex: pageParam, pageSize: ACTIVITY_PAGE_SIZE },
        })
      ).activities,
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      lastPage.length < ACTIVITY_PAGE_SIZE ? undefined : lastPageParam + 1,
  });
}

/** Uploads one file (multipart field `file`); the answer is the stored (or restored) document. */
export async function uploadDocument({
  organizationId,
  file,
  signal,
}: {
  organizationId: string;
  file: File;
  signal?: AbortSignal;
}): Promise<DocumentDto> {
  const body = new FormData();
  body.append('file', file, file.name);
  return (await call(documentsEndpoints.upload, { params: { organizationId }, body }, { signal })).document;
}

/** After any document change the organization's cached queries are refreshed (spec §4). */
function useRefreshOrganization(organizationId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: organizationQueryKey(organizationId) });
}

export function useUpdateDocument(organizationId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshOrganization(organizationId);
  return useMutation({
    mutationFn: async ({ documentId, ...changes }: { documentId: string } & UpdateDocumentInput) =>
      (await call(documentsEndpoints.update, { params: { organizationId, documentId }, body: changes }))
        .document,
    onSuccess: async (document) => {
      queryClient.setQueryData(documentQueryKey(organizationId, document.id), document);
      await refresh();
    },
  });
}

/**
 * POST /documents/{documentId}/extraction: queues the text extraction again (202, the document back to
 * `pending`); 409 `documents.extraction_in_progress` while one is pending or running.
 */
export function useRetryExtraction(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (documentId: string) =>
      (await call(documentsEndpoints.retryExtraction, { params: { organizationId, documentId } })).document,
    onSuccess: (document) => {
      const key = documentQueryKey(organizationId, document.id);
      // Merged into the one shown: a content left out of the answer keeps the one shown until the
      // extraction replaces it.
      queryClient.setQueryData<DocumentDto>(key, (previous) =>
        previous ? { ...previous, ...document } : undefined,
      );
      // Everything else of the organization is refreshed now; the document itself at its next poll, so the
      // queued state shows at least that long.
      const documentHash = hashKey(key);
      void queryClient.invalidateQueries({
        queryKey: organizationQueryKey(organizationId),
        predicate: (query) => query.queryHash !== documentHash,
      });
    },
    onError: () => {
      // A 409 means one is already queued or running: show where it stands.
      void queryClient.invalidateQueries({ queryKey: documentsQueryKey(organizationId) });
    },
  });
}

/**
 * Once a followed document's extraction ends (queued or running before, done or failed now), refreshes the
 * organization's other document queries: lists lose the "Extracting" badge, tagging rules may have added
 * tags, the activity has a new entry. The document itself was just fetched.
 */
export function useRefreshWhenExtractionEnds(
  organizationId: string,
  documentId: string,
  status: ExtractionStatus | undefined,
) {
  const queryClient = useQueryClient();
  const previous = useRef(status);
  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (status === undefined || !isExtractionRunning(before) || isExtractionRunning(status)) return;
    const documentHash = hashKey(documentQueryKey(organizationId, documentId));
    void queryClient.invalidateQueries({
      queryKey: documentsQueryKey(organizationId),
      predicate: (query) => query.queryHash !== documentHash,
    });
  }, [status, organizationId, documentId, queryClient]);
}

export function useDeleteDocument(organizationId: string) {
  const refresh = useRefreshOrganization(organizationId);
  return useMutation({
    mutationFn: (documentId: string) =>
      call(documentsEndpoints.delete, { params: { organizationId, documentId } }),
    // Not awaited: the document page leaves at once instead of first showing the document as deleted.
    onSuccess: () => {
      void refresh();
    },
  });
}

export function useRestoreDocument(organizationId: string) {
  const refresh = useRefreshOrganization(organizationId);
  return useMutation({
    mutationFn: (documentId: string) =>
      call(documentsEndpoints.restore, { params: { organizationId, documentId } }),
    onSuccess: refresh,
  });
}

export function usePermanentlyDeleteDocument(organizationId: string) {
  const refresh = useRefreshOrganization(organizationId);
  return useMutation({
    mutationFn: (documentId: string) =>
      call(documentsEndpoints.deleteTrashed, { params: { organizationId, documentId } }),
    onSuccess: refresh,
  });
}

export function useEmptyTrash(organizationId: string) {
  const refresh = useRefreshOrganization(organizationId);
  return useMutation({
    mutationFn: () => call(documentsEndpoints.emptyTrash, { params: { organizationId } }),
    onSuccess: refresh,
  });
}
