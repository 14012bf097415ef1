import { tagNameKey } from '@sheaf/contracts/tag-names';
import type { DocumentTagLinkDto, TagDto } from '@sheaf/contracts/tags';
import type { AppDatabase } from '../../db/database';
import type { DatabaseOrTransaction, Timestamp } from '../../db/database.types';
import { type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { generateId } from '../../shared/ids';
import { type ActivityRecordedHook, createActivityRepository } from '../activity/activity.repository';
import { createDocumentNotFoundError } from '../documents/documents.errors';
import { createDocumentsRepository } from '../documents/documents.repository';
import { createTagAlreadyExistsError, createTagNotFoundError } from './tags.errors';
import { isUniqueViolation, toDocumentTagLinkDto, toTagDto } from './tags.models';
import { createTagsRepository, generateDocumentTagId } from './tags.repository';

export type TagFields = { name: string; color: string; description: string | null };

/**
 * Attaches tags (already checked to be the organization's) to a document, skipping those it
 * carries already, with a `tagged` activity entry for each new one. Run it inside the transaction
 * of the change that causes it. Answers the ids of the tags it attached.
 */
export async function attachTagsToDocument({
  db,
  organizationId,
  documentId,
  tagIds,
  userId,
  now,
  onActivityRecorded,
}: {
  db: DatabaseOrTransaction;
  organizationId: string;
  documentId: string;
  tagIds: string[];
  userId: string | null;
  now: Timestamp;
  /** Runs in the transaction of each activity entry (the webhook outbox). */
  onActivityRecorded: ActivityRecordedHook;
}) {
  const tags = createTagsRepository({ db });
  const activities = createActivityRepository({ db, onRecorded: onActivityRecorded });
  const attached: string[] = [];
  for (const tagId of tagIds) {
    const inserted = await tags.insertLink({
      id: generateDocumentTagId(),
      document_id: documentId,
      tag_id: tagId,
      created_at: now,
    });
    if (!inserted) continue;
    await activities.record({ organizationId, documentId, event: 'tagged', tagId, userId, now });
    attached.push(tagId);
  }
  return attached;
}

export function createTagsUsecases({
  database,
  clock = systemClock,
  onActivityRecorded,
}: {
  database: AppDatabase;
  clock?: Clock;
  /** Runs in the transaction of each activity entry (the webhook outbox). */
  onActivityRecorded: ActivityRecordedHook;
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

  /** The document, outside the trash, in the organization; else 404 `documents.not_found`. */
  async function requireActiveDocument({
    db,
    organizationId,
    documentId,
  }: {
    db: DatabaseOrTransaction;
    organizationId: string;
    documentId: string;
  }) {
    const document = await createDocumentsRepository({ db }).findListRowById({ organizationId, documentId });
    if (!document || Number(document.is_deleted) === 1) throw createDocumentNotFoundError();
    return document;
  }

  return {
    async listTags({ organizationId }: { organizationId: string }): Promise<TagDto[]> {
      return (await repository.list({ organizationId })).map(toTagDto);
    },

    getTag,

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
        await requireActiveDocument({ db: trx, organizationId, documentId });
        const tags = createTagsRepository({ db: trx });
        if ((await tags.findExistingIds({ organizationId, tagIds: [tagId] })).size === 0) {
          throw createTagNotFoundError();
        }
        const attached = await attachTagsToDocument({
          db: trx,
          organizationId,
          documentId,
          tagIds: [tagId],
          userId,
          now: now(),
          onActivityRecorded,
        });
        const link = await tags.findLink({ documentId, tagId });
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
        await requireActiveDocument({ db: trx, organizationId, documentId });
        const tags = createTagsRepository({ db: trx });
        if ((await tags.findExistingIds({ organizationId, tagIds: [tagId] })).size === 0) {
          throw createTagNotFoundError();
        }
        if (await tags.deleteLink({ documentId, tagId })) {
          await createActivityRepository({ db: trx, onRecorded: onActivityRecorded }).record({
            organizationId,
            documentId,
            event: 'untagged',
            tagId,
            userId,
            now: now(),
          });
        }
      });
    },
  };
}

export type TagsUsecases = ReturnType<typeof createTagsUsecases>;
