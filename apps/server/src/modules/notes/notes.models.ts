import type { NoteDto } from '@sheaf/contracts/notes';
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
