import { type Kysely, sql } from 'kysely';
import { getDialectOf } from '../dialect';
import { SQLITE_SEARCH_LETTER_FOLDS } from './0010-search-letter-folds';

/**
 * What lets a search count its matches up to the cap without checking 10,000 documents one by one
 * against the trigram index (see modules/search/README.md).
 *
 * SQLite: `documents_search_words`, a contentless FTS5 table of the words of each document's name
 * and content (same folds as the trigram table: letter folds of 0010, `remove_diacritics 1`, case)
 * and of its tag ids, without positions (`detail=column`). A document holding a word that starts
 * with each query word holds each query word, so this table gives a lower bound of the count by
 * merging doclists, no positions read: when it reaches the cap, the count is the cap. Tags are in
 * it so that a tag filter is one more doclist to merge. Kept by the search triggers of 0007/0010
 * (recreated here, as 0010 did, so that one trigger body fills every search table in order) and by
 * triggers on documents_tags; a tag change writes the document's words again (a contentless table
 * is updated with every column).
 *
 * PostgreSQL: `documents_search.tag_ids`, the document's tag ids, with a GIN index: a tag filter is
 * then a bitmap of the tag's documents, read in table order, instead of a lookup per document. And
 * the date index searches walk gets the id, their order's tie-break.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (getDialectOf(db) !== 'sqlite') {
    await sql`alter table documents_search add column tag_ids text[] not null default '{}'`.execute(db);
    await sql`create function sheaf_documents_search_tags_sync() returns trigger language plpgsql
      set search_path from current as $$
      declare
        changed text := case when tg_op = 'DELETE' then old.document_id else new.document_id end;
      begin
        update documents_search set tag_ids = array(
          select tag_id from documents_tags where document_id = changed order by tag_id)
        where document_id = changed;
        return null;
      end
    $$`.execute(db);
    await sql`create trigger documents_search_tags_after_change after insert or delete on documents_tags
      for each row execute function sheaf_documents_search_tags_sync()`.execute(db);
    await sql`update documents_search s set tag_ids = tagged.tag_ids
      from (select document_id, array_agg(tag_id order by tag_id) as tag_ids from documents_tags group by document_id) tagged
      where tagged.document_id = s.document_id`.execute(db);
    await sql`create index documents_search_tag_ids_index on documents_search using gin (tag_ids)`.execute(
      db,
    );
    // Searches walk the newest documents by date then id: with the id in the index, without a sort.
    await sql`create index documents_search_organization_id_is_deleted_created_at_id_index
      on documents_search (organization_id, is_deleted, created_at, document_id)`.execute(db);
    await sql`drop index documents_search_organization_id_is_deleted_created_at_index`.execute(db);
    return;
  }

  await sql`create virtual table documents_search_words using fts5(
    words, tags,
    tokenize = 'unicode61 remove_diacritics 1',
    detail = column,
    content = '', contentless_delete = 1
  )`.execute(db);

  await sql`drop trigger documents_search_after_insert`.execute(db);
  await sql`drop trigger documents_search_after_update`.execute(db);
  await sql`drop trigger documents_search_after_delete`.execute(db);
  await sql`create trigger documents_search_after_insert after insert on documents begin
      insert into documents_search_rowids (document_id, organization_id, is_deleted, created_at)
        values (new.id, new.organization_id, new.is_deleted, new.created_at);
      insert into documents_search (rowid, name, content)
        select search_rowid, ${foldedSql('new.name')}, ${foldedSql('new.content')}
        from documents_search_rowids where document_id = new.id;
      insert into documents_search_names (rowid, name)
        select search_rowid, ${foldedSql('new.name')} from documents_search_rowids where document_id = new.id;
      insert into documents_search_words (rowid, words, tags)
        select search_rowid, ${words('new')}, '' from documents_search_rowids where document_id = new.id;
    end`.execute(db);
  await sql`create trigger documents_search_after_update after update of name, content on documents
    when new.name is not old.name or new.content is not old.content begin
      update documents_search set name = ${foldedSql('new.name')}, content = ${foldedSql('new.content')}
        where rowid = (select search_rowid from documents_search_rowids where document_id = new.id);
      update documents_search_names set name = ${foldedSql('new.name')}
        where rowid = (select search_rowid from documents_search_rowids where document_id = new.id);
      update documents_search_words set words = ${words('new')}, tags = ${tagsOf('new.id')}
        where rowid = (select search_rowid from documents_search_rowids where document_id = new.id);
    end`.execute(db);
  await sql`create trigger documents_search_after_delete after delete on documents begin
      delete from documents_search
        where rowid = (select search_rowid from documents_search_rowids where document_id = old.id);
      delete from documents_search_names
        where rowid = (select search_rowid from documents_search_rowids where document_id = old.id);
      delete from documents_search_words
        where rowid = (select search_rowid from documents_search_rowids where document_id = old.id);
      delete from documents_search_rowids where document_id = old.id;
    end`.execute(db);
  // (Also run for the links a document's deletion cascades to: its words row goes with it anyway.)
  for (const [event, row] of [
    ['insert', 'new'],
    ['delete', 'old'],
  ] as const) {
    await sql`create trigger ${sql.raw(`documents_search_words_after_tag_${event}`)}
      after ${sql.raw(event)} on documents_tags begin
        update documents_search_words set
          words = (select ${words('d')} from documents d where d.id = ${sql.raw(row)}.document_id),
          tags = ${tagsOf(`${row}.document_id`)}
        where rowid = (select search_rowid from documents_search_rowids
          where document_id = ${sql.raw(row)}.document_id);
      end`.execute(db);
  }

  await sql`insert into documents_search_words (rowid, words, tags)
    select r.search_rowid, ${words('d')}, ${tagsOf('d.id')}
    from documents d join documents_search_rowids r on r.document_id = d.id`.execute(db);
}

/** SQLite: what the words table holds of a document (`new`, `old`, an alias): name and content, folded. */
export const words = (document: string) =>
  sql.raw(`${folded(`${document}.name`)} || ' ' || ${folded(`${document}.content`)}`);
