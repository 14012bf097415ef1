import { SEARCH_LETTER_FOLDS } from '@sheaf/contracts/search-text';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { insertDocument } from '../../test/test-documents';
import { createSearchUsecases } from './search.usecases';

const ORGANIZATION_ID = 'org_folds0000000000000000000';

describe.each(testDialects)('search folding on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);

  beforeAll(async () => {
    const at = new Date('2026-03-01T10:00:00.000Z').toISOString();
    await testDatabase.db
      .insertInto('organizations')
      .values({
        id: ORGANIZATION_ID,
        name: 'Folds',
        created_at: at,
        updated_at: at,
        deleted_at: null,
        deleted_by: null,
        scheduled_purge_at: null,
        requires_two_factor: 0,
      })
      .execute();
    // One document per letter of the table: `xq<letter>zv` in its content.
    for (const [index, [letter]] of SEARCH_LETTER_FOLDS.entries()) {
      await insertDocument(testDatabase.db, {
        id: `doc_fold${String(index).padStart(20, '0')}`,
        organizationId: ORGANIZATION_ID,
        name: `letter ${index}.txt`,
        content: `Reference xq${letter}zv, filed.`,
      });
    }
  });

  it('finds each of the 17 folded letters by its fold, and highlights the original letter', async () => {
    const usecases = createSearchUsecases({ database: testDatabase.database });
    for (const [index, [letter, folded]] of SEARCH_LETTER_FOLDS.entries()) {
      const { documents } = await usecases.searchDocuments({
        organizationId: ORGANIZATION_ID,
        searchQuery: `XQ${folded.toUpperCase()}ZV`,
        pageIndex: 0,
        pageSize: 20,
      });
      // `ð` and `đ` both fold to `d`: their documents are found by either.
      const expected = SEARCH_LETTER_FOLDS.flatMap(([, otherFolded], otherIndex) =>
        otherFolded.toLowerCase() === folded.toLowerCase() ? [`letter ${otherIndex}.txt`] : [],
      );
      expect(documents.map(({ name }) => name).sort(), letter).toEqual(expected.sort());
      const hit = documents.find(({ name }) => name === `letter ${index}.txt`);
      expect(
        hit?.matches.map(({ start, end }) => hit.snippet.slice(start, end)),
        letter,
      ).toEqual([`xq${letter}zv`]);
    }
  });
});
