import { foldSearchLetters, SEARCH_LETTER_FOLDS } from '@sheaf/contracts/search-text';
import { describe, expect, it } from 'vitest';
import { SQLITE_SEARCH_LETTER_FOLDS } from './migrations/0010-search-letter-folds';

describe('search letter folds', () => {
  it("are the table SQLite's search index was built with (migration 0010's frozen copy)", () => {
    // Queries are folded with contracts' table, the index with the migration's: changing the first
    // takes a migration that rebuilds the index with it, and this test then compares with that one.
    expect(SEARCH_LETTER_FOLDS).toEqual(SQLITE_SEARCH_LETTER_FOLDS);
    expect(SEARCH_LETTER_FOLDS).toHaveLength(17);
  });

  it('fold those letters only, case and diacritics left to the index', () => {
    expect(foldSearchLetters('Łódź Straße ØRESUND Þór Æsir')).toBe('Lódź Strasse ORESUND THór AEsir');
  });
});
