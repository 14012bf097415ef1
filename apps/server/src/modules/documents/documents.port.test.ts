import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { insertDocument } from '../../test/test-documents';
import { insertOrganization } from '../../test/test-organizations';
import { createDocumentsReadPort } from './documents.port';

const ORGANIZATION_ID = 'org_portportportportportport';
const OTHER_ORGANIZATION_ID = 'org_otherotherotherotherothe';
const ACTIVE_ID = 'doc_activeactiveactiveactiv';
const TRASHED_ID = 'doc_trashedtrashedtrashedtr';

describe.each(testDialects)('the documents read port on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);

  beforeAll(async () => {
    await insertOrganization(testDatabase.db, { id: ORGANIZATION_ID, members: [] });
    await insertOrganization(testDatabase.db, { id: OTHER_ORGANIZATION_ID, members: [] });
    await insertDocument(testDatabase.db, { id: ACTIVE_ID, organizationId: ORGANIZATION_ID, size: 10 });
    await insertDocument(testDatabase.db, { id: TRASHED_ID, organizationId: ORGANIZATION_ID, size: 32 });
    await testDatabase.db
      .updateTable('documents')
      .set({ is_deleted: 1, deleted_at: '2026-03-01T10:00:00.000Z' })
      .where('id', '=', TRASHED_ID)
      .execute();
    const at = '2026-03-01T10:00:00.000Z';
    await testDatabase.db
      .insertInto('tags')
      .values({
        id: 'tag_portportportportportport',
        organization_id: ORGANIZATION_ID,
        name: 'Invoices',
        name_key: 'invoices',
        color: '#112233',
        description: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await testDatabase.db
      .insertInto('documents_tags')
      .values({
        id: 'dt_portportportportportport',
        document_id: ACTIVE_ID,
        tag_id: 'tag_portportportportportport',
        created_at: at,
      })
      .execute();
  });

  it('tells an active document of the organization from a trashed, foreign or missing one', async () => {
    const documents = createDocumentsReadPort({ database: testDatabase.database });
    const isActive = (organizationId: string, documentId: string) =>
      documents.isActiveDocument({ organizationId, documentId });
    expect(await isActive(ORGANIZATION_ID, ACTIVE_ID)).toBe(true);
    expect(await isActive(ORGANIZATION_ID, TRASHED_ID)).toBe(false);
    expect(await isActive(OTHER_ORGANIZATION_ID, ACTIVE_ID)).toBe(false);
    expect(await isActive(ORGANIZATION_ID, 'doc_missingmissingmissingmi')).toBe(false);
  });

  it('reads in the caller’s transaction when given one', async () => {
    const documents = createDocumentsReadPort({ database: testDatabase.database });
    const seen = await testDatabase.db.transaction().execute(async (trx) => {
      await trx.updateTable('documents').set({ is_deleted: 1 }).where('id', '=', ACTIVE_ID).execute();
      const inside = await documents.isActiveDocument({
        organizationId: ORGANIZATION_ID,
        documentId: ACTIVE_ID,
        trx,
      });
      await trx.updateTable('documents').set({ is_deleted: 0 }).where('id', '=', ACTIVE_ID).execute();
      return inside;
    });
    expect(seen).toBe(false);
  });

  it('answers the tags of documents and the storage an organization uses', async () => {
    const documents = createDocumentsReadPort({ database: testDatabase.database });
    const tags = await documents.getTagsByDocumentIds({ documentIds: [ACTIVE_ID, TRASHED_ID] });
    expect(Object.fromEntries(tags)).toEqual({
      [ACTIVE_ID]: [
        { id: 'tag_portportportportportport', name: 'Invoices', color: '#112233', description: null },
      ],
    });
    expect(await documents.getStorageStats({ organizationId: ORGANIZATION_ID })).toEqual({
      activeCount: 1,
      activeSize: 10,
      deletedSize: 32,
    });
    expect(await documents.getStorageStats({ organizationId: OTHER_ORGANIZATION_ID })).toEqual({
      activeCount: 0,
      activeSize: 0,
      deletedSize: 0,
    });
  });
});
