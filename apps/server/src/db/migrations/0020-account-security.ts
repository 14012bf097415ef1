import type { Kysely } from 'kysely';
import { getDialectOf } from '../dialect';

/**
 * Second factors, passkeys, disabled accounts and the organization policy that requires a second
 * factor.
 *
 * - `users.two_factor_enabled`: better-auth's two-factor plugin flag (its type, like every column
 *   better-auth writes). `users.disabled_at`: set by the admin command; a disabled account cannot
 *   sign in and its API keys stop.
 * - `auth_two_factors`: the plugin's TOTP secret and backup codes (both encrypted with the auth
 *   secret). `last_accepted_step` is ours: the TOTP time step last accepted, so a code is accepted
 *   once (RFC 6238 §5.2).
 * - `auth_passkeys`: the passkey plugin's credentials; `last_used_at` is ours.
 * - `two_factor_failures`: every wrong code, per account, shared by all processes; five within ten
 *   minutes and the next attempt is refused until the oldest leaves the window.
 * - `user_known_devices`: the devices (user-agent family + coarse address) each account signed in
 *   from, so a sign-in from a new one sends a security e-mail.
 * - `organizations.requires_two_factor`: the policy.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = getDialectOf(db) === 'postgres';
  const authDate = isPostgres ? 'timestamptz' : 'text';
  const authBoolean = isPostgres ? 'boolean' : 'integer';
  const authFalse = isPostgres ? false : 0;

  await db.schema
    .alterTable('users')
    .addColumn('two_factor_enabled', authBoolean, (col) => col.notNull().defaultTo(authFalse))
    .execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();

  await db.schema
    .createTable('auth_two_factors')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('backup_codes', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('verified', authBoolean, (col) => col.notNull().defaultTo(authFalse))
    .addColumn('failed_verification_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_until', authDate)
    .addColumn('last_accepted_step', 'bigint')
    .execute();

  await db.schema
    .createTable('auth_passkeys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text')
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (col) => col.notNull().unique())
    .addColumn('counter', 'bigint', (col) => col.notNull())
    .addColumn('device_type', 'text', (col) => col.notNull())
    .addColumn('backed_up', authBoolean, (col) => col.notNull())
    .addColumn('transports', 'text')
    .addColumn('aaguid', 'text')
    .addColumn('created_at', authDate)
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('auth_passkeys_user_id_index').on('auth_passkeys').column('user_id').execute();

  await db.schema
    .createTable('two_factor_failures')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('failed_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('two_factor_failures_user_id_failed_at_index')
    .on('two_factor_failures')
    .columns(['user_id', 'failed_at'])
    .execute();

  await db.schema
    .createTable('user_known_devices')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('first_seen_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('user_known_devices_pk', ['user_id', 'fingerprint'])
    .execute();

  await db.schema
    .alterTable('organizations')
    .addColumn('requires_two_factor', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('requires_two_factor').execute();
  await db.schema.dropTable('user_known_devices').execute();
  await db.schema.dropTable('two_factor_failures').execute();
  await db.schema.dropTable('auth_passkeys').execute();
  await db.schema.dropTable('auth_two_factors').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
  await db.schema.alterTable('users').dropColumn('two_factor_enabled').execute();
}
