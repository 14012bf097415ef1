import { type Kysely, sql } from 'kysely';

/**
 * Tag names are unique per organization ignoring case (`Invoices` and `invoices` are one tag):
 * the case-sensitive unique index of 0004 becomes one on `(organization_id, lower(name))`.
 * It also serves the tags list (by organization, ordered by lower-cased name).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tags_organization_id_name_unique').execute();
  await db.schema
    .createIndex('tags_organization_id_lower_name_unique')
    .on('tags')
    .unique()
    .column('organization_id')
    .expression(sql`lower(name)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tags_organization_id_lower_name_unique').execute();
  await db.schema
    .createIndex('tags_organization_id_name_unique')
    .on('tags')
    .columns(['organization_id', 'name'])
    .unique()
    .execute();
}
