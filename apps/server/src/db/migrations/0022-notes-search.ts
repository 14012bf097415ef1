import { type Kysely, type RawBuilder, sql } from 'kysely';
import { getDialectOf } from '../dialect';
import { foldedSql, tagsOf, words } from './0015-search-words-and-tags';

/**
 * The words of a document's notes are found by the search (issue: notes "included in full-text
 * search"). The search indexes no longer hold a document's content alone but its searched text:
 * the content, then each note oldest first, a line each. Snippets are still cut from the content
 * (modules/search reads it from `documents`), so a document found by a note alone has snippet ''.
 *
 * The text is assembled by the triggers from `document_notes` rather than kept in a column of
 * `documents`: a note change then rewrites the search rows only, not the documents row (SQLite
 * rewrites a whole row, content included, on any update), and a document's deletion, which
 * cascades to its notes, has no row to update.
 *
 * SQLite: 0019's update trigger and 0015's tag triggers are recreated with the notes in the
 * `content` column of `documents_search` and in the words of `documents_search_words`, and notes
 * get triggers of their own that rewrite both rows of their document (a contentless table is
 * updated with every column). The insert trigger of 0015 stays: a new document has no notes yet.
 *
 * PostgreSQL: `sheaf_document_search_text(id, content)` assembles the text; 0007's
 * `sheaf_documents_search_sync` indexes its words instead of the content's, and a trigger on
 * `document_notes` rewrites the document's `words`.
 *
 * A later migration that recreates these triggers or that function must keep the notes
 * (`searchedTextSql` and `searchedWordsSql` here, `sheaf_document_search_text` on PostgreSQL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (getDialectOf(db) !== 'sqlite') {
    await sql`create function sheaf_document_search_text(searched_document_id text, searched_content text)
      returns text language sql stable parallel safe
      return searched_content || coalesce(E'\n' || (
        select string_agg(notes.content, E'\n' order by notes.created_at, notes.id)
        from document_notes notes where notes.document_id = searched_document_id), '')`.execute(db);
    await createPostgresSync(
      db,
      sql.raw('sheaf_search_words(sheaf_document_search_text(new.id, new.content))'),
    );
    await sql`create function sheaf_documents_search_notes_sync() returns trigger language plpgsql
      set search_path from current as $$
      declare
        changed text := case when tg_op = 'DELETE' then old.document_id else new.document_id end;
      begin
        -- Nothing to update when the note goes with its document (the search row goes too).
        update documents_search s set words = sheaf_search_words(sheaf_document_search_text(d.id, d.content))
          from documents d where d.id = changed and s.document_id = changed;
        return null;
      end
    $$`.execute(db);
    await sql`create trigger documents_search_after_note_change after insert or delete on document_notes
      for each row execute function sheaf_documents_search_notes_sync()`.execute(db);
    await sql`create trigger documents_search_after_note_edit after update of content on document_notes
      for each row when (old.content is distinct from new.content)
      execute function sheaf_documents_search_notes_sync()`.execute(db);
    await sql`update documents_search s set words = sheaf_search_words(sheaf_document_search_text(d.id, d.content))
      from documents d
      where d.id = s.document_id and d.id in (select document_id from document_notes)`.execute(db);
    return;
  }

  await sql`drop trigger documents_search_after_update`.execute(db);
  await createSqliteUpdateTrigger(db, {
    content: foldedSql(searchedTextSql('new')),
    words: searchedWordsSql('new'),
  });
  await dropSqliteTagTriggers(db);
  await createSqliteTagTriggers(db, searchedWordsSql('d'));

  await sql`create trigger documents_search_after_note_insert after insert on document_notes begin
      ${reindexSqliteDocument('new.document_id')}
    end`.execute(db);
  await sql`create trigger documents_search_after_note_edit after update of content on document_notes
    when new.content is not old.content begin
      ${reindexSqliteDocument('new.document_id')}
    end`.execute(db);
  // A document's deletion removes its notes after its row: its search rows go with it.
  await sql`create trigger documents_search_after_note_delete after delete on document_notes
    when exists (select 1 from documents where id = old.document_id) begin
      ${reindexSqliteDocument('old.document_id')}
    end`.execute(db);

  await reindexSqliteDocumentsWithNotes(db, {
    content: foldedSql(searchedTextSql('d')),
    words: searchedWordsSql('d'),
  });
}

/** Back to the indexes of 0019: content without notes. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (getDialectOf(db) !== 'sqlite') {
    await sql`drop trigger if exists documents_search_after_note_edit on document_notes`.execute(db);
    await sql`drop trigger if exists documents_search_after_note_change on document_notes`.execute(db);
    await sql`drop function if exists sheaf_documents_search_notes_sync()`.execute(db);
    await createPostgresSync(db, sql.raw('sheaf_search_words(new.content)'));
    await sql`update documents_search s set words = sheaf_search_words(d.content)
      from documents d
      where d.id = s.document_id and d.id in (select document_id from document_notes)`.execute(db);
    await sql`drop function if exists sheaf_document_search_text(text, text)`.execute(db);
    return;
  }
  await sql`drop trigger if exists documents_search_after_note_delete`.execute(db);
  await sql`drop trigger if exists documents_search_after_note_edit`.execute(db);
  await sql`drop trigger if exists documents_search_after_note_insert`.execute(db);
  await sql`drop trigger documents_search_after_update`.execute(db);
  await createSqliteUpdateTrigger(db, { content: foldedSql('new.content'), words: words('new') });
  await dropSqliteTagTriggers(db);
  await createSqliteTagTriggers(db, words('d'));
  await reindexSqliteDocumentsWithNotes(db, { content: foldedSql('d.content'), words: words('d') });
}

/**
 * SQLite: the text the search indexes of a document (`new`, `old`, an alias of `documents`): its
 * content, then its notes oldest first, a line each.
 */
