import type { Kysely } from 'kysely';
import { getDialectOf } from '../dialect';

/**
 * Webhooks, their outbox and their delivery log.
 *
 * - `webhooks`: the receivers an organization registered. `events` is a JSON array of the events
 *   it subscribes to; `secret` is write-only (never answered). `failing_since` is the first failed
 *   attempt since the last success (auto-disable after 3 days); `drain_at` the run time of the
 *   delivery job queued for it and not started yet, so a burst of events queues one job, not one
 *   per event.
 * - `webhook_messages`: the outbox, one row per event and subscribed webhook, written in the
 *   transaction of the change. `id` is the `webhook-id` header (`msg_…`), the same for every try;
 *   `seq` orders messages as they were written, for the per-document order of one receiver.
 * - `webhook_deliveries`: every attempt, kept 30 days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = getDialectOf(db);

  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('secret', 'text')
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    // JSON array of event names.
    .addColumn('events', 'text', (col) => col.notNull())
    .addColumn('last_triggered_at', 'text')
    // 'success' or 'failure' of the newest attempt.
    .addColumn('last_delivery_status', 'text')
    .addColumn('failing_since', 'text')
    .addColumn('disabled_automatically_at', 'text')
    .addColumn('drain_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // The list (oldest first), the count under the limit, and the enabled webhooks of an event's organization.
  await db.schema
    .createIndex('webhooks_organization_id_created_at_index')
    .on('webhooks')
    .columns(['organization_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_messages')
    // Insertion order: SQLite's rowid, a PostgreSQL sequence.
    .addColumn('seq', dialect === 'postgres' ? 'bigserial' : 'integer', (col) => col.primaryKey())
    .addColumn('id', 'text', (col) => col.notNull().unique())
    .addColumn('webhook_id', 'text', (col) => col.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (col) => col.notNull())
    // The document the event is about (null for a test ping): the key of the per-document order.
    .addColumn('document_id', 'text')
    .addColumn('event_type', 'text', (col) => col.notNull())
    // The JSON body, byte for byte what every try sends.
    .addColumn('body', 'text', (col) => col.notNull())
    // 'pending', 'succeeded' or 'failed'.
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    // Set while a delivery job sends it, so two jobs never send it at once.
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // The claim: a webhook's due pending messages, in order.
  await db.schema
    .createIndex('webhook_messages_webhook_id_status_seq_index')
    .on('webhook_messages')
    .columns(['webhook_id', 'status', 'seq'])
    .execute();
  // The order check: an earlier pending message of the same webhook and document.
  await db.schema
    .createIndex('webhook_messages_webhook_id_document_id_seq_index')
    .on('webhook_messages')
    .columns(['webhook_id', 'document_id', 'seq'])
    .execute();
  // The purge of finished messages.
  await db.schema
    .createIndex('webhook_messages_status_updated_at_index')
    .on('webhook_messages')
    .columns(['status', 'updated_at'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('webhook_id', 'text', (col) => col.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (col) =>
      col.notNull().references('webhook_messages.id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'text', (col) => col.notNull())
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('attempt', 'integer', (col) => col.notNull())
    // 'success' or 'failure'.
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('duration_ms', 'integer', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // The log of a webhook, newest first, and its count.
  await db.schema
    .createIndex('webhook_deliveries_webhook_id_created_at_index')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'created_at', 'id'])
    .execute();
  // Cascading deletes of a message.
  await db.schema
    .createIndex('webhook_deliveries_message_id_index')
    .on('webhook_deliveries')
    .column('message_id')
    .execute();
  // The purge of old attempts.
  await db.schema
    .createIndex('webhook_deliveries_created_at_index')
    .on('webhook_deliveries')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_messages').execute();
  await db.schema.dropTable('webhooks').execute();
}
