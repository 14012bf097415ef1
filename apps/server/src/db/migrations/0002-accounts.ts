import type { Kysely } from 'kysely';
import { getDialectOf } from '../dialect';

/**
 * Users and better-auth's tables, organizations and memberships, API keys.
 * better-auth reads and writes its own columns as real dates and booleans on PostgreSQL and as
 * ISO-8601 text and 0/1 on SQLite, so its tables use those types; our own tables keep the
 * project convention (ISO-8601 text timestamps, 0/1 integers for flags) on both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = getDialectOf(db) === 'postgres';
  const authDate = isPostgres ? 'timestamptz' : 'text';
  const authBoolean = isPostgres ? 'boolean' : 'integer';

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('email_verified', authBoolean, (col) => col.notNull())
    .addColumn('image', 'text')
    .addColumn('locale', 'text')
    .addColumn('created_at', authDate, (col) => col.notNull())
    .addColumn('updated_at', authDate, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', authDate, (col) => col.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', authDate, (col) => col.notNull())
    .addColumn('updated_at', authDate, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('auth_sessions_user_id_index').on('auth_sessions').column('user_id').execute();

  await db.schema
    .createTable('auth_accounts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('provider_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', authDate)
    .addColumn('refresh_token_expires_at', authDate)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', authDate, (col) => col.notNull())
    .addColumn('updated_at', authDate, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('auth_accounts_user_id_index').on('auth_accounts').column('user_id').execute();

  await db.schema
    .createTable('auth_verifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('identifier', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('expires_at', authDate, (col) => col.notNull())
    .addColumn('created_at', authDate, (col) => col.notNull())
    .addColumn('updated_at', authDate, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('auth_verifications_identifier_index')
    .on('auth_verifications')
    .column('identifier')
    .execute();

  await db.schema
    .createTable('auth_rate_limits')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('last_request', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('scheduled_purge_at', 'text')
    .execute();
  await db.schema
    .createIndex('organizations_scheduled_purge_at_index')
    .on('organizations')
    .column('scheduled_purge_at')
    .execute();

  await db.schema
    .createTable('organization_members')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('organization_members_organization_user_unique', ['organization_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('organization_members_user_id_index')
    .on('organization_members')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('key_hash', 'text', (col) => col.notNull().unique())
    .addColumn('permissions', 'text', (col) => col.notNull())
    .addColumn('all_organizations', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('api_keys_user_id_index').on('api_keys').column('user_id').execute();

  await db.schema
    .createTable('api_key_organizations')
    .addColumn('api_key_id', 'text', (col) => col.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('api_key_organizations_pk', ['api_key_id', 'organization_id'])
    .execute();
  await db.schema
    .createIndex('api_key_organizations_organization_id_index')
    .on('api_key_organizations')
    .column('organization_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'api_key_organizations',
    'api_keys',
    'organization_members',
    'organizations',
    'auth_rate_limits',
    'auth_verifications',
    'auth_accounts',
    'auth_sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
