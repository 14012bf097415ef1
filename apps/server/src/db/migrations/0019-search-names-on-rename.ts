import { type Kysely, sql } from 'kysely';
import { getDialectOf } from '../dialect';
import { foldedSql, tagsOf, words } from './0015-search-words-and-tags';

const SEARCH_ROWID = sql.raw('(select search_rowid from documents_search_rowids where document_id = new.id)');

/**
 * SQLite: the names table is written only when a document's name changes. 0015's update trigger
 * rewrote all three search tables whenever the name or the content changed, so saving extracted
 * text also deleted and inserted the unchanged name in `documents_search_names`: about a tenth of
 * what indexing a one-page document costs, on every extraction. PostgreSQL's trigger function
 * already compares old and new values; nothing changes there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (getDialectOf(db) !== 'sqlite') return;
  await sql`drop trigger documents_search_after_update`.execute(db);
  await sql`create trigger documents_search_after_update after update of name, content on documents
    when new.name is not old.name or new.content is not old.content begin
      update documents_search set name = ${foldedSql('new.name')}, content = ${foldedSql('new.content')}
        where rowid = ${SEARCH_ROWID};
      update documents_search_words set words = ${words('new')}, tags = ${tagsOf('new.id')}
        where rowid = ${SEARCH_ROWID};
    end`.execute(db);
  await sql`create trigger documents_search_names_after_rename after update of name on documents
    when new.name is not old.name begin
      update documents_search_names set name = ${foldedSql('new.name')} where rowid = ${SEARCH_ROWID};
    end`.execute(db);
}

/** Back to 0015's single trigger. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (getDialectOf(db) !== 'sqlite') return;
  await sql`drop trigger documents_search_names_after_rename`.execute(db);
  await sql`drop trigger documents_search_after_update`.execute(db);
  await sql`create trigger documents_search_after_update after update of name, content on documents
    when new.name is not old.name or new.content is not old.content begin
      update documents_search set name = ${foldedSql('new.name')}, content = ${foldedSql('new.content')}
        where rowid = ${SEARCH_ROWID};
      update documents_search_names set name = ${foldedSql('new.name')} where rowid = ${SEARCH_ROWID};
      update documents_search_words set words = ${words('new')}, tags = ${tagsOf('new.id')}
        where rowid = ${SEARCH_ROWID};
    end`.execute(db);
}
