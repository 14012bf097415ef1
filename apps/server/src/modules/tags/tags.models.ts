import type { DocumentTagLinkDto, TagDto } from '@sheaf/contracts/tags';
import type { DocumentsTagsTable, TagsTable } from '../../db/database.types';

/** A tag row with the count of non-deleted documents carrying it (a string from PostgreSQL). */
export type TagWithCountRow = TagsTable & { documents_count: number | string };

export function toTagDto(row: TagWithCountRow): TagDto {
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    color: row.color,
    description: row.description,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    documentsCount: Number(row.documents_count),
  };
}

export function toDocumentTagLinkDto(row: DocumentsTagsTable): DocumentTagLinkDto {
  return { id: row.id, tagId: row.tag_id, documentId: row.document_id, createdAt: row.created_at };
}

/** A unique index refused the write (SQLite and PostgreSQL codes). */
export const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
};
