import type { DatabaseOrTransaction, ShareLinksTable, Timestamp } from '../../db/database.types';
import type { ShareLinkWithNamesRow } from './share-links.models';

/** A link whose page is asked for, with what its page shows and the states that refuse it. */
export type PublicShareLinkRow = ShareLinksTable & {
  document_name: string;
  document_mime_type: string;
  document_size: number | string;
  document_is_deleted: number;
  organization_deleted_at: Timestamp | null;
  settings_is_enabled: number | null;
};

/** The share links module's queries (share_links, share_link_settings; names from documents and users). */
export function createShareLinksRepository({ db }: { db: DatabaseOrTransaction }) {
  const selectWithNames = () =>
    db
      .selectFrom('share_links')
      .innerJoin('documents', 'documents.id', 'share_links.document_id')
      .leftJoin('users', 'users.id', 'share_links.created_by')
      .selectAll('share_links')
      .select(['documents.name as document_name', 'users.name as creator_name']);

  return {
    /** The document's trash flag, or undefined when it is not in the organization. */
    async findDocumentState({ organizationId, documentId }: { organizationId: string; documentId: string }) {
      const row = await db
        .selectFrom('documents')
        .select('is_deleted')
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .executeTakeFirst();
      return row && { isDeleted: Number(row.is_deleted) === 1 };
    },

    async insert(row: ShareLinksTable) {
      await db.insertInto('share_links').values(row).execute();
    },

    async findById({
      organizationId,
      shareLinkId,
    }: {
      organizationId: string;
      shareLinkId: string;
    }): Promise<ShareLinkWithNamesRow | undefined> {
      return selectWithNames()
        .where('share_links.organization_id', '=', organizationId)
        .where('share_links.id', '=', shareLinkId)
        .executeTakeFirst();
    },

    /** Active links (not expired at `now`), newest first; of one document when `documentId` is given. */
    async listActive({
      organizationId,
      documentId,
      now,
      pageIndex = 0,
      pageSize,
    }: {
      organizationId: string;
      documentId?: string;
      now: Timestamp;
      pageIndex?: number;
      pageSize?: number;
    }): Promise<ShareLinkWithNamesRow[]> {
      let query = selectWithNames()
        .where('share_links.organization_id', '=', organizationId)
        .where((eb) =>
          eb.or([eb('share_links.expires_at', 'is', null), eb('share_links.expires_at', '>', now)]),
        )
        .orderBy('share_links.created_at', 'desc')
        .orderBy('share_links.id', 'desc');
      if (documentId !== undefined) query = query.where('share_links.document_id', '=', documentId);
      if (pageSize !== undefined) query = query.limit(pageSize).offset(pageIndex * pageSize);
      return query.execute();
    },

    async countActive({ organizationId, now }: { organizationId: string; now: Timestamp }) {
      const row = await db
        .selectFrom('share_links')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('organization_id', '=', organizationId)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Every link of the organization (expired ones too), for revoking them all. */
    async listAll({ organizationId }: { organizationId: string }) {
      return db
        .selectFrom('share_links')
        .select(['id', 'document_id'])
        .where('organization_id', '=', organizationId)
        .execute();
    },

    async delete({ shareLinkId }: { shareLinkId: string }) {
      const result = await db.deleteFrom('share_links').where('id', '=', shareLinkId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async findByTokenHash(tokenHash: string): Promise<PublicShareLinkRow | undefined> {
      return db
        .selectFrom('share_links')
        .innerJoin('documents', 'documents.id', 'share_links.document_id')
        .innerJoin('organizations', 'organizations.id', 'share_links.organization_id')
        .leftJoin('share_link_settings', 'share_link_settings.organization_id', 'share_links.organization_id')
        .selectAll('share_links')
        .select([
          'documents.name as document_name',
          'documents.mime_type as document_mime_type',
          'documents.original_size as document_size',
          'documents.is_deleted as document_is_deleted',
          'organizations.deleted_at as organization_deleted_at',
          'share_link_settings.is_enabled as settings_is_enabled',
        ])
        .where('share_links.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /**
     * Writes the access time unless it was written less than the throttle ago: whether it wrote
     * (one process wins when several open the page at once).
     */
    async touchLastAccessed({
      shareLinkId,
      now,
      notSince,
    }: {
      shareLinkId: string;
      now: Timestamp;
      notSince: Timestamp;
    }): Promise<boolean> {
      const result = await db
        .updateTable('share_links')
        .set({ last_accessed_at: now })
        .where('id', '=', shareLinkId)
        .where((eb) => eb.or([eb('last_accessed_at', 'is', null), eb('last_accessed_at', '<=', notSince)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Starts a new attempts window when the last one began at or before `windowStartedBefore`. */
    async resetAttemptsWindow({
      shareLinkId,
      now,
      windowStartedBefore,
    }: {
      shareLinkId: string;
      now: Timestamp;
      windowStartedBefore: Timestamp;
    }) {
      await db
        .updateTable('share_links')
        .set({ failed_attempts: 0, failed_window_started_at: now })
        .where('id', '=', shareLinkId)
        .where((eb) =>
          eb.or([
            eb('failed_window_started_at', 'is', null),
            eb('failed_window_started_at', '<=', windowStartedBefore),
          ]),
        )
        .execute();
    },

    /** Counts one attempt if fewer than `max` were made in the window: whether it was counted. */
    async takeAttempt({ shareLinkId, max }: { shareLinkId: string; max: number }): Promise<boolean> {
      const result = await db
        .updateTable('share_links')
        .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
        .where('id', '=', shareLinkId)
        .where('failed_attempts', '<', max)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async findAttemptsWindow({ shareLinkId }: { shareLinkId: string }) {
      return db
        .selectFrom('share_links')
        .select(['failed_attempts', 'failed_window_started_at'])
        .where('id', '=', shareLinkId)
        .executeTakeFirst();
    },

    async clearAttempts({ shareLinkId }: { shareLinkId: string }) {
      await db.updateTable('share_links').set({ failed_attempts: 0 }).where('id', '=', shareLinkId).execute();
    },

    async findSettings({ organizationId }: { organizationId: string }) {
      return db
        .selectFrom('share_link_settings')
        .select('is_enabled')
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
    },

    async upsertSettings({
      organizationId,
      isEnabled,
      now,
    }: {
      organizationId: string;
      isEnabled: boolean;
      now: Timestamp;
    }) {
      await db
        .insertInto('share_link_settings')
        .values({ organization_id: organizationId, is_enabled: isEnabled ? 1 : 0, updated_at: now })
        .onConflict((oc) =>
          oc.column('organization_id').doUpdateSet({ is_enabled: isEnabled ? 1 : 0, updated_at: now }),
        )
        .execute();
    },
  };
}
