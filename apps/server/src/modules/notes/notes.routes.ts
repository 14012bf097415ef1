import { notesEndpoints } from '@sheaf/contracts/notes';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { getMembership } from '../organizations/organizations.middleware';
import type { NotesUsecases } from './notes.usecases';

/** An API key acts as the user who created it: the membership is that user's. */
export function createNotesRoutes({
  notes,
  routes,
}: {
  notes: NotesUsecases;
  routes: EndpointRoutesFactory;
}) {
  return routes()
    .on(notesEndpoints.list, async ({ c, params, query }) => ({
      status: 200,
      body: await notes.listNotes({
        organizationId: getMembership(c).organizationId,
        documentId: params.documentId,
        pageIndex: query.pageIndex,
        pageSize: query.pageSize,
      }),
    }))
    .on(notesEndpoints.create, async ({ c, params, body }) => {
      const { organizationId, userId } = getMembership(c);
      const note = await notes.createNote({
        organizationId,
        documentId: params.documentId,
        userId,
        content: body.content,
      });
      return { status: 201, body: { note } };
    })
    .on(notesEndpoints.update, async ({ c, params, body }) => {
      const { organizationId, userId, role } = getMembership(c);
      const note = await notes.updateNote({
        organizationId,
        documentId: params.documentId,
        noteId: params.noteId,
        editor: { userId, role },
        content: body.content,
      });
      return { status: 200, body: { note } };
    })
    .on(notesEndpoints.delete, async ({ c, params }) => {
      const { organizationId, userId, role } = getMembership(c);
      await notes.deleteNote({
        organizationId,
        documentId: params.documentId,
        noteId: params.noteId,
        editor: { userId, role },
      });
      return { status: 204 };
    }).router;
}
