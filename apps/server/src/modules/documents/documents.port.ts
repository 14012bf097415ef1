import type { DocumentListItemDto, DocumentTagDto } from '@sheaf/contracts/documents';
import type { Transaction } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/database.types';
import { createDocumentNotFoundError } from './documents.errors';
import { type DocumentListRow, toDocumentListItemDto } from './documents.models';
import { createDocumentsRepository, type DocumentsRepository } from './documents.repository';

/**
 * The documents module's read port: what other modules read of documents, declared here so that
 * they depend on this interface and never on documents.repository (whose queries stay the
 * documents module's to change). A read runs in the caller's transaction when it passes `trx`.
 */
export type DocumentsReadPort = {
  /**
   * Whether the document is in the organization and outside the trash (tags attach and detach
   * only there). Pass the transaction of the change that depends on it.
   */
  isActiveDocument: (query: {
    organizationId: string;
    documentId: string;
    trx?: Transaction<Database>;
  }) => Promise<boolean>;
  /** Throws 404 `documents.not_found` unless the document is in the organization, outside the trash. */
  requireActiveDocument: (query: {
    organizationId: string;
    documentId: string;
    trx?: Transaction<Database>;
  }) => Promise<void>;
  /** The tags of each document, by document id (name order); documents without tags are absent. */
  getTagsByDocumentIds: (query: { documentIds: string[] }) => Promise<Map<string, DocumentTagDto[]>>;
  /**
   * Document rows (every column but the content, as documents.models' DocumentListRow) as list
   * items, in their order: with their tags, property values and notes count, read in one query
   * each for all of them.
   */
  toListItems: (rows: DocumentListRow[]) => Promise<DocumentListItemDto[]>;
  /** Count and bytes of the organization's active documents, and bytes of those in its trash. */
  getStorageStats: (query: {
    organizationId: string;
  }) => Promise<{ activeCount: number; activeSize: number; deletedSize: number }>;
};

/** `rows` as list items: their tags, property values and notes counts read at once. */
export async function readListItems(
  repository: Pick<
    DocumentsRepository,
    'getTagsByDocumentIds' | 'getPropertiesByDocumentIds' | 'getNotesCountByDocumentIds'
  >,
  rows: DocumentListRow[],
): Promise<DocumentListItemDto[]> {
  const documentIds = rows.map((row) => row.id);
  const [tags, properties, notesCounts] = await Promise.all([
    repository.getTagsByDocumentIds({ documentIds }),
    repository.getPropertiesByDocumentIds({ documentIds }),
    repository.getNotesCountByDocumentIds({ documentIds }),
  ]);
  return rows.map((row) =>
    toDocumentListItemDto(row, tags.get(row.id) ?? [], {
      properties: properties.get(row.id) ?? [],
      notesCount: notesCounts.get(row.id) ?? 0,
    }),
  );
}

/** The read port on `database`; the composition root makes one and hands it to tags, search and billing. */
export function createDocumentsReadPort({ database }: { database: AppDatabase }): DocumentsReadPort {
  const repository = createDocumentsRepository({ db: database.db });
  const port: DocumentsReadPort = {
    async isActiveDocument({ organizationId, documentId, trx }) {
      const documents = trx ? createDocumentsRepository({ db: trx }) : repository;
      const document = await documents.findListRowById({ organizationId, documentId });
      return document !== undefined && Number(document.is_deleted) === 0;
    },
    async requireActiveDocument(query) {
      if (!(await port.isActiveDocument(query))) throw createDocumentNotFoundError();
    },
    getTagsByDocumentIds: (query) => repository.getTagsByDocumentIds(query),
    toListItems: (rows) => readListItems(repository, rows),
    getStorageStats: (query) => repository.getStorageStats(query),
  };
  return port;
}