export const searchedTextSql = (document: string) =>
  `(${document}.content || coalesce(char(10) || (
    select group_concat(notes.content, char(10) order by notes.created_at, notes.id)
    from document_notes notes where notes.document_id = ${document}.id), ''))`;

/** SQLite: what the words table holds of a document: its name and searched text, folded. */
export const searchedWordsSql = (document: string) =>
  sql`${foldedSql(`${document}.name`)} || ' ' || ${foldedSql(searchedTextSql(document))}`;

const searchRowidOf = (documentId: string) =>
  sql.raw(`(select search_rowid from documents_search_rowids where document_id = ${documentId})`);

/** SQLite: 0019's update trigger, indexing `content` and `words` as given. */
async function createSqliteUpdateTrigger(
  db: Kysely<unknown>,
  { content, words: documentWords }: { content: RawBuilder<unknown>; words: RawBuilder<unknown> },
) {
  await sql`create trigger documents_search_after_update after update of name, content on documents
    when new.name is not old.name or new.content is not old.content begin
      update documents_search set name = ${foldedSql('new.name')}, content = ${content}
        where rowid = ${searchRowidOf('new.id')};
      update documents_search_words set words = ${documentWords}, tags = ${tagsOf('new.id')}
        where rowid = ${searchRowidOf('new.id')};
    end`.execute(db);
}

async function dropSqliteTagTriggers(db: Kysely<unknown>) {
  await sql`drop trigger if exists documents_search_words_after_tag_insert`.execute(db);
  await sql`drop trigger if exists documents_search_words_after_tag_delete`.execute(db);
}

/** SQLite: 0015's triggers writing a document's words and tags again when its tags change. */
async function createSqliteTagTriggers(db: Kysely<unknown>, documentWords: RawBuilder<unknown>) {
  for (const [event, row] of [
    ['insert', 'new'],
    ['delete', 'old'],
  ] as const) {
    await sql`create trigger ${sql.raw(`documents_search_words_after_tag_${event}`)}
      after ${sql.raw(event)} on documents_tags begin
        update documents_search_words set
          words = (select ${documentWords} from documents d where d.id = ${sql.raw(row)}.document_id),
          tags = ${tagsOf(`${row}.document_id`)}
        where rowid = ${searchRowidOf(`${row}.document_id`)};
      end`.execute(db);
  }
}

/** SQLite: the statements of a note trigger, writing both search rows of the note's document again. */
function reindexSqliteDocument(documentId: string) {
  return sql`update documents_search set (name, content) = (
        select ${foldedSql('d.name')}, ${foldedSql(searchedTextSql('d'))} from documents d where d.id = ${sql.raw(documentId)})
        where rowid = ${searchRowidOf(documentId)};
      update documents_search_words set (words, tags) = (
        select ${searchedWordsSql('d')}, ${tagsOf('d.id')} from documents d where d.id = ${sql.raw(documentId)})
        where rowid = ${searchRowidOf(documentId)};`;
}

/** SQLite: the search rows of the documents that have notes, written again with `content` and `words` of `d`. */
async function reindexSqliteDocumentsWithNotes(
  db: Kysely<unknown>,
  { content, words: documentWords }: { content: RawBuilder<unknown>; words: RawBuilder<unknown> },
) {
  const withNotes = sql`(select r.search_rowid from documents_search_rowids r
    where r.document_id in (select document_id from document_notes))`;
  await sql`update documents_search set (name, content) = (
      select ${foldedSql('d.name')}, ${content}
      from documents d join documents_search_rowids r on r.document_id = d.id
      where r.search_rowid = documents_search.rowid)
    where rowid in ${withNotes}`.execute(db);
  await sql`update documents_search_words set (words, tags) = (
      select ${documentWords}, ${tagsOf('d.id')}
      from documents d join documents_search_rowids r on r.document_id = d.id
      where r.search_rowid = documents_search_words.rowid)
    where rowid in ${withNotes}`.execute(db);
}

/** PostgreSQL: 0007's sync function, indexing `words` as given (an expression of `new`). */
async function createPostgresSync(db: Kysely<unknown>, documentWords: RawBuilder<unknown>) {
  await sql`create or replace function sheaf_documents_search_sync() returns trigger language plpgsql
    set search_path from current as $$
    begin
      if tg_op = 'UPDATE' and old.name is not distinct from new.name
        and old.content is not distinct from new.content then
        -- Moved to or out of the trash: the text is unchanged.
        update documents_search set is_deleted = new.is_deleted where document_id = new.id;
        return null;
      end if;
      insert into documents_search (document_id, organization_id, is_deleted, created_at, name, name_prefixes, words)
        values (new.id, new.organization_id, new.is_deleted, new.created_at, sheaf_search_normalize(new.name),
          sheaf_search_name_prefixes(new.name), ${documentWords})
        on conflict (document_id) do update set
          is_deleted = excluded.is_deleted,
          name = excluded.name,
          name_prefixes = excluded.name_prefixes,
          words = excluded.words;
      return null;
    end
  $$`.execute(db);
}
