import type { DatabaseOrTransaction, DocumentNotesTable, Timestamp } from '../../db/database.types';
import type { NoteWithAuthorRow } from './notes.models';

type NoteKey = { organizationId: string; documentId: string; noteId: string };

/** The notes module's queries (document_notes, with the authors' names from users). */
export function createNotesRepository({ db }: { db: DatabaseOrTransaction }) {
  const selectNotes = () =>
    db
      .selectFrom('document_notes')
      .leftJoin('users', 'users.id', 'document_notes.author_id')
      .selectAll('document_notes')
      .select('users.name as author_name');

  return {
    /**
     * Whether the document is in the organization, and in its trash: undefined when it is not in
     * the organization. (Read here because the documents read port only tells active documents.)
     */
    async findDocumentTrashState({
      organizationId,
      documentId,
    }: {
      organizationId: string;
      documentId: string;
    }) {
      const row = await db
        .selectFrom('documents')
        .select('is_deleted')
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .executeTakeFirst();
      return row && { isDeleted: Number(row.is_deleted) === 1 };
    },

    /** A page of the document's notes, oldest first (document_notes_document_id_created_at_index). */
    async list({
      organizationId,
      documentId,
      pageIndex,
      pageSize,
    }: {
      organizationId: string;
      documentId: string;
      pageIndex: number;
      pageSize: number;
    }): Promise<NoteWithAuthorRow[]> {
      return selectNotes()
        .where('document_notes.document_id', '=', documentId)
        .where('document_notes.organization_id', '=', organizationId)
        .orderBy('document_notes.created_at', 'asc')
        .orderBy('document_notes.id', 'asc')
        .limit(pageSize)
        .offset(pageIndex * pageSize)
        .execute();
    },

    async count({ organizationId, documentId }: { organizationId: string; documentId: string }) {
      const row = await db
        .selectFrom('document_notes')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('document_id', '=', documentId)
        .where('organization_id', '=', organizationId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async findById({ organizationId, documentId, noteId }: NoteKey): Promise<NoteWithAuthorRow | undefined> {
      return selectNotes()
        .where('document_notes.id', '=', noteId)
        .where('document_notes.document_id', '=', documentId)
        .where('document_notes.organization_id', '=', organizationId)
        .executeTakeFirst();
    },

    /** A note of the organization by id alone, with its author's name (for its webhook event). */
    async findInOrganization({
      organizationId,
      noteId,
    }: {
      organizationId: string;
      noteId: string;
    }): Promise<NoteWithAuthorRow | undefined> {
      return selectNotes()
        .where('document_notes.id', '=', noteId)
        .where('document_notes.organization_id', '=', organizationId)
        .executeTakeFirst();
    },

    async insert(row: DocumentNotesTable) {
      await db.insertInto('document_notes').values(row).execute();
    },

    async updateContent({
      noteId,
      content,
      updatedAt,
    }: {
      noteId: string;
      content: string;
      updatedAt: Timestamp;
    }) {
      await db
        .updateTable('document_notes')
        .set({ content, updated_at: updatedAt })
        .where('id', '=', noteId)
        .execute();
    },

    async delete({ noteId }: { noteId: string }) {
      await db.deleteFrom('document_notes').where('id', '=', noteId).execute();
    },
  };
}
