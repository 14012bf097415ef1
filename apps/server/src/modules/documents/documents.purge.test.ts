import { beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { insertDocument } from '../../test/test-documents';
import { createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import { request } from './documents.test-helpers';

describe.each(testDialects)("an organization purge's documents step on %s", (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const { server, createUser } = useApiTestServer(testDatabase);
  let owner: TestUser;

  beforeAll(async () => {
    owner = await createUser(`purge-${dialect}@example.com`);
  });

  const documentIdsOf = async (organizationId: string) =>
    (
      await testDatabase.db
        .selectFrom('documents')
        .select('id')
        .where('organization_id', '=', organizationId)
        .orderBy('id')
        .execute()
    ).map(({ id }) => id);

  it('deletes every document of the organization a batch per statement, trashed ones and tags included, and no other', async () => {
    const doomed = (await createOrganization(server, owner, 'Doomed')).id;
    const kept = (await createOrganization(server, owner, 'Kept')).id;
    for (let index = 0; index < 5; index++) {
      await insertDocument(testDatabase.db, { id: `doc_doomed${dialect}${index}`, organizationId: doomed });
    }
    await insertDocument(testDatabase.db, { id: `doc_kept${dialect}`, organizationId: kept });
    // A tagged and a trashed document: their links and trash state do not stop the delete.
    const tag = await request(server, 'POST', `/api/organizations/${doomed}/tags`, owner, {
      body: { name: 'Bills', color: '#aabbcc', description: null },
    });
    const { tag: created } = (await tag.json()) as { tag: { id: string } };
    const tagged = await request(
      server,
      'POST',
      `/api/organizations/${doomed}/documents/doc_doomed${dialect}0/tags`,
      owner,
      { body: { tagId: created.id } },
    );
    expect(tagged.status).toBe(201);
    const trashed = await request(
      server,
      'DELETE',
      `/api/organizations/${doomed}/documents/doc_doomed${dialect}1`,
      owner,
    );
    expect(trashed.status).toBe(204);

    const deleted = await server.services.documents.deleteOrganizationDocuments({
      organizationId: doomed,
      batchSize: 2,
    });

    expect(deleted).toBe(5);
    expect(await documentIdsOf(doomed)).toEqual([]);
    expect(await documentIdsOf(kept)).toEqual([`doc_kept${dialect}`]);
    const links = await testDatabase.db
      .selectFrom('documents_tags')
      .select('document_id')
      .where('tag_id', '=', created.id)
      .execute();
    expect(links).toEqual([]);
  });
});
