import type { DocumentTagLinkDto, TagDto } from '@sheaf/contracts/tags';
import type { DocumentsTagsTable, TagsTable } from '../../db/database.types';

/** A tag row with the count of non-deleted documents carrying it (a string from PostgreSQL). */
export type TagWithCountRow = Omit<TagsTable, 'name_key'> & { documents_count: number | string };

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

const tagNameCollator = new Intl.Collator('und', { sensitivity: 'base', numeric: true });

/**
 * Tags by name as people read them, whatever the script: ignoring case and accents (`Ärzte` by
 * `Apple`, `Łódź` among the L's), numbers by value; then by exact name and id so the order is
 * stable. The database orders by code point, which puts every accented capital after `z`.
 */
export function sortTagRowsByName<Row extends { id: string; name: string }>(rows: Row[]): Row[] {
  return [...rows].sort(
    (a, b) =>
      tagNameCollator.compare(a.name, b.name) ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      (a.id < b.id ? -1 : 1),
  );
}
