import type { Kysely } from 'kysely';
import { getDialectOf } from '../dialect';

/**
 * Intake e-mail: addresses, the messages taken in and not processed yet, the processed-message
 * log, and the leases that keep one IMAP poller across processes.
 *
 * - `intake_emails`: one address of an organization. `email_address` is lower-cased and unique
 *   across the server; `allowed_origins` a JSON array of lower-cased sender addresses.
 * - `intake_email_received`: a message as an entry took it in (the raw RFC 5322 message from SMTP
 *   or IMAP, or the signed multipart body of the HTTP ingest), written with its processing job in
 *   one transaction before the entry acknowledges; deleted once processed.
 * - `intake_email_messages`: the log, one row per processed message and intake address; unique
 *   on (address, message key) so that a Message-ID is processed once per address.
 * - `process_leases`: named leases (the IMAP poller's) held by one process at a time until they expire.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = getDialectOf(db);

  await db.schema
    .createTable('intake_emails')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('email_address', 'text', (col) => col.notNull().unique())
    .addColumn('is_enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('allowed_origins', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // The list (oldest first) and the count under the plan's limit.
  await db.schema
    .createIndex('intake_emails_organization_id_created_at_index')
    .on('intake_emails')
    .columns(['organization_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('intake_email_received')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // 'smtp', 'ingest' or 'imap'.
    .addColumn('source', 'text', (col) => col.notNull())
    // SMTP's envelope: MAIL FROM and the accepted RCPT TO (a JSON array); null for the other entries.
    .addColumn('envelope_from', 'text')
    .addColumn('envelope_to', 'text')
    // The ingest's multipart Content-Type (with its boundary); null for a raw RFC 5322 message.
    .addColumn('content_type', 'text')
    .addColumn('raw', dialect === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('intake_email_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('intake_email_id', 'text', (col) =>
      col.notNull().references('intake_emails.id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'text', (col) => col.notNull())
    // The Message-ID, or a hash of the message when it has none: what makes a message processed once.
    .addColumn('message_key', 'text', (col) => col.notNull())
    .addColumn('message_id', 'text')
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('from_address', 'text')
    .addColumn('subject', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    // JSON arrays: [{ id, name }] and [{ name, mimeType, size, reason }].
    .addColumn('documents', 'text', (col) => col.notNull())
    .addColumn('skipped_parts', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .addColumn('processed_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('intake_email_messages_intake_email_id_message_key_unique', [
      'intake_email_id',
      'message_key',
    ])
    .execute();
  // The log of an address, newest first.
  await db.schema
    .createIndex('intake_email_messages_intake_email_id_processed_at_index')
    .on('intake_email_messages')
    .columns(['intake_email_id', 'processed_at', 'id'])
    .execute();

  await db.schema
    .createTable('process_leases')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('holder', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('process_leases').execute();
  await db.schema.dropTable('intake_email_messages').execute();
  await db.schema.dropTable('intake_email_received').execute();
  await db.schema.dropTable('intake_emails').execute();
}
