import { NOTES_PAGE_SIZE } from '@sheaf/contracts/limits';
import { type NoteDto, notesEndpoints } from '@sheaf/contracts/notes';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { documentQueryKey, documentsQueryKey } from './api';

export type NotesPage = { notes: NoteDto[]; notesCount: number };

/** Below the document's key: refreshing a document refreshes its notes too. */
export function documentNotesQueryKey(organizationId: string, documentId: string) {
  return [...documentQueryKey(organizationId, documentId), 'notes'] as const;
}

/** A document's notes, oldest first, a page at a time until every counted note is loaded. */
export function documentNotesQueryOptions(organizationId: string, documentId: string) {
  return infiniteQueryOptions({
    queryKey: documentNotesQueryKey(organizationId, documentId),
    queryFn: ({ pageParam }): Promise<NotesPage> =>
      call(notesEndpoints.list, {
        params: { organizationId, documentId },
        query: { pageIndex: pageParam, pageSize: NOTES_PAGE_SIZE },
      }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages, lastPageParam) => {
      const loaded = pages.reduce((total, page) => total + page.notes.length, 0);
      return lastPage.notes.length === 0 || loaded >= lastPage.notesCount ? undefined : lastPageParam + 1;
    },
  });
}

/**
 * After a note changes, the document's queries are refreshed: its notes and activity, and the
 * lists (their notes count). Awaited, so the change is on screen when the mutation settles.
 */
function useRefreshDocuments(organizationId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: documentsQueryKey(organizationId) });
}

export function useCreateNote(organizationId: string, documentId: string) {
  const refresh = useRefreshDocuments(organizationId);
  return useMutation({
    mutationFn: async (content: string) =>
      (await call(notesEndpoints.create, { params: { organizationId, documentId }, body: { content } })).note,
    onSuccess: refresh,
  });
}

export function useUpdateNote(organizationId: string, documentId: string) {
  const refresh = useRefreshDocuments(organizationId);
  return useMutation({
    mutationFn: async ({ noteId, content }: { noteId: string; content: string }) =>
      (
        await call(notesEndpoints.update, {
          params: { organizationId, documentId, noteId },
          body: { content },
        })
      ).note,
    onSuccess: refresh,
  });
}

export function useDeleteNote(organizationId: string, documentId: string) {
  const refresh = useRefreshDocuments(organizationId);
  return useMutation({
    mutationFn: (noteId: string) =>
      call(notesEndpoints.delete, { params: { organizationId, documentId, noteId } }),
    onSuccess: refresh,
  });
}
