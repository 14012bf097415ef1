import { type Kysely, sql } from 'kysely';
import { getDialectOf } from '../dialect';
import { foldedSql, words } from './0015-search-words-and-tags';
import { searchedTextSql } from './0022-notes-search';

/**
 * What ranks search hits by relevance, and lets a search filter on the document date as it walks
 * (see modules/search/README.md):
 *
 * SQLite:
 * - `documents_search_ranking`, a contentless FTS5 table of the words of each document's name, of
 *   its searched text (content and notes, 0022) and of its date (`dates`: the tokens `y2024`,
 *   `m202403`, `d20240301`), with positions (`detail=full`, the default), word tokenizer without
 *   diacritics and the letter folds of 0010, like the words table of 0015. FTS5's `bm25()` ranks
 *   on it, phrases (`"late fee"`) are its token sequences, and a count on a date range merges the
 *   words' doclists with the dates' tokens.
 * - `documents_search_rowids.document_date`, with an index: a walk of the search's matches filters
 *   on it without reading the documents row (where the date comes after the content, past its
 *   overflow pages), and the documents in a date range are counted off the index.
 * The insert and delete triggers of 0015 are recreated with these writes (SQLite fires triggers in
 * the reverse order of their creation: separate ones would run before the key row exists, or after
 * it is gone); the update and notes triggers are new, beside 0022's.
 *
 * PostgreSQL: `documents_search.vector`, the tsvector of the normalized name (weight A) and the
 * first SEARCH_VECTOR_TEXT_LENGTH characters of the normalized searched text (weight D) with the
 * `simple` configuration (no stemming: the archive is in nine languages and more), which
 * `ts_rank` ranks on and phrases match, GIN-indexed; and `documents_search.document_date`, with an
 * index by date then upload date. A BEFORE trigger on documents_search computes the vector whenever
 * 0022's sync function writes the name or the words (a new document, a new text, a note).
 */

/**
 * PostgreSQL: how much of a text its vector holds (a tsvector is at most 1 MB, and positions stop
 * at 16,383): phrases and the text rank read this much of a document.
 */
export const SEARCH_VECTOR_TEXT_LENGTH = 200_000;

/** SQLite: the date tokens of a document (`new`, `old`, an alias of documents). */
export const dateTokensSql = (document: string) =>
  sql.raw(`(case when ${document}.document_date is null then '' else
    'y' || substr(${document}.document_date, 1, 4) ||
    ' m' || substr(${document}.document_date, 1, 4) || substr(${document}.document_date, 6, 2) ||
    ' d' || replace(${document}.document_date, '-', '') end)`);

const searchRowidOf = (documentId: string) =>
  sql.raw(`(select search_rowid from documents_search_rowids where document_id = ${documentId})`);

