import { type Kysely, sql } from 'kysely';
import { getDialectOf } from '../dialect';

/**
 * Document search (name and content). The index is kept by database triggers and indexes, so
 * every create, rename, content edit, extraction and deletion updates it in its own transaction
 * without the documents module knowing.
 *
 * SQLite: two contentless FTS5 tables keyed by a stable integer (`documents_search_rowids`, which
 * also holds the organization, trash flag and creation date searches filter and sort on; the
 * documents table has a text key and its implicit rowid may change on VACUUM):
 * - `documents_search` (name, content), trigram tokenizer without case and diacritics: substrings
 *   of 3 characters or more, in either column or in the name only (`name : "…"`);
 * - `documents_search_names` (name), word tokenizer without diacritics, prefix indexes of 1 and 2
 *   characters: the word prefixes shorter queries match.
 *
 * PostgreSQL: `pg_trgm` and `unaccent` (per database, so installed in `public` under an advisory
 * lock, and referenced schema-qualified), an IMMUTABLE `sheaf_search_normalize` (unaccent + lower),
 * and a `documents_search` table kept by a trigger: the normalized name and the distinct words of
 * the normalized content, each with a GIN trigram index that `LIKE '%word%'` uses, and the one- and
 * two-character prefixes of the name's words, with a GIN index for short query words.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (getDialectOf(db) === 'sqlite') {
    // Also what a search filters and sorts on, so that only the page's documents are read (a
    // documents row holds its content before these columns).
    await sql`create table documents_search_rowids (
      search_rowid integer primary key,
      document_id text not null unique,
      organization_id text not null,
      is_deleted integer not null,
      created_at text not null
    )`.execute(db);
    await sql`create virtual table documents_search using fts5(
      name, content,
      tokenize = 'trigram remove_diacritics 1',
      content = '', contentless_delete = 1
    )`.execute(db);
    await sql`create virtual table documents_search_names using fts5(
      name,
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '1 2',
      content = '', contentless_delete = 1
    )`.execute(db);

    await sql`create trigger documents_search_after_insert after insert on documents begin
      insert into documents_search_rowids (document_id, organization_id, is_deleted, created_at)
        values (new.id, new.organization_id, new.is_deleted, new.created_at);
      insert into documents_search (rowid, name, content)
        select search_rowid, new.name, new.content from documents_search_rowids where document_id = new.id;
      insert into documents_search_names (rowid, name)
        select search_rowid, new.name from documents_search_rowids where document_id = new.id;
    end`.execute(db);
    // A contentless-delete table is updated with every column.
    await sql`create trigger documents_search_after_update after update of name, content on documents
    when new.name is not old.name or new.content is not old.content begin
      update documents_search set name = new.name, content = new.content
        where rowid = (select search_rowid from documents_search_rowids where document_id = new.id);
      update documents_search_names set name = new.name
        where rowid = (select search_rowid from documents_search_rowids where document_id = new.id);
    end`.execute(db);
    await sql`create trigger documents_search_after_trash after update of is_deleted on documents
    when new.is_deleted is not old.is_deleted begin
      update documents_search_rowids set is_deleted = new.is_deleted where document_id = new.id;
    end`.execute(db);
    // Also runs for rows removed by a cascade (an organization's purge).
    await sql`create trigger documents_search_after_delete after delete on documents begin
      delete from documents_search
        where rowid = (select search_rowid from documents_search_rowids where document_id = old.id);
      delete from documents_search_names
        where rowid = (select search_rowid from documents_search_rowids where document_id = old.id);
      delete from documents_search_rowids where document_id = old.id;
    end`.execute(db);

    // Documents saved before this migration.
    await sql`insert into documents_search_rowids (document_id, organization_id, is_deleted, created_at)
      select id, organization_id, is_deleted, created_at from documents order by created_at`.execute(db);
    await sql`insert into documents_search (rowid, name, content)
      select r.search_rowid, d.name, d.content
      from documents d join documents_search_rowids r on r.document_id = d.id`.execute(db);
    await sql`insert into documents_search_names (rowid, name)
      select r.search_rowid, d.name
      from documents d join documents_search_rowids r on r.document_id = d.id`.execute(db);
    return;
  }

  // Extensions belong to the database, not a schema: several processes (or test files, each in a
  // schema of its own) may create them at once.
  await sql`select pg_advisory_xact_lock(7339050263184251)`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create extension if not exists unaccent with schema public`.execute(db);
  // Where they are (an administrator may have installed them elsewhere before).
  const { rows } = await sql<{ extname: string; schema: string }>`
    select extname, extnamespace::regnamespace::text as schema
    from pg_extension where extname in ('pg_trgm', 'unaccent')`.execute(db);
  const schemaOf = (name: string) => {
    const schema = rows.find((row) => row.extname === name)?.schema;
    if (!schema) throw new Error(`The PostgreSQL extension ${name} is not installed`);
    return schema;
  };
  const unaccentSchema = sql.raw(schemaOf('unaccent'));
  const trgmSchema = sql.raw(schemaOf('pg_trgm'));
  const dictionary = sql.lit(`${schemaOf('unaccent')}.unaccent`);

  // unaccent(text) is only STABLE (it reads a dictionary by name); with the dictionary given as an
  // OID the wrapper is immutable in practice. Its cost is set high because it may read a whole
  // content: the planner then never prefers calling it on every row to an index.
  await sql`create function sheaf_search_normalize(value text) returns text
    language sql immutable strict parallel safe cost 5000
    return lower(${unaccentSchema}.unaccent(${dictionary}::regdictionary, value))`.execute(db);
  // The distinct space-separated words of a normalized text. A query word holds no space, so it is
  // a substring of the text exactly when it is a substring of one of its words: matching this
  // (about a tenth of a long document) instead of the text keeps the index's rechecks cheap.
  await sql`create function sheaf_search_words(value text) returns text
    language sql immutable strict parallel safe cost 5000
    return (
      select coalesce(string_agg(word, ' ' order by word), '')
      from (select distinct word from regexp_split_to_table(sheaf_search_normalize(value), '[[:space:]]+') as word) words
      where word <> ''
    )`.execute(db);

  // The first one and two letters or digits of each word of a normalized name: what one- and
  // two-character query words are looked up in (a trigram index cannot serve them).
  await sql`create function sheaf_search_name_prefixes(value text) returns text[]
    language sql immutable strict parallel safe cost 1000
    return (
      select coalesce(array_agg(distinct left(word, length)), '{}')
      from regexp_split_to_table(sheaf_search_normalize(value), '[^[:alnum:]]+') as word,
        generate_series(1, 2) as length
      where word <> ''
    )`.execute(db);

  // One row per document, kept by the trigger below in the transaction of each change and removed
  // with the document by the foreign key: its normalized name, name prefixes and content words,
  // and what searches filter and sort on, so they read the documents rows of the answered page only.
  await sql`create table documents_search (
    document_id text primary key references documents (id) on delete cascade,
    organization_id text not null,
    is_deleted integer not null,
    created_at text not null,
    name text not null,
    name_prefixes text[] not null,
    words text not null
  )`.execute(db);
  await sql`create function sheaf_documents_search_sync() returns trigger language plpgsql
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
          sheaf_search_name_prefixes(new.name), sheaf_search_words(new.content))
        on conflict (document_id) do update set
          is_deleted = excluded.is_deleted,
          name = excluded.name,
          name_prefixes = excluded.name_prefixes,
          words = excluded.words;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger documents_search_after_insert after insert on documents
    for each row execute function sheaf_documents_search_sync()`.execute(db);
  await sql`create trigger documents_search_after_update after update of name, content, is_deleted on documents
    for each row when (old.name is distinct from new.name or old.content is distinct from new.content
      or old.is_deleted is distinct from new.is_deleted)
    execute function sheaf_documents_search_sync()`.execute(db);
  await sql`insert into documents_search (document_id, organization_id, is_deleted, created_at, name, name_prefixes, words)
    select id, organization_id, is_deleted, created_at, sheaf_search_normalize(name),
      sheaf_search_name_prefixes(name), sheaf_search_words(content)
    from documents`.execute(db);

  await sql`create index documents_search_organization_id_is_deleted_created_at_index
    on documents_search (organization_id, is_deleted, created_at)`.execute(db);
  await sql`create index documents_search_name_trgm_index on documents_search
    using gin (name ${trgmSchema}.gin_trgm_ops)`.execute(db);
  await sql`create index documents_search_words_trgm_index on documents_search
    using gin (words ${trgmSchema}.gin_trgm_ops)`.execute(db);
  await sql`create index documents_search_name_prefixes_index on documents_search
    using gin (name_prefixes)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (getDialectOf(db) === 'sqlite') {
    await sql`drop trigger if exists documents_search_after_delete`.execute(db);
    await sql`drop trigger if exists documents_search_after_trash`.execute(db);
    await sql`drop trigger if exists documents_search_after_update`.execute(db);
    await sql`drop trigger if exists documents_search_after_insert`.execute(db);
    await sql`drop table if exists documents_search_names`.execute(db);
    await sql`drop table if exists documents_search`.execute(db);
    await sql`drop table if exists documents_search_rowids`.execute(db);
    return;
  }
  await sql`drop trigger if exists documents_search_after_update on documents`.execute(db);
  await sql`drop trigger if exists documents_search_after_insert on documents`.execute(db);
  await sql`drop table if exists documents_search`.execute(db);
  await sql`drop function if exists sheaf_documents_search_sync()`.execute(db);
  await sql`drop function if exists sheaf_search_name_prefixes(text)`.execute(db);
  await sql`drop function if exists sheaf_search_words(text)`.execute(db);
  await sql`drop function if exists sheaf_search_normalize(text)`.execute(db);
  // The extensions stay: other schemas of the database may use them.
}