/** SQLite: `expression` folded as the search tables hold text. */
export const foldedSql = (expression: string) => sql.raw(folded(expression));
/** SQLite: the tag tokens of a document, space-separated, for the words table's `tags` column. */
export const tagsOf = (documentId: string) =>
  sql.raw(`(select coalesce(group_concat(${TAG_TOKEN('tag_id')}, ' '), '') from documents_tags
      where document_id = ${documentId})`);

/**
 * A tag id as one token of `documents_search_words` (`tag_…` without its underscore, which the
 * tokenizer splits on); the search repository writes its queries the same way.
 */
const TAG_TOKEN = (tagId: string) => `replace(${tagId}, '_', '')`;

/** `expression` with every letter of 0010's table replaced, as SQL (the table holds no quotes). */
const folded = (expression: string) =>
  SQLITE_SEARCH_LETTER_FOLDS.reduce(
    (inner, [from, to]) => `replace(${inner}, '${from}', '${to}')`,
    expression,
  );

export async function down(db: Kysely<unknown>): Promise<void> {
  if (getDialectOf(db) !== 'sqlite') {
    await sql`drop trigger if exists documents_search_tags_after_change on documents_tags`.execute(db);
    await sql`drop function if exists sheaf_documents_search_tags_sync()`.execute(db);
    await sql`create index if not exists documents_search_organization_id_is_deleted_created_at_index
      on documents_search (organization_id, is_deleted, created_at)`.execute(db);
    await sql`drop index if exists documents_search_organization_id_is_deleted_created_at_id_index`.execute(
      db,
    );
    await sql`drop index if exists documents_search_tag_ids_index`.execute(db);
    await sql`alter table documents_search drop column if exists tag_ids`.execute(db);
    return;
  }
  await sql`drop trigger if exists documents_search_words_after_tag_insert`.execute(db);
  await sql`drop trigger if exists documents_search_words_after_tag_delete`.execute(db);
  // The search triggers keep writing to the words table until 0010's are back: it stays.
}
