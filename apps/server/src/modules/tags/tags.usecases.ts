import { tagNameKey } from '@sheaf/contracts/tag-names';
import type { DocumentTagLinkDto, TagDto } from '@sheaf/contracts/tags';
import type { Transaction } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database, Timestamp } from '../../db/database.types';
import { isUniqueViolation } from '../../db/unique-violation';
import { type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { generateId } from '../../shared/ids';
import type { ActivityRecorder } from '../activity/activity.usecases';
import type { DocumentsReadPort } from '../documents/documents.port';
import { createTagAlreadyExistsError, createTagNotFoundError } from './tags.errors';
import { toDocumentTagLinkDto, toTagDto } from './tags.models';
import { createTagsRepository, generateDocumentTagId } from './tags.repository';

export type TagFields = { name: string; color: string; description: string | null };

export function createTagsUsecases({
  database,
  clock = systemClock,
  activity,
  documents,
}: {
  database: AppDatabase;
  clock?: Clock;
  /** Records `tagged` and `untagged` entries in the transaction of the change. */
  activity: ActivityRecorder;
  /** Tells whether a document can be tagged (in the organization, outside the trash). */
  documents: Pick<DocumentsReadPort, 'requireActiveDocument'>;
}) {
  const repository = createTagsRepository({ db: database.db });
  const now = () => toTimestamp(clock.now());

  async function getTag({
    organizationId,
    tagId,
  }: {
    organizationId: string;
    tagId: string;
  }): Promise<TagDto> {
    const row = await repository.findById({ organizationId, tagId });
    if (!row) throw createTagNotFoundError();
    return toTagDto(row);
  }

  /** Every id of `tagIds` must be a tag of the organization: else 404 `tags.not_found`. */
  async function requireTags({
    trx,
    organizationId,
    tagIds,
  }: {
    trx: Transaction<Database>;
    organizationId: string;
    tagIds: string[];
  }) {
    const existing = await createTagsRepository({ db: trx }).findExistingIds({ organizationId, tagIds });
    if (tagIds.some((tagId) => !existing.has(tagId))) throw createTagNotFoundError();
  }

  /**
   * Attaches tags (already checked to be the organization's) to a document, skipping those it
   * carries already, with a `tagged` activity entry for each new one. Run it inside the transaction
   * of the change that causes it. Answers the ids of the tags it attached.
   */
  async function attachTagsToDocument({
    trx,
    organizationId,
    documentId,
    tagIds,
    userId,
    now: at,
  }: {
    trx: Transaction<Database>;
    organizationId: string;
    documentId: string;
    tagIds: string[];
    userId: string | null;
    now: Timestamp;
  }) {
    const tags = createTagsRepository({ db: trx });
    const attached: string[] = [];
    for (const tagId of tagIds) {
      const inserted = await tags.insertLink({
        id: generateDocumentTagId(),
        document_id: documentId,
        tag_id: tagId,
        created_at: at,
      });
      if (!inserted) continue;
      await activity.recordActivity(trx, {
        organizationId,
        documentId,
        event: 'tagged',
        tagId,
        userId,
        now: at,
      });
      attached.push(tagId);
    }
    return attached;
  }

  /**
   * Takes tags off a document in `trx` (the caller's change, e.g. a bulk action), skipping those it
   * does not carry, with an `untagged` entry for each. Answers the ids of the tags it took off.
   */
  async function detachTagsFromDocument({
    trx,
    organizationId,
    documentId,
    tagIds,
    userId,
    now: at,
  }: {
    trx: Transaction<Database>;
    organizationId: string;
    documentId: string;
    tagIds: string[];
    userId: string | null;
    now: Timestamp;
  }) {
    const tags = createTagsRepository({ db: trx });
    const detached: string[] = [];
    for (const tagId of tagIds) {
      if (!(await tags.deleteLink({ documentId, tagId }))) continue;
      await activity.recordActivity(trx, {
        organizationId,
        documentId,
        event: 'untagged',
        tagId,
        userId,
        now: at,
      });
      detached.push(tagId);
    }
    return detached;
  }

  return {
    async listTags({ organizationId }: { organizationId: string }): Promise<TagDto[]> {
      return (await repository.list({ organizationId })).map(toTagDto);
    },

    getTag,

    requireTags,

    attachTagsToDocument,

    detachTagsFromDocument,

    /** Names are unique per organization ignoring case: 409 `tags.already_exists`. */
    async createTag({ organizationId, fields }: { organizationId: string; fields: TagFields }) {
      const id = generateId('tag');
      const createdAt = now();
      try {
        await repository.insert({
          id,
          organization_id: organizationId,
          name: fields.name,
          name_key: tagNameKey(fields.name),
          color: fields.color,
          description: fields.description,
          created_at: createdAt,
          updated_at: createdAt,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw createTagAlreadyExistsError();
        throw error;
      }
      return getTag({ organizationId, tagId: id });
    },

    async updateTag({
      organizationId,
      tagId,
      fields,
    }: {
      organizationId: string;
      tagId: string;
      fields: TagFields;
    }) {
      let updated: boolean;
      try {
        updated = await repository.update({
          organizationId,
          tagId,
          set: {
            name: fields.name,
            name_key: tagNameKey(fields.name),
            color: fields.color,
            description: fields.description,
            updated_at: now(),
          },
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw createTagAlreadyExistsError();
        throw error;
      }
      if (!updated) throw createTagNotFoundError();
      return getTag({ organizationId, tagId });
    },

    /**
     * Deletes the tag: documents lose it and tagging rules lose it as an action (a rule left with
     * no tag stays, attaching nothing until edited). Past `tagged`/`untagged` entries keep their
     * place in the activity, without the tag.
     */
    async deleteTag({ organizationId, tagId }: { organizationId: string; tagId: string }) {
      if (!(await repository.delete({ organizationId, tagId }))) throw createTagNotFoundError();
    },

    /**
     * Attaches a tag of the organization to one of its documents outside the trash, with a
     * `tagged` activity entry by the user. Attaching a tag the document carries changes nothing
     * (`created: false`, the existing link). The document's `updatedAt` is left alone: it tracks
     * its name and content; tag changes are in the activity.
     */
    async attachTag({
      organizationId,
      documentId,
      tagId,
      userId,
    }: {
      organizationId: string;
      documentId: string;
      tagId: string;
      userId: string;
    }): Promise<{ documentTag: DocumentTagLinkDto; created: boolean }> {
      return database.db.transaction().execute(async (trx) => {
        await documents.requireActiveDocument({ trx, organizationId, documentId });
        await requireTags({ trx, organizationId, tagIds: [tagId] });
        const attached = await attachTagsToDocument({
          trx,
          organizationId,
          documentId,
          tagIds: [tagId],
          userId,
          now: now(),
        });
        const link = await createTagsRepository({ db: trx }).findLink({ documentId, tagId });
        if (!link) throw new Error('The document-tag link vanished inside its transaction');
        return { documentTag: toDocumentTagLinkDto(link), created: attached.length > 0 };
      });
    },

    /**
     * Takes a tag off a document outside the trash, with an `untagged` activity entry by the user.
     * Detaching a tag of the organization the document does not carry changes nothing.
     */
    async detachTag({
      organizationId,
      documentId,
      tagId,
      userId,
    }: {
      organizationId: string;
      documentId: string;
      tagId: string;
      userId: string;
    }) {
      await database.db.transaction().execute(async (trx) => {
        await documents.requireActiveDocument({ trx, organizationId, documentId });
        await requireTags({ trx, organizationId, tagIds: [tagId] });
        await detachTagsFromDocument({
          trx,
          organizationId,
          documentId,
          tagIds: [tagId],
          userId,
          now: now(),
        });
      });
    },
  };
}

export type TagsUsecases = ReturnType<typeof createTagsUsecases>;
