import { INGESTION_FOLDER_FILES_LIMIT } from '@sheaf/contracts/ingestion-folders';
import type { Insertable, Updateable } from 'kysely';
import type { DatabaseOrTransaction, IngestionFolderFilesTable, Timestamp } from '../../db/database.types';

export function createIngestionFoldersRepository({ db }: { db: DatabaseOrTransaction }) {
  return {
    async findSettings({ organizationId }: { organizationId: string }) {
      return db
        .selectFrom('ingestion_folder_settings')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
    },

    async findSettingsByKey({ folderNameKey }: { folderNameKey: string }) {
      return db
        .selectFrom('ingestion_folder_settings')
        .selectAll()
        .where('folder_name_key', '=', folderNameKey)
        .executeTakeFirst();
    },

    /** Sets the folder name (a unique violation when another organization has its key). */
    async upsertSettings({
      organizationId,
      folderName,
      folderNameKey,
      now,
    }: {
      organizationId: string;
      folderName: string;
      folderNameKey: string;
      now: Timestamp;
    }) {
      await db
        .insertInto('ingestion_folder_settings')
        .values({
          organization_id: organizationId,
          folder_name: folderName,
          folder_name_key: folderNameKey,
          updated_at: now,
        })
        .onConflict((conflict) =>
          conflict
            .column('organization_id')
            .doUpdateSet({ folder_name: folderName, folder_name_key: folderNameKey, updated_at: now }),
        )
        .execute();
    },

    async deleteSettings({ organizationId }: { organizationId: string }) {
      await db
        .deleteFrom('ingestion_folder_settings')
        .where('organization_id', '=', organizationId)
        .execute();
    },

    async insertFile(row: Insertable<IngestionFolderFilesTable>) {
      await db.insertInto('ingestion_folder_files').values(row).execute();
    },

    async updateFile({ id, set }: { id: string; set: Updateable<IngestionFolderFilesTable> }) {
      await db.updateTable('ingestion_folder_files').set(set).where('id', '=', id).execute();
    },

    /** The row of a file still in its folder (not yet removed), found by its path and content. */
    async findUnremovedFile({
      organizationId,
      path,
      sha256,
    }: {
      organizationId: string;
      path: string;
      sha256: string;
    }) {
      return db
        .selectFrom('ingestion_folder_files')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('path', '=', path)
        .where('sha256', '=', sha256)
        .where('removed_at', 'is', null)
        .orderBy('processed_at', 'desc')
        .executeTakeFirst();
    },

    /** The organization's last files, newest first. */
    async listFiles({ organizationId }: { organizationId: string }) {
      return db
        .selectFrom('ingestion_folder_files')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .orderBy('processed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(INGESTION_FOLDER_FILES_LIMIT)
        .execute();
    },
  };
}
