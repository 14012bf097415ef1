import { canDeleteNote, canEditNote, type NoteDto, type NoteEditor } from '@sheaf/contracts/notes';
import type { Transaction } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/database.types';
import { type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { generateId } from '../../shared/ids';
import type { ActivityRecorder } from '../activity/activity.usecases';
import { createForbiddenError } from '../auth/auth.errors.http';
import { createDocumentNotFoundError } from '../documents/documents.errors';
import type { DocumentsReadPort } from '../documents/documents.port';
import { createNoteNotFoundError } from './notes.errors';
import { toNoteDto } from './notes.models';
import { createNotesRepository } from './notes.repository';

type DocumentKey = { organizationId: string; documentId: string };

export function createNotesUsecases({
  database,
  clock = systemClock,
  activity,
  documents,
}: {
  database: AppDatabase;
  clock?: Clock;
  /** Records `note_added` and `note_deleted` entries in the transaction of the change. */
  activity: ActivityRecorder;
  /** Tells whether a document takes notes (in the organization, outside the trash). */
  documents: Pick<DocumentsReadPort, 'requireActiveDocument'>;
}) {
  const repository = createNotesRepository({ db: database.db });
  const now = () => toTimestamp(clock.now());

  /** The note on this document; else 404 `notes.not_found`. */
  async function requireNote({
    trx,
    organizationId,
    documentId,
    noteId,
  }: DocumentKey & { trx: Transaction<Database>; noteId: string }) {
    const note = await createNotesRepository({ db: trx }).findById({ organizationId, documentId, noteId });
    if (!note) throw createNoteNotFoundError();
    return note;
  }

  return {
    /**
     * A page of the document's notes, oldest first, and how many it has. A document in the trash
     * still shows its notes (it can be opened there), but takes no new ones.
     */
    async listNotes({
      organizationId,
      documentId,
      pageIndex,
      pageSize,
    }: DocumentKey & { pageIndex: number; pageSize: number }): Promise<{
      notes: NoteDto[];
      notesCount: number;
    }> {
      if (!(await repository.findDocumentTrashState({ organizationId, documentId }))) {
        throw createDocumentNotFoundError();
      }
      const [rows, notesCount] = await Promise.all([
        repository.list({ organizationId, documentId, pageIndex, pageSize }),
        repository.count({ organizationId, documentId }),
      ]);
      return { notes: rows.map(toNoteDto), notesCount };
    },

    /** Adds a note by the user, with a `note_added` entry (and its webhook event) in the same transaction. */
    async createNote({
      organizationId,
      documentId,
      userId,
      content,
      createdAt: givenCreatedAt,
    }: DocumentKey & {
      /** Null: a note brought from elsewhere whose author is not a user here (an import). */
      userId: string | null;
      content: string;
      /** When the note was written, for one brought from elsewhere; now when absent. */
      createdAt?: string;
    }): Promise<NoteDto> {
      return database.db.transaction().execute(async (trx) => {
        await documents.requireActiveDocument({ trx, organizationId, documentId });
        const notes = createNotesRepository({ db: trx });
        const noteId = generateId('note');
        const createdAt = givenCreatedAt ?? now();
        await notes.insert({
          id: noteId,
          organization_id: organizationId,
          document_id: documentId,
          author_id: userId,
          content,
          created_at: createdAt,
          updated_at: null,
        });
        await activity.recordActivity(trx, {
          organizationId,
          documentId,
          event: 'note_added',
          eventData: { noteId },
          userId,
          now: createdAt,
        });
        return toNoteDto(await requireNote({ trx, organizationId, documentId, noteId }));
      });
    },

    /**
     * Replaces a note's text: its author only (403 `auth.forbidden` otherwise, nothing changed).
     * The same text again changes nothing (`updatedAt` stays).
     */
    async updateNote({
      organizationId,
      documentId,
      noteId,
      editor,
      content,
    }: DocumentKey & { noteId: string; editor: NoteEditor; content: string }): Promise<NoteDto> {
      return database.db.transaction().execute(async (trx) => {
        await documents.requireActiveDocument({ trx, organizationId, documentId });
        const note = await requireNote({ trx, organizationId, documentId, noteId });
        if (!canEditNote(note.author_id, editor)) throw createForbiddenError('Only its author edits a note.');
        if (note.content === content) return toNoteDto(note);
        await createNotesRepository({ db: trx }).updateContent({ noteId, content, updatedAt: now() });
        return toNoteDto(await requireNote({ trx, organizationId, documentId, noteId }));
      });
    },

    /**
     * Deletes a note: its author, or an owner or admin of the organization (403 `auth.forbidden`
     * otherwise), with a `note_deleted` entry in the same transaction.
     */
    async deleteNote({
      organizationId,
      documentId,
      noteId,
      editor,
    }: DocumentKey & { noteId: string; editor: NoteEditor }): Promise<void> {
      await database.db.transaction().execute(async (trx) => {
        await documents.requireActiveDocument({ trx, organizationId, documentId });
        const note = await requireNote({ trx, organizationId, documentId, noteId });
        if (!canDeleteNote(note.author_id, editor)) {
          throw createForbiddenError('Only its author, admins and owners delete a note.');
        }
        await createNotesRepository({ db: trx }).delete({ noteId });
        await activity.recordActivity(trx, {
          organizationId,
          documentId,
          event: 'note_deleted',
          eventData: { noteId },
          userId: editor.userId,
          now: now(),
        });
      });
    },
  };
}

export type NotesUsecases = ReturnType<typeof createNotesUsecases>;