/** SQLite: the ranking row of a document, written again from the documents row `d` of `documentId`. */
const rewriteRankingRow = (documentId: string) => sql`
  update documents_search_ranking set (name, content, dates) = (
    select ${foldedSql('d.name')}, ${foldedSql(searchedTextSql('d'))}, ${dateTokensSql('d')}
    from documents d where d.id = ${sql.raw(documentId)})
  where rowid = ${searchRowidOf(documentId)};`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (getDialectOf(db) !== 'sqlite') return upPostgres(db);

  await sql`alter table documents_search_rowids add column document_date text`.execute(db);
  await sql`update documents_search_rowids set document_date = (
    select document_date from documents d where d.id = documents_search_rowids.document_id)`.execute(db);
  await sql`create index documents_search_rowids_organization_id_is_deleted_document_date_index
    on documents_search_rowids (organization_id, is_deleted, document_date)`.execute(db);
  // A search without words (tags, dates, properties only) walks the organization's documents
  // newest first: this index is in rowid order within an organization.
  await sql`create index documents_search_rowids_organization_id_is_deleted_index
    on documents_search_rowids (organization_id, is_deleted)`.execute(db);

  await sql`create virtual table documents_search_ranking using fts5(
    name, content, dates,
    tokenize = 'unicode61 remove_diacritics 1',
    content = '', contentless_delete = 1
  )`.execute(db);

  // 0015's triggers with the writes of this migration.
  await sql`drop trigger documents_search_after_insert`.execute(db);
  await sql`create trigger documents_search_after_insert after insert on documents begin
      insert into documents_search_rowids (document_id, organization_id, is_deleted, created_at, document_date)
        values (new.id, new.organization_id, new.is_deleted, new.created_at, new.document_date);
      insert into documents_search (rowid, name, content)
        select search_rowid, ${foldedSql('new.name')}, ${foldedSql('new.content')}
        from documents_search_rowids where document_id = new.id;
      insert into documents_search_names (rowid, name)
        select search_rowid, ${foldedSql('new.name')} from documents_search_rowids where document_id = new.id;
      insert into documents_search_words (rowid, words, tags)
        select search_rowid, ${words('new')}, '' from documents_search_rowids where document_id = new.id;
      insert into documents_search_ranking (rowid, name, content, dates)
        select search_rowid, ${foldedSql('new.name')}, ${foldedSql('new.content')}, ${dateTokensSql('new')}
        from documents_search_rowids where document_id = new.id;
    end`.execute(db);
  await sql`drop trigger documents_search_after_delete`.execute(db);
  await sql`create trigger documents_search_after_delete after delete on documents begin
      delete from documents_search where rowid = ${searchRowidOf('old.id')};
      delete from documents_search_names where rowid = ${searchRowidOf('old.id')};
      delete from documents_search_words where rowid = ${searchRowidOf('old.id')};
      delete from documents_search_ranking where rowid = ${searchRowidOf('old.id')};
      delete from documents_search_rowids where document_id = old.id;
    end`.execute(db);

  await sql`create trigger documents_search_ranking_after_update after update of name, content, document_date on documents
    when new.name is not old.name or new.content is not old.content or new.document_date is not old.document_date begin
      update documents_search_rowids set document_date = new.document_date
        where document_id = new.id and document_date is not new.document_date;
      ${rewriteRankingRow('new.id')}
    end`.execute(db);
  await sql`create trigger documents_search_ranking_after_note_insert after insert on document_notes begin
      ${rewriteRankingRow('new.document_id')}
    end`.execute(db);
  await sql`create trigger documents_search_ranking_after_note_edit after update of content on document_notes
    when new.content is not old.content begin
      ${rewriteRankingRow('new.document_id')}
    end`.execute(db);
  // A document's deletion removes its notes after its row: its ranking row went with it.
  await sql`create trigger documents_search_ranking_after_note_delete after delete on document_notes
    when exists (select 1 from documents where id = old.document_id) begin
      ${rewriteRankingRow('old.document_id')}
    end`.execute(db);

  await sql`insert into documents_search_ranking (rowid, name, content, dates)
    select r.search_rowid, ${foldedSql('d.name')}, ${foldedSql(searchedTextSql('d'))}, ${dateTokensSql('d')}
    from documents d join documents_search_rowids r on r.document_id = d.id`.execute(db);
}

