import { type Kysely, sql } from 'kysely';
import { getDialectOf } from '../dialect';

/**
 * How many active and trashed documents each organization has, kept by triggers on documents in
 * the transaction of each change: the documents list answers its total without counting 100,000
 * index entries on every page (25 ms on PostgreSQL, 12 ms on SQLite, most of a page's time). One
 * row per organization holds both counts, so a trash and a restore running at once lock the same
 * single row and cannot deadlock. A document never changes organization.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organization_documents_counts')
    .addColumn('organization_id', 'text', (col) =>
      col.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('active_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('deleted_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  if (getDialectOf(db) === 'sqlite') {
    await sql`create trigger organization_documents_counts_after_insert after insert on documents begin
      insert into organization_documents_counts (organization_id, active_count, deleted_count)
        values (new.organization_id, new.is_deleted = 0, new.is_deleted <> 0)
        on conflict (organization_id) do update set
          active_count = active_count + excluded.active_count,
          deleted_count = deleted_count + excluded.deleted_count;
    end`.execute(db);
    await sql`create trigger organization_documents_counts_after_trash after update of is_deleted on documents
    when new.is_deleted is not old.is_deleted begin
      update organization_documents_counts set
        active_count = active_count + (new.is_deleted = 0) - (old.is_deleted = 0),
        deleted_count = deleted_count + (new.is_deleted <> 0) - (old.is_deleted <> 0)
      where organization_id = new.organization_id;
    end`.execute(db);
    await sql`create trigger organization_documents_counts_after_delete after delete on documents begin
      update organization_documents_counts set
        active_count = active_count - (old.is_deleted = 0),
        deleted_count = deleted_count - (old.is_deleted <> 0)
      where organization_id = old.organization_id;
    end`.execute(db);
  } else {
    await sql`create function sheaf_organization_documents_counts_sync() returns trigger language plpgsql
      set search_path from current as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          update organization_documents_counts set
            active_count = active_count - (old.is_deleted = 0)::int,
            deleted_count = deleted_count - (old.is_deleted <> 0)::int
          where organization_id = old.organization_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into organization_documents_counts (organization_id, active_count, deleted_count)
            values (new.organization_id, (new.is_deleted = 0)::int, (new.is_deleted <> 0)::int)
            on conflict (organization_id) do update set
              active_count = organization_documents_counts.active_count + excluded.active_count,
              deleted_count = organization_documents_counts.deleted_count + excluded.deleted_count;
        end if;
        return null;
      end
    $$`.execute(db);
    await sql`create trigger organization_documents_counts_after_change after insert or delete on documents
      for each row execute function sheaf_organization_documents_counts_sync()`.execute(db);
    await sql`create trigger organization_documents_counts_after_trash after update of is_deleted on documents
      for each row when (old.is_deleted is distinct from new.is_deleted)
      execute function sheaf_organization_documents_counts_sync()`.execute(db);
  }

  // Documents saved before this migration.
  await sql`insert into organization_documents_counts (organization_id, active_count, deleted_count)
    select organization_id,
      sum(case when is_deleted = 0 then 1 else 0 end),
      sum(case when is_deleted <> 0 then 1 else 0 end)
    from documents group by organization_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (getDialectOf(db) === 'sqlite') {
    await sql`drop trigger if exists organization_documents_counts_after_delete`.execute(db);
    await sql`drop trigger if exists organization_documents_counts_after_trash`.execute(db);
    await sql`drop trigger if exists organization_documents_counts_after_insert`.execute(db);
  } else {
    await sql`drop trigger if exists organization_documents_counts_after_trash on documents`.execute(db);
    await sql`drop trigger if exists organization_documents_counts_after_change on documents`.execute(db);
    await sql`drop function if exists sheaf_organization_documents_counts_sync()`.execute(db);
  }
  await db.schema.dropTable('organization_documents_counts').execute();
}
