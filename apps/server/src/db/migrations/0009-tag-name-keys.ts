import { type Kysely, sql } from 'kysely';

type TagRow = { id: string; organization_id: string; name: string; created_at: string };

/** `tagNameKey` of the tags module as of this migration, kept here so the migration never changes. */
const tagNameKey = (name: string) => name.normalize('NFC').toLowerCase();

/**
 * Tag names are unique per organization ignoring case, also beyond ASCII (`École` and `école`,
 * `Ärzte` and `ärzte` are one tag). SQL `lower()` folds ASCII only on SQLite (and depends on the
 * collation on PostgreSQL), so the key is now computed by the application (`tagNameKey`) and
 * stored in `name_key`, which carries the unique index and the list order. Tags that the old
 * index let through as distinct but share a key now keep their rows: the oldest gets the key, the
 * others a key made distinct by their id, so the migration never fails on existing data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tags').addColumn('name_key', 'text').execute();
  const { rows } =
    await sql<TagRow>`select id, organization_id, name, created_at from tags order by created_at, id`.execute(
      db,
    );
  const taken = new Set<string>();
  for (const { id, organization_id, name } of rows) {
    const key = tagNameKey(name);
    const unique = taken.has(`${organization_id}\u0000${key}`) ? `${key}\u0000${id}` : key;
    taken.add(`${organization_id}\u0000${unique}`);
    await sql`update tags set name_key = ${unique} where id = ${id}`.execute(db);
  }
  await db.schema.dropIndex('tags_organization_id_lower_name_unique').execute();
  await db.schema
    .createIndex('tags_organization_id_name_key_unique')
    .on('tags')
    .columns(['organization_id', 'name_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tags_organization_id_name_key_unique').execute();
  await db.schema
    .createIndex('tags_organization_id_lower_name_unique')
    .on('tags')
    .unique()
    .column('organization_id')
    .expression(sql`lower(name)`)
    .execute();
  await db.schema.alterTable('tags').dropColumn('name_key').execute();
}
