import type { Kysely } from 'kysely';

/**
 * Billing with Stripe: an organization's Stripe customer, its subscriptions, and the Stripe events
 * already processed.
 *
 * - `organization_stripe_customers`: the Stripe customer (cus_…) of an organization, created at its
 *   first checkout and reused by every later checkout and by the customer portal.
 * - `organization_subscriptions`: one row per Stripe subscription (sub_…), as the webhook last saw it.
 *   The plan applies while `status` is active, trialing or past_due. `stripe_event_created` is the
 *   `created` (unix seconds) of the event that wrote the row: an older event never overwrites it.
 * - `stripe_events`: ids of processed Stripe events, written in the transaction that applies the
 *   event, so a replayed event changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organization_stripe_customers')
    .addColumn('organization_id', 'text', (col) =>
      col.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('customer_id', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('organization_subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('customer_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('plan_id', 'text', (col) => col.notNull())
    .addColumn('billing_interval', 'text', (col) => col.notNull())
    .addColumn('price_id', 'text', (col) => col.notNull())
    .addColumn('seats_count', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('current_period_end', 'text')
    .addColumn('cancel_at_period_end', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('stripe_event_created', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('organization_subscriptions_organization_id_index')
    .on('organization_subscriptions')
    .column('organization_id')
    .execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('processed_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stripe_events').execute();
  await db.schema.dropTable('organization_subscriptions').execute();
  await db.schema.dropTable('organization_stripe_customers').execute();
}
