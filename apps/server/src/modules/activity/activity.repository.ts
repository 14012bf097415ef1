import type { DocumentActivityDto } from '@sheaf/contracts/documents';
import { ID_RANDOM_LENGTH } from '@sheaf/contracts/ids';
import type { DatabaseOrTransaction } from '../../db/database.types';
import { randomAlphanumeric } from '../../shared/ids';
import type { NewDocumentActivity } from './activity.models';

/** Activity entry ids: `act_` and 24 random alphanumerics, like every other id. */
export const generateActivityId = () => `act_${randomAlphanumeric(ID_RANDOM_LENGTH)}`;

/**
 * The documents activity log's queries. Only the activity module uses it: other modules write and
 * read the log through activity.usecases (the port that also runs the webhook outbox's hook).
 */
export function createActivityRepository({ db }: { db: DatabaseOrTransaction }) {
  return {
    /** Writes one entry (in the transaction of the change when `db` is one). */
    async insert(activity: NewDocumentActivity) {
      await db
        .insertInto('document_activities')
        .values({
          id: generateActivityId(),
          organization_id: activity.organizationId,
          document_id: activity.documentId,
          event: activity.event,
          event_data: activity.eventData ? JSON.stringify(activity.eventData) : null,
          user_id: activity.userId,
          tag_id: activity.tagId ?? null,
          created_at: activity.now,
        })
        .execute();
    },

    /** A document's entries, newest first, with the user's name and the tag of tag events. */
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
    }): Promise<DocumentActivityDto[]> {
      const rows = await db
        .selectFrom('document_activities')
        .leftJoin('users', 'users.id', 'document_activities.user_id')
        .leftJoin('tags', 'tags.id', 'document_activities.tag_id')
        .select([
          'document_activities.id',
          'document_activities.event',
          'document_activities.event_data',
          'document_activities.created_at',
          'users.id as user_id',
          'users.name as user_name',
          'tags.id as tag_id',
          'tags.name as tag_name',
          'tags.color as tag_color',
        ])
        .where('document_activities.organization_id', '=', organizationId)
        .where('document_activities.document_id', '=', documentId)
        .orderBy('document_activities.created_at', 'desc')
        .orderBy('document_activities.id', 'desc')
        .limit(pageSize)
        .offset(pageIndex * pageSize)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        event: row.event,
        eventData: row.event_data ? (JSON.parse(row.event_data) as DocumentActivityDto['eventData']) : null,
        tag:
          row.tag_id && row.tag_name !== null && row.tag_color !== null
            ? { id: row.tag_id, name: row.tag_name, color: row.tag_color }
            : null,
        user: row.user_id && row.user_name !== null ? { id: row.user_id, name: row.user_name } : null,
        createdAt: row.created_at,
      }));
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
