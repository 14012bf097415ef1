import type { NoteDto } from '@sheaf/contracts/notes';
import type { MemberRole } from '@sheaf/contracts/permissions';
import type { DocumentNotesTable } from '../../db/database.types';

/** A note row with its author's name (null once the account is deleted, with `author_id`). */
export type NoteWithAuthorRow = DocumentNotesTable & { author_name: string | null };

export function toNoteDto(row: NoteWithAuthorRow): NoteDto {
  return {
    id: row.id,
    documentId: row.document_id,
    content: row.content,
    author: row.author_id && row.author_name !== null ? { id: row.author_id, name: row.author_name } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Who changes a note: the user (an API key acts as the user who created it) and their role. */
export type NoteEditor = { userId: string; role: MemberRole };

/** Only its author edits a note: a note whose author's account is gone stays as written. */
export function canEditNote(note: Pick<DocumentNotesTable, 'author_id'>, editor: NoteEditor): boolean {
  return note.author_id !== null && note.author_id === editor.userId;
}

/** Its author deletes a note, and so do the organization's owners and admins (moderation). */
export function canDeleteNote(note: Pick<DocumentNotesTable, 'author_id'>, editor: NoteEditor): boolean {
  return canEditNote(note, editor) || editor.role === 'owner' || editor.role === 'admin';
}
