import { ID_RANDOM_LENGTH } from '@sheaf/contracts/ids';
import type { ExpressionBuilder } from 'kysely';
import type { Database, DatabaseOrTransaction, DocumentsTagsTable, TagsTable } from '../../db/database.types';
import { randomAlphanumeric } from '../../shared/ids';
import { sortTagRowsByName, type TagWithCountRow } from './tags.models';

/** Document-tag link ids: `dt_` and 24 random alphanumerics. */
export const generateDocumentTagId = () => `dt_${randomAlphanumeric(ID_RANDOM_LENGTH)}`;

const TAG_COLUMNS = [
  'tags.id',
  'tags.organization_id',
  'tags.name',
  'tags.color',
  'tags.description',
  'tags.created_at',
  'tags.updated_at',
] as const;

/**
 * How many documents outside the trash carry the tag: its links off the (tag, document) index, less
 * those of the organization's trash (a short list, read once): joining each link to its document
 * read a row per link (85 ms for a tag on 10,000 documents on SQLite, against 1 ms).
 */
const documentsCount = (organizationId: string) => (eb: ExpressionBuilder<Database, 'tags'>) =>
  eb
    .selectFrom('documents_tags')
    .select((count) => count.fn.countAll<number | string>().as('count'))
    .whereRef('documents_tags.tag_id', '=', 'tags.id')
    .where('documents_tags.document_id', 'not in', (trash) =>
      trash
        .selectFrom('documents')
        .select('documents.id')
        .where('documents.organization_id', '=', organizationId)
        .where('documents.is_deleted', '=', 1),
    )
    .as('documents_count');

export function createTagsRepository({ db }: { db: DatabaseOrTransaction }) {
  return {
    /** The organization's tags in reading order (sortTagRowsByName), with their documents count. */
    async list({ organizationId }: { organizationId: string }) {
      const rows = (await db
        .selectFrom('tags')
        .select([...TAG_COLUMNS, documentsCount(organizationId)])
        .where('tags.organization_id', '=', organizationId)
        .execute()) as TagWithCountRow[];
      return sortTagRowsByName(rows);
    },

    async findById({ organizationId, tagId }: { organizationId: string; tagId: string }) {
      return (await db
        .selectFrom('tags')
        .select([...TAG_COLUMNS, documentsCount(organizationId)])
        .where('tags.organization_id', '=', organizationId)
        .where('tags.id', '=', tagId)
        .executeTakeFirst()) as TagWithCountRow | undefined;
    },

    /** Which of `tagIds` are tags of the organization. */
    async findExistingIds({ organizationId, tagIds }: { organizationId: string; tagIds: string[] }) {
      if (tagIds.length === 0) return new Set<string>();
      const rows = await db
        .selectFrom('tags')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('id', 'in', tagIds)
        .execute();
      return new Set(rows.map(({ id }) => id));
    },

    async insert(row: TagsTable) {
      await db.insertInto('tags').values(row).execute();
    },

    /** False when no such tag is in the organization. */
    async update({
      organizationId,
      tagId,
      set,
    }: {
      organizationId: string;
      tagId: string;
      set: Pick<TagsTable, 'name' | 'name_key' | 'color' | 'description' | 'updated_at'>;
    }) {
      const result = await db
        .updateTable('tags')
        .set(set)
        .where('organization_id', '=', organizationId)
        .where('id', '=', tagId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes the tag; its document links and rule actions go with it (foreign key cascades). */
    async delete({ organizationId, tagId }: { organizationId: string; tagId: string }) {
      const result = await db
        .deleteFrom('tags')
        .where('organization_id', '=', organizationId)
        .where('id', '=', tagId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async findLink({ documentId, tagId }: { documentId: string; tagId: string }) {
      return db
        .selectFrom('documents_tags')
        .selectAll()
        .where('document_id', '=', documentId)
        .where('tag_id', '=', tagId)
        .executeTakeFirst();
    },

    /** Which of `tagIds` the document already carries. */
    async findLinkedTagIds({ documentId, tagIds }: { documentId: string; tagIds: string[] }) {
      if (tagIds.length === 0) return new Set<string>();
      const rows = await db
        .selectFrom('documents_tags')
        .select('tag_id')
        .where('document_id', '=', documentId)
        .where('tag_id', 'in', tagIds)
        .execute();
      return new Set(rows.map(({ tag_id }) => tag_id));
    },

    /** Links the tag to the document; false when it already was (also under a concurrent attach). */
    async insertLink(row: DocumentsTagsTable) {
      const result = await db
        .insertInto('documents_tags')
        .values(row)
        .onConflict((conflict) => conflict.columns(['document_id', 'tag_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** False when the document did not carry the tag. */
    async deleteLink({ documentId, tagId }: { documentId: string; tagId: string }) {
      const result = await db
        .deleteFrom('documents_tags')
        .where('document_id', '=', documentId)
        .where('tag_id', '=', tagId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type TagsRepository = ReturnType<typeof createTagsRepository>;