async function upPostgres(db: Kysely<unknown>) {
  await sql`alter table documents_search add column document_date text`.execute(db);
  await sql`alter table documents_search add column vector tsvector not null default ''`.execute(db);
  // Text normalized as the other search columns are (unaccent, lower case), every run of what is
  // not a letter or a digit made one space: the words SQLite's tokenizer cuts (`new-contract.pdf`
  // is `new contract pdf`, where PostgreSQL's parser would keep one file-name token).
  await sql`create function sheaf_search_tokens(value text) returns text
    language sql immutable strict parallel safe cost 5000
    return regexp_replace(sheaf_search_normalize(value), '[^[:alnum:]]+', ' ', 'g')`.execute(db);
  // The name and the start of the searched text as words without stemming (the 'simple' configuration).
  await sql`create function sheaf_search_vector(name text, searched_text text) returns tsvector
    language sql immutable parallel safe cost 5000
    return setweight(to_tsvector('simple', coalesce(sheaf_search_tokens(name), '')), 'A')
      || setweight(to_tsvector('simple', coalesce(sheaf_search_tokens(left(searched_text, ${sql.lit(SEARCH_VECTOR_TEXT_LENGTH)})), '')), 'D')`.execute(
    db,
  );
  // Written by 0022's sync function (a new document, a new name or text, a note): the vector is
  // computed from the documents row, which that AFTER trigger of documents sees.
  await sql`create function sheaf_documents_search_vector_sync() returns trigger language plpgsql
    set search_path from current as $$
    begin
      -- An insert that will meet its row (0022's upsert) is computed by the update that follows.
      if tg_op = 'INSERT' and exists (select 1 from documents_search where document_id = new.document_id) then
        return new;
      end if;
      select sheaf_search_vector(d.name, sheaf_document_search_text(d.id, d.content)),
          case when tg_op = 'INSERT' then d.document_date else new.document_date end
        into new.vector, new.document_date
        from documents d where d.id = new.document_id;
      return new;
    end
  $$`.execute(db);
  await sql`create trigger documents_search_vector_before_write before insert or update of name, words on documents_search
    for each row execute function sheaf_documents_search_vector_sync()`.execute(db);
  await sql`create function sheaf_documents_search_date_sync() returns trigger language plpgsql
    set search_path from current as $$
    begin
      update documents_search set document_date = new.document_date where document_id = new.id;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger documents_search_date_after_update after update of document_date on documents
    for each row when (old.document_date is distinct from new.document_date)
    execute function sheaf_documents_search_date_sync()`.execute(db);

  await sql`update documents_search s set document_date = d.document_date,
      vector = sheaf_search_vector(d.name, sheaf_document_search_text(d.id, d.content))
    from documents d where d.id = s.document_id`.execute(db);
  await sql`create index documents_search_vector_index on documents_search using gin (vector)`.execute(db);
  await sql`create index documents_search_organization_id_is_deleted_document_date_index
    on documents_search (organization_id, is_deleted, document_date, created_at, document_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (getDialectOf(db) !== 'sqlite') {
    await sql`drop trigger if exists documents_search_date_after_update on documents`.execute(db);
    await sql`drop function if exists sheaf_documents_search_date_sync()`.execute(db);
    await sql`drop trigger if exists documents_search_vector_before_write on documents_search`.execute(db);
    await sql`drop function if exists sheaf_documents_search_vector_sync()`.execute(db);
    await sql`drop index if exists documents_search_organization_id_is_deleted_document_date_index`.execute(
      db,
    );
    await sql`drop index if exists documents_search_vector_index`.execute(db);
    await sql`alter table documents_search drop column if exists vector`.execute(db);
    await sql`alter table documents_search drop column if exists document_date`.execute(db);
    await sql`drop function if exists sheaf_search_vector(text, text)`.execute(db);
    await sql`drop function if exists sheaf_search_tokens(text)`.execute(db);
    return;
  }
  for (const trigger of ['after_update', 'after_note_insert', 'after_note_edit', 'after_note_delete']) {
    await sql`drop trigger if exists ${sql.raw(`documents_search_ranking_${trigger}`)}`.execute(db);
  }
  // 0015's insert and delete triggers as they were.
  await sql`drop trigger documents_search_after_insert`.execute(db);
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
  await sql`drop trigger documents_search_after_delete`.execute(db);
  await sql`create trigger documents_search_after_delete after delete on documents begin
      delete from documents_search where rowid = ${searchRowidOf('old.id')};
      delete from documents_search_names where rowid = ${searchRowidOf('old.id')};
      delete from documents_search_words where rowid = ${searchRowidOf('old.id')};
      delete from documents_search_rowids where document_id = old.id;
    end`.execute(db);
  await sql`drop table documents_search_ranking`.execute(db);
  await sql`drop index documents_search_rowids_organization_id_is_deleted_index`.execute(db);
  await sql`drop index documents_search_rowids_organization_id_is_deleted_document_date_index`.execute(db);
  await sql`alter table documents_search_rowids drop column document_date`.execute(db);
}
