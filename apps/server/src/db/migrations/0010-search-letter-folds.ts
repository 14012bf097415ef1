import { type Kysely, sql } from 'kysely';
import { getDialectOf } from '../dialect';

/**
 * Letters that are not a base letter with a diacritic, which FTS5's `remove_diacritics` keeps as
 * they are, folded the way PostgreSQL's `unaccent` folds them, so `lodz` finds `Łódź` and
 * `strasse` finds `Straße` on both databases.
 *
 * The table as of this migration, frozen here so that the migration never changes what it did
 * (0015 rebuilds the triggers from it too). Queries are folded with the live table, contracts'
 * SEARCH_LETTER_FOLDS: the index and the queries must agree, so changing that one takes a new
 * migration that rebuilds the index with it (search.models.test.ts compares the two).
 */
export const SQLITE_SEARCH_LETTER_FOLDS: ReadonlyArray<readonly [string, string]> = [
  ['ł', 'l'],
  ['Ł', 'L'],
  ['ø', 'o'],
  ['Ø', 'O'],
  ['ß', 'ss'],
  ['ẞ', 'SS'],
  ['đ', 'd'],
  ['Đ', 'D'],
  ['ð', 'd'],
  ['Ð', 'D'],
  ['æ', 'ae'],
  ['Æ', 'AE'],
  ['œ', 'oe'],
  ['Œ', 'OE'],
  ['þ', 'th'],
  ['Þ', 'TH'],
  ['ı', 'i'],
];

/** `expression` with every letter of the table replaced, as SQL (the table holds no quotes). */
const folded = (expression: string) =>
  sql.raw(
    SQLITE_SEARCH_LETTER_FOLDS.reduce(
      (inner, [from, to]) => `replace(${inner}, '${from}', '${to}')`,
      expression,
    ),
  );

/** SQLite only: the search triggers of 0007 index the folded name and content; the index is rebuilt. */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (getDialectOf(db) !== 'sqlite') return;
  await sql`drop trigger documents_search_after_insert`.execute(db);
  await sql`drop trigger documents_search_after_update`.execute(db);
  await sql`create trigger documents_search_after_insert after insert on documents begin
      insert into documents_search_rowids (document_id, organization_id, is_deleted, created_at)
        values (new.id, new.organization_id, new.is_deleted, new.created_at);
      insert into documents_search (rowid, name, content)
        select search_rowid, ${folded('new.name')}, ${folded('new.content')}
        from documents_search_rowids where document_id = new.id;
      insert into documents_search_names (rowid, name)
        select search_rowid, ${folded('new.name')} from documents_search_rowids where document_id = new.id;
    end`.execute(db);
  await sql`create trigger documents_search_after_update after update of name, content on documents
    when new.name is not old.name or new.content is not old.content begin
      update documents_search set name = ${folded('new.name')}, content = ${folded('new.content')}
        where rowid = (select search_rowid from documents_search_rowids where document_id = new.id);
      update documents_search_names set name = ${folded('new.name')}
        where rowid = (select search_rowid from documents_search_rowids where document_id = new.id);
    end`.execute(db);

  await sql`insert into documents_search (documents_search) values ('delete-all')`.execute(db);
  await sql`insert into documents_search_names (documents_search_names) values ('delete-all')`.execute(db);
  await sql`insert into documents_search (rowid, name, content)
    select r.search_rowid, ${folded('d.name')}, ${folded('d.content')}
    from documents d join documents_search_rowids r on r.document_id = d.id`.execute(db);
  await sql`insert into documents_search_names (rowid, name)
    select r.search_rowid, ${folded('d.name')}
    from documents d join documents_search_rowids r on r.document_id = d.id`.execute(db);
}

export async function down(): Promise<void> {
  // The folded index keeps working with the triggers of 0007 for every other letter.
}
