import { errorMessage, errorStatus } from '@sheaf/contracts/errors';
import {
  canDeleteNote,
  canEditNote,
  listNotesQuerySchema,
  type NoteDto,
  noteInputSchema,
  notesEndpoints,
} from '@sheaf/contracts/notes';
import { recordActivity } from './activity';
import { type DemoContext, newId, nowIso, requireOrganization } from './context';
import { findDocument } from './documents-store';
import {
  DemoHttpError,
  handle,
  json,
  noContent,
  notFound,
  parseJsonBody,
  parseWith,
  readQuery,
} from './http';
import type { DemoState } from './state';

type NoteRow = DemoState['notes'][number];

/** A document's notes, oldest first (ties by id), as the server lists them. */
export function notesOf(state: DemoState, documentId: string): NoteRow[] {
  return state.notes
    .filter((note) => note.documentId === documentId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** How many notes a document has (the list items' `notesCount`). */
export function notesCountOf(state: DemoState, documentId: string): number {
  return state.notes.reduce((count, note) => (note.documentId === documentId ? count + 1 : count), 0);
}

function toNoteDto(state: DemoState, note: NoteRow): NoteDto {
  const author = note.authorId ? state.users.find(({ id }) => id === note.authorId) : undefined;
  return {
    id: note.id,
    documentId: note.documentId,
    content: note.content,
    author: author ? { id: author.id, name: author.name } : null,
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
  };
}

const forbidden = (message: string) =>
  new DemoHttpError(errorStatus('auth.forbidden'), 'auth.forbidden', message);

/** A document outside the trash: one in the trash shows its notes but takes no change (404, as the server). */
function requireActiveDocument(context: DemoContext, organizationId: string, documentId: string) {
  const document = findDocument(context, organizationId, documentId);
  if (document.deletedAt !== null) {
    throw notFound('documents.not_found', errorMessage('documents.not_found'));
  }
  return document;
}

function findNote(context: DemoContext, documentId: string, noteId: string): NoteRow {
  const note = context.state.notes.find(({ id, documentId: owner }) => id === noteId && owner === documentId);
  if (!note) throw notFound('notes.not_found', errorMessage('notes.not_found'));
  return note;
}

/**
 * Notes, with the server's rules: only its author edits a note; its author, admins and owners
 * delete it; adding and deleting record `note_added` / `note_deleted` entries.
 */
export const notesRoutes = (context: DemoContext) => [
  handle(notesEndpoints.list, (request) => {
    const { organization } = requireOrganization(context, request.params.organizationId ?? '');
    const document = findDocument(context, organization.id, request.params.documentId ?? '');
    const { pageIndex, pageSize } = parseWith(listNotesQuerySchema, readQuery(request.url));
    const notes = notesOf(context.state, document.id);
    return json({
      notes: notes
        .slice(pageIndex * pageSize, (pageIndex + 1) * pageSize)
        .map((note) => toNoteDto(context.state, note)),
      notesCount: notes.length,
    });
  }),
  handle(notesEndpoints.create, (request) => {
    const { organization } = requireOrganization(context, request.params.organizationId ?? '');
    const { content } = parseJsonBody(request, noteInputSchema);
    const document = requireActiveDocument(context, organization.id, request.params.documentId ?? '');
    const note: NoteRow = {
      id: newId('note'),
      organizationId: organization.id,
      documentId: document.id,
      authorId: context.state.currentUserId,
      content,
      createdAt: nowIso(context),
      updatedAt: null,
    };
    context.state.notes.push(note);
    recordActivity(context, {
      organizationId: organization.id,
      documentId: document.id,
      event: 'note_added',
      eventData: { noteId: note.id },
    });
    return json({ note: toNoteDto(context.state, note) }, 201);
  }),
  handle(notesEndpoints.update, (request) => {
    const { organization } = requireOrganization(context, request.params.organizationId ?? '');
    const { content } = parseJsonBody(request, noteInputSchema);
    const document = requireActiveDocument(context, organization.id, request.params.documentId ?? '');
    const note = findNote(context, document.id, request.params.noteId ?? '');
    if (!canEditNote(note.authorId, { userId: context.state.currentUserId })) {
      throw forbidden('Only its author edits a note.');
    }
    // The same text again changes nothing: the note is not marked as edited.
    if (note.content !== content) {
      note.content = content;
      note.updatedAt = nowIso(context);
    }
    return json({ note: toNoteDto(context.state, note) });
  }),
  handle(notesEndpoints.delete, ({ params }) => {
    const { organization, member } = requireOrganization(context, params.organizationId ?? '');
    const document = requireActiveDocument(context, organization.id, params.documentId ?? '');
    const note = findNote(context, document.id, params.noteId ?? '');
    if (!canDeleteNote(note.authorId, { userId: context.state.currentUserId, role: member.role })) {
      throw forbidden('Only its author, admins and owners delete a note.');
    }
    context.state.notes = context.state.notes.filter(({ id }) => id !== note.id);
    recordActivity(context, {
      organizationId: organization.id,
      documentId: document.id,
      event: 'note_deleted',
      eventData: { noteId: note.id },
    });
    return noContent();
  }),
];
