import type { SearchDocumentsResponse } from '@sheaf/contracts/documents';
import type { TagDto } from '@sheaf/contracts/tags';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.types';
import { createMigrator } from '../../db/migrate';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readJson } from '../../test/http';
import { createTestClock } from '../../test/test-clock';
import { createEmptyTestDatabase, testDialects, useTestDatabase } from '../../test/test-database';
import { insertDocument } from '../../test/test-documents';
import { insertOrganization } from '../../test/test-organizations';
import { type Credentials, createDocument, request } from '../documents/documents.test-helpers';
import { createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import { addNote, notesPath } from './notes.test-helpers';

/**
 * Whether the search indexes hold `word` for the document, table by table: on SQLite the trigram
 * table (pages) and the words table (counts), on PostgreSQL the `words` of its search row.
 */
async function indexedWord(
  db: Kysely<Database>,
  dialect: string,
  documentId: string,
  word: string,
): Promise<Record<string, boolean>> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ found: boolean }>`select strpos(words, ${word}) > 0 as found
      from documents_search where document_id = ${documentId}`.execute(db);
    return { words: rows[0]?.found ?? false };
  }
  const matches = async (table: string, query: string) =>
    (
      await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} t
        join documents_search_rowids r on r.search_rowid = t.rowid
        where ${sql.table(table)} match ${query} and r.document_id = ${documentId}`.execute(db)
    ).rows[0]?.n === 1;
  return {
    trigrams: await matches('documents_search', `"${word}"`),
    words: await matches('documents_search_words', `words : "${word}"`),
  };
}

const everywhere = (found: Record<string, boolean>) => Object.values(found).every(Boolean);
const nowhere = (found: Record<string, boolean>) => !Object.values(found).some(Boolean);

describe.each(testDialects)('notes in the search on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date('2026-03-01T10:00:00.000Z'));
  const { server, createUser } = useApiTestServer(testDatabase, {
    clock,
    env: { MAX_ORGANIZATIONS_PER_USER: '100' },
  });
  let owner: TestUser;
  let credentials: Credentials;
  let uploads = 0;

  const newOrganization = async () => (await createOrganization(server, owner, 'Searched notes')).id;
  const upload = (organizationId: string, content: string) => {
    clock.advance(1000);
    return createDocument(server, credentials, organizationId, {
      name: `Minutes ${++uploads}.txt`,
      data: content,
      type: 'text/plain',
    });
  };
  const search = async (organizationId: string, searchQuery: string, extra = '') => {
    const response = await request(
      server,
      'GET',
      `/api/organizations/${organizationId}/documents/search?searchQuery=${encodeURIComponent(searchQuery)}${extra}`,
      credentials,
    );
    if (response.status !== 200)
      throw new Error(`search failed: ${response.status} ${await response.text()}`);
    return readJson<SearchDocumentsResponse>(response);
  };
  const idsFound = async (organizationId: string, searchQuery: string, extra = '') =>
    (await search(organizationId, searchQuery, extra)).documents.map(({ id }) => id);

  beforeAll(async () => {
    owner = await createUser('notes-search@example.com', 'Sam Searcher');
    credentials = { cookie: owner.cookie };
  });

  it('finds a document by a word only in one of its notes, follows the note’s edits, and forgets it once deleted', async () => {
    const organizationId = await newOrganization();
    const document = await upload(organizationId, 'Quarterly planning meeting');
    await upload(organizationId, 'Another meeting entirely');
    await server.jobQueue.runDueJobs();
    expect(await idsFound(organizationId, 'zanzibar')).toEqual([]);

    await addNote(server, credentials, organizationId, document.id, 'Ask Zanzibar Logistics for a quote');
    const found = await search(organizationId, 'zanzibar');
    expect(found.documents.map(({ id }) => id)).toEqual([document.id]);
    expect(found.documentsCount).toBe(1);
    // Snippets come from the content: the note's words are not in it.
    expect(found.documents[0]?.snippet).toBe('');
    // A word of the content and a word of the note together.
    expect(await idsFound(organizationId, 'quarterly zanzibar')).toEqual([document.id]);
    // Case and accents are ignored as in the content.
    expect(await idsFound(organizationId, 'ZANZÍBAR')).toEqual([document.id]);
    expect(everywhere(await indexedWord(testDatabase.db, dialect, document.id, 'zanzibar'))).toBe(true);

    const [note] = (
      await readJson<{ notes: Array<{ id: string }> }>(
        await request(server, 'GET', notesPath(organizationId, document.id), credentials),
      )
    ).notes;
    const edited = await request(
      server,
      'PATCH',
      notesPath(organizationId, document.id, note?.id),
      credentials,
      {
        body: { content: 'Ask Timbuktu Freight instead' },
      },
    );
    expect(edited.status).toBe(200);
    expect(await idsFound(organizationId, 'zanzibar')).toEqual([]);
    expect(await idsFound(organizationId, 'timbuktu')).toEqual([document.id]);
    expect(nowhere(await indexedWord(testDatabase.db, dialect, document.id, 'zanzibar'))).toBe(true);

    const deleted = await request(
      server,
      'DELETE',
      notesPath(organizationId, document.id, note?.id),
      credentials,
    );
    expect(deleted.status).toBe(204);
    expect(await idsFound(organizationId, 'timbuktu')).toEqual([]);
    expect(nowhere(await indexedWord(testDatabase.db, dialect, document.id, 'timbuktu'))).toBe(true);
    // The content is still indexed.
    expect(await idsFound(organizationId, 'quarterly')).toEqual([document.id]);
  });

  it('indexes every note of a document, and keeps them through extraction, content edits, renames and tag changes', async () => {
    const organizationId = await newOrganization();
    // Notes added before the text is extracted.
    const document = await upload(organizationId, 'Boiler maintenance report');
    await addNote(server, credentials, organizationId, document.id, 'Technician: Xavier Quintana');
    await addNote(server, credentials, organizationId, document.id, 'Next visit\nin spring, bring valves');
    expect(await idsFound(organizationId, 'boiler')).toEqual([]);
    await server.jobQueue.runDueJobs();
    const stillFound = async (extra = '') => {
      for (const word of ['boiler', 'quintana', 'valves']) {
        expect(await idsFound(organizationId, word, extra), word).toEqual([document.id]);
      }
      expect(everywhere(await indexedWord(testDatabase.db, dialect, document.id, 'quintana'))).toBe(true);
      expect(everywhere(await indexedWord(testDatabase.db, dialect, document.id, 'valves'))).toBe(true);
    };
    await stillFound();

    const documentPath = `/api/organizations/${organizationId}/documents/${document.id}`;
    const contentEdit = await request(server, 'PATCH', documentPath, credentials, {
      body: { content: 'Boiler maintenance report, revised' },
    });
    expect(contentEdit.status).toBe(200);
    expect(await idsFound(organizationId, 'revised')).toEqual([document.id]);
    await stillFound();

    const rename = await request(server, 'PATCH', documentPath, credentials, {
      body: { name: 'Heating.txt' },
    });
    expect(rename.status).toBe(200);
    await stillFound();

    const tagResponse = await request(
      server,
      'POST',
      `/api/organizations/${organizationId}/tags`,
      credentials,
      {
        body: { name: 'Maintenance', color: '#112233' },
      },
    );
    const { tag } = await readJson<{ tag: TagDto }>(tagResponse);
    const tagged = await request(server, 'POST', `${documentPath}/tags`, credentials, {
      body: { tagId: tag.id },
    });
    expect(tagged.status).toBe(201);
    await stillFound(`&tags=${tag.id}`);
    const untagged = await request(server, 'DELETE', `${documentPath}/tags/${tag.id}`, credentials);
    expect(untagged.status).toBe(204);
    await stillFound();
  });

  it('drops a deleted document from the index with its notes', async () => {
    const organizationId = await newOrganization();
    const document = await upload(organizationId, 'Lease agreement draft');
    await server.jobQueue.runDueJobs();
    await addNote(server, credentials, organizationId, document.id, 'Landlord is Wilhelmina');
    const documentPath = `/api/organizations/${organizationId}/documents/${document.id}`;
    expect((await request(server, 'DELETE', documentPath, credentials)).status).toBe(204);
    expect(await idsFound(organizationId, 'wilhelmina')).toEqual([]);
    const purge = await request(
      server,
      'DELETE',
      `/api/organizations/${organizationId}/documents/trash/${document.id}`,
      credentials,
    );
    expect(purge.status).toBe(204);
    expect(
      await testDatabase.db
        .selectFrom('document_notes')
        .select('id')
        .where('document_id', '=', document.id)
        .execute(),
    ).toEqual([]);
    expect(nowhere(await indexedWord(testDatabase.db, dialect, document.id, 'wilhelmina'))).toBe(true);
  });
});

describe.each(testDialects)('the notes search migration on %s', (dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('indexes the notes written before it, and takes them out again when undone', async () => {
    const handle = await createEmptyTestDatabase(dialect);
    cleanups.push(handle.drop);
    const { db, destroy } = handle.openConnection();
    cleanups.push(destroy);
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo('0021-document-dates-properties-notes')).error).toBeUndefined();
    await insertOrganization(db, { id: 'org_notesmigration0000000000', members: [] });
    for (const id of ['doc_withnotes000000000000000', 'doc_withoutnotes000000000000']) {
      await insertDocument(db, { id, organizationId: 'org_notesmigration0000000000', content: 'Invoice' });
    }
    for (const [id, content, createdAt] of [
      ['note_second00000000000000000', 'Ferdinand called back', '2026-01-02T00:00:00.000Z'],
      ['note_first000000000000000000', 'Call Ferdinand', '2026-01-01T00:00:00.000Z'],
    ] as const) {
      await db
        .insertInto('document_notes')
        .values({
          id,
          organization_id: 'org_notesmigration0000000000',
          document_id: 'doc_withnotes000000000000000',
          author_id: null,
          content,
          created_at: createdAt,
          updated_at: null,
        })
        .execute();
    }
    expect(nowhere(await indexedWord(db, dialect, 'doc_withnotes000000000000000', 'ferdinand'))).toBe(true);

    expect((await migrator.migrateTo('0022-notes-search')).error).toBeUndefined();
    expect(everywhere(await indexedWord(db, dialect, 'doc_withnotes000000000000000', 'ferdinand'))).toBe(
      true,
    );
    expect(everywhere(await indexedWord(db, dialect, 'doc_withnotes000000000000000', 'invoice'))).toBe(true);
    expect(nowhere(await indexedWord(db, dialect, 'doc_withoutnotes000000000000', 'ferdinand'))).toBe(true);
    expect(everywhere(await indexedWord(db, dialect, 'doc_withoutnotes000000000000', 'invoice'))).toBe(true);

    expect((await migrator.migrateTo('0021-document-dates-properties-notes')).error).toBeUndefined();
    expect(nowhere(await indexedWord(db, dialect, 'doc_withnotes000000000000000', 'ferdinand'))).toBe(true);
    expect(everywhere(await indexedWord(db, dialect, 'doc_withnotes000000000000000', 'invoice'))).toBe(true);
    // The triggers of before index content alone again.
    await db
      .updateTable('documents')
      .set({ content: 'Receipt' })
      .where('id', '=', 'doc_withnotes000000000000000')
      .execute();
    expect(everywhere(await indexedWord(db, dialect, 'doc_withnotes000000000000000', 'receipt'))).toBe(true);
    expect(nowhere(await indexedWord(db, dialect, 'doc_withnotes000000000000000', 'ferdinand'))).toBe(true);
  });
});
