import type { DocumentListItemDto } from '@sheaf/contracts/documents';
import type { AppDatabase } from '../../db/database';
import { toDocumentListItemDto } from '../documents/documents.models';
import { createDocumentsRepository } from '../documents/documents.repository';
import { hasSearchTerms, parseSearchQuery } from './search.models';
import { createSearchRepository } from './search.repository';

export function createSearchUsecases({ database }: { database: AppDatabase }) {
  const search = createSearchRepository({ db: database.db, dialect: database.dialect });
  const documents = createDocumentsRepository({ db: database.db });

  return {
    /** The organization's active documents matching the query (see search.models), as list items. */
    async searchDocuments({
      organizationId,
      searchQuery,
      pageIndex,
      pageSize,
    }: {
      organizationId: string;
      searchQuery: string;
      pageIndex: number;
      pageSize: number;
    }): Promise<{ documents: DocumentListItemDto[]; documentsCount: number }> {
      const terms = parseSearchQuery(searchQuery);
      if (!hasSearchTerms(terms)) return { documents: [], documentsCount: 0 };
      const { rows, count } = await search.search({ organizationId, terms, pageIndex, pageSize });
      const tags = await documents.getTagsByDocumentIds({ documentIds: rows.map((row) => row.id) });
      return {
        documents: rows.map((row) => toDocumentListItemDto(row, tags.get(row.id) ?? [])),
        documentsCount: count,
      };
    },
  };
}

export type SearchUsecases = ReturnType<typeof createSearchUsecases>;
