import type { NoteDto } from '@sheaf/contracts/notes';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.types';
import { toNoteDto } from './notes.models';
import { createNotesRepository } from './notes.repository';

/**
 * What other modules read of notes (the webhook outbox, for `document:note:created`), so that they
 * depend on this and never on notes.repository.
 */
export type NotesReadPort = {
  /** A note of the organization, read in `trx` (the transaction that just wrote it). */
  findNote: (query: {
    trx: Transaction<Database>;
    organizationId: string;
    noteId: string;
  }) => Promise<NoteDto | undefined>;
};

export function createNotesReadPort(): NotesReadPort {
  return {
    async findNote({ trx, organizationId, noteId }) {
      const row = await createNotesRepository({ db: trx }).findInOrganization({ organizationId, noteId });
      return row && toNoteDto(row);
    },
  };
}
