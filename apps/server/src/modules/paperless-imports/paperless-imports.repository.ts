import { PAPERLESS_IMPORTS_LIST_LIMIT } from '@sheaf/contracts/paperless-imports';
import type { Insertable, Updateable } from 'kysely';
import type {
  DatabaseOrTransaction,
  PaperlessImportDocumentsTable,
  PaperlessImportsTable,
} from '../../db/database.types';

export function createPaperlessImportsRepository({ db }: { db: DatabaseOrTransaction }) {
  return {
    async insert(row: Insertable<PaperlessImportsTable>) {
      await db.insertInto('paperless_imports').values(row).execute();
    },

    async findById({ organizationId, importId }: { organizationId: string; importId: string }) {
      return db
        .selectFrom('paperless_imports')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', '=', importId)
        .executeTakeFirst();
    },

    /** The job's read: by id alone. */
    async findByIdForJob({ importId }: { importId: string }) {
      return db.selectFrom('paperless_imports').selectAll().where('id', '=', importId).executeTakeFirst();
    },

    async listRecent({ organizationId }: { organizationId: string }) {
      return db
        .selectFrom('paperless_imports')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(PAPERLESS_IMPORTS_LIST_LIMIT)
        .execute();
    },

    /** Updates an import; with `fromStatuses`, only while it is in one of them. Answers whether it changed. */
    async update({
      importId,
      set,
      fromStatuses,
    }: {
      importId: string;
      set: Updateable<PaperlessImportsTable>;
      fromStatuses?: readonly string[];
    }) {
      let query = db.updateTable('paperless_imports').set(set).where('id', '=', importId);
      if (fromStatuses) query = query.where('status', 'in', fromStatuses);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async findImportedDocuments({ organizationId }: { organizationId: string }) {
      const rows = await db
        .selectFrom('paperless_import_documents')
        .select(['paperless_id', 'document_id'])
        .where('organization_id', '=', organizationId)
        .execute();
      return new Map(rows.map((row) => [Number(row.paperless_id), row.document_id]));
    },

    async insertImportedDocument(row: Insertable<PaperlessImportDocumentsTable>) {
      await db
        .insertInto('paperless_import_documents')
        .values(row)
        .onConflict((oc) => oc.columns(['organization_id', 'paperless_id']).doNothing())
        .execute();
    },
  };
}

export type PaperlessImportsRepository = ReturnType<typeof createPaperlessImportsRepository>;
