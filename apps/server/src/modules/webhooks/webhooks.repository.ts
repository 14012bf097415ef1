import { type Insertable, type Selectable, sql } from 'kysely';
import type {
  DatabaseOrTransaction,
  Timestamp,
  WebhookDeliveriesTable,
  WebhookMessagesTable,
  WebhooksTable,
} from '../../db/database.types';

export type NewWebhookMessage = Insertable<WebhookMessagesTable>;
export type WebhookMessageRow = Selectable<WebhookMessagesTable>;

export function createWebhooksRepository({ db }: { db: DatabaseOrTransaction }) {
  return {
    async list({ organizationId }: { organizationId: string }) {
      return db
        .selectFrom('webhooks')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async count({ organizationId }: { organizationId: string }) {
      const row = await db
        .selectFrom('webhooks')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async findById({ organizationId, webhookId }: { organizationId: string; webhookId: string }) {
      return db
        .selectFrom('webhooks')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', '=', webhookId)
        .executeTakeFirst();
    },

    /** A webhook by id alone, for delivery jobs. */
    async findByIdForDelivery({ webhookId }: { webhookId: string }) {
      return db.selectFrom('webhooks').selectAll().where('id', '=', webhookId).executeTakeFirst();
    },

    async insert(row: WebhooksTable) {
      await db.insertInto('webhooks').values(row).execute();
    },

    async update({
      organizationId,
      webhookId,
      set,
    }: {
      organizationId: string;
      webhookId: string;
      set: Partial<Omit<WebhooksTable, 'id' | 'organization_id' | 'created_at'>>;
    }) {
      await db
        .updateTable('webhooks')
        .set(set)
        .where('organization_id', '=', organizationId)
        .where('id', '=', webhookId)
        .execute();
    },

    async delete({ organizationId, webhookId }: { organizationId: string; webhookId: string }) {
      const result = await db
        .deleteFrom('webhooks')
        .where('organization_id', '=', organizationId)
        .where('id', '=', webhookId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** The enabled webhooks of an organization with their events: whom an event goes to. */
    async listEnabledSubscriptions({ organizationId }: { organizationId: string }) {
      return db
        .selectFrom('webhooks')
        .select(['id', 'events'])
        .where('organization_id', '=', organizationId)
        .where('enabled', '=', 1)
        .execute();
    },

    /** What the body of a document event carries about the document, read in the change's transaction. */
    async findDocumentForEvent({
      organizationId,
      documentId,
    }: {
      organizationId: string;
      documentId: string;
    }) {
      return db
        .selectFrom('documents')
        .select(['name', 'content', 'created_at', 'updated_at', 'document_date'])
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .executeTakeFirst();
    },

    async findTagName({ organizationId, tagId }: { organizationId: string; tagId: string }) {
      const row = await db
        .selectFrom('tags')
        .select('name')
        .where('organization_id', '=', organizationId)
        .where('id', '=', tagId)
        .executeTakeFirst();
      return row?.name ?? null;
    },

    async insertMessages(rows: NewWebhookMessage[]) {
      if (rows.length === 0) return;
      await db.insertInto('webhook_messages').values(rows).execute();
    },

    /**
     * Notes that a delivery job runs for each webhook at `at`, unless one queued and not started
     * runs by then; answers the webhooks that need that job queued (in the same transaction).
     */
    async requestDrains({ webhookIds, at, force }: { webhookIds: string[]; at: Timestamp; force: boolean }) {
      if (webhookIds.length === 0) return [];
      const query = db.updateTable('webhooks').set({ drain_at: at }).where('id', 'in', webhookIds);
      const rows = await (force
        ? query
        : query.where((eb) => eb.or([eb('drain_at', 'is', null), eb('drain_at', '>', at)]))
      )
        .returning('id')
        .execute();
      return rows.map(({ id }) => id);
    },

    /** A delivery job started: the next event queues a job again. */
    async clearDrain({ webhookId, now }: { webhookId: string; now: Timestamp }) {
      await db
        .updateTable('webhooks')
        .set({ drain_at: null })
        .where('id', '=', webhookId)
        .where('drain_at', '<=', now)
        .execute();
    },

    /**
     * Takes up to `limit` messages of a webhook that are due, not being sent, and not behind an
     * earlier pending message about the same document (per-document order), oldest first, and
     * marks them as being sent until `lockedUntil`. The lock is checked again on each row as it
     * is updated, so concurrent claims never take the same message.
     */
    async claimDueMessages({
      webhookId,
      now,
      lockedUntil,
      limit,
    }: {
      webhookId: string;
      now: Timestamp;
      lockedUntil: Timestamp;
      limit: number;
    }): Promise<WebhookMessageRow[]> {
      const candidates = db
        .selectFrom('webhook_messages as m')
        .select('m.id')
        .where('m.webhook_id', '=', webhookId)
        .where('m.status', '=', 'pending')
        .where('m.next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('m.locked_until', 'is', null), eb('m.locked_until', '<', now)]))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('webhook_messages as p')
                .select(sql.lit(1).as('one'))
                .where('p.webhook_id', '=', webhookId)
                .whereRef('p.document_id', '=', 'm.document_id')
                .where('p.status', '=', 'pending')
                .whereRef('p.seq', '<', 'm.seq'),
            ),
          ),
        )
        .orderBy('m.seq')
        .limit(limit);
      const rows = await db
        .updateTable('webhook_messages')
        .set({ locked_until: lockedUntil })
        .where('id', 'in', candidates)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .returningAll()
        .execute();
      return rows.sort((a, b) => Number(a.seq) - Number(b.seq));
    },

    /** When a delivery job should look at this webhook again: its next retry, or a lock running out. */
    async findNextWakeAt({ webhookId, now }: { webhookId: string; now: Timestamp }) {
      const row = await db
        .selectFrom('webhook_messages')
        .select((eb) => [
          eb.fn
            .min(eb.case().when('next_attempt_at', '>', now).then(eb.ref('next_attempt_at')).end())
            .as('retry'),
          eb.fn.min(eb.case().when('locked_until', '>', now).then(eb.ref('locked_until')).end()).as('lock'),
        ])
        .where('webhook_id', '=', webhookId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      const times = [row?.retry, row?.lock].filter((time): time is string => typeof time === 'string');
      return times.length === 0 ? undefined : times.sort()[0];
    },

    async insertDeliveries(rows: WebhookDeliveriesTable[]) {
      if (rows.length === 0) return;
      await db.insertInto('webhook_deliveries').values(rows).execute();
    },

    /** Delivered: each message's attempt counted, its lock released. */
    async markMessagesSucceeded({ messageIds, now }: { messageIds: string[]; now: Timestamp }) {
      if (messageIds.length === 0) return;
      await db
        .updateTable('webhook_messages')
        .set({
          status: 'succeeded',
          attempts: sql<number>`attempts + 1`,
          locked_until: null,
          updated_at: now,
        })
        .where('id', 'in', messageIds)
        .execute();
    },

    async updateMessage({
      messageId,
      set,
    }: {
      messageId: string;
      set: Partial<
        Pick<
          WebhookMessagesTable,
          'status' | 'attempts' | 'max_attempts' | 'next_attempt_at' | 'locked_until' | 'updated_at'
        >
      >;
    }) {
      await db.updateTable('webhook_messages').set(set).where('id', '=', messageId).execute();
    },

    async findMessage({ webhookId, messageId }: { webhookId: string; messageId: string }) {
      return db
        .selectFrom('webhook_messages')
        .selectAll()
        .where('webhook_id', '=', webhookId)
        .where('id', '=', messageId)
        .executeTakeFirst();
    },

    /** After an attempt: when, how it went, and since when every attempt failed. */
    async recordAttemptOnWebhook({ webhookId, at, ok }: { webhookId: string; at: Timestamp; ok: boolean }) {
      await db
        .updateTable('webhooks')
        .set({
          last_triggered_at: at,
          last_delivery_status: ok ? 'success' : 'failure',
          failing_since: ok ? null : sql<string>`coalesce(failing_since, ${at})`,
        })
        .where('id', '=', webhookId)
        .execute();
    },

    /**
     * Disables a webhook failing since `failingSinceAtMost` or earlier, once: answers the webhook
     * when this call disabled it, undefined when it was not failing for that long or already off.
     */
    async disableIfFailingSince({
      webhookId,
      failingSinceAtMost,
      now,
    }: {
      webhookId: string;
      failingSinceAtMost: Timestamp;
      now: Timestamp;
    }) {
      return db
        .updateTable('webhooks')
        .set({ enabled: 0, disabled_automatically_at: now, updated_at: now })
        .where('id', '=', webhookId)
        .where('enabled', '=', 1)
        .where('failing_since', '<=', failingSinceAtMost)
        .returning(['id', 'organization_id', 'name', 'url'])
        .executeTakeFirst();
    },

    /** Pending messages of a webhook that will not be sent (it was disabled). */
    async cancelPendingMessages({ webhookId, now }: { webhookId: string; now: Timestamp }) {
      await db
        .updateTable('webhook_messages')
        .set({ status: 'failed', locked_until: null, updated_at: now })
        .where('webhook_id', '=', webhookId)
        .where('status', '=', 'pending')
        .execute();
    },

    async listDeliveries({
      webhookId,
      pageIndex,
      pageSize,
    }: {
      webhookId: string;
      pageIndex: number;
      pageSize: number;
    }) {
      return db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_messages as m', 'm.id', 'd.message_id')
        .selectAll('d')
        .select('m.body as request_body')
        .where('d.webhook_id', '=', webhookId)
        .orderBy('d.created_at', 'desc')
        .orderBy('d.id', 'desc')
        .limit(pageSize)
        .offset(pageIndex * pageSize)
        .execute();
    },

    async countDeliveries({ webhookId }: { webhookId: string }) {
      const row = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('webhook_id', '=', webhookId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async findDelivery({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', webhookId)
        .where('id', '=', deliveryId)
        .executeTakeFirst();
    },

    /** The owners of an organization, to tell them about a webhook disabled for failing. */
    async listOwners({ organizationId }: { organizationId: string }) {
      return db
        .selectFrom('organization_members')
        .innerJoin('users', 'users.id', 'organization_members.user_id')
        .innerJoin('organizations', 'organizations.id', 'organization_members.organization_id')
        .select(['users.email', 'users.name', 'users.locale', 'organizations.name as organization_name'])
        .where('organization_members.organization_id', '=', organizationId)
        .where('organization_members.role', '=', 'owner')
        .execute();
    },

    /** Deletes attempts recorded before `before`, and finished messages untouched since then. */
    async purgeOlderThan({ before }: { before: Timestamp }) {
      const deliveries = await db
        .deleteFrom('webhook_deliveries')
        .where('created_at', '<', before)
        .executeTakeFirst();
      const messages = await db
        .deleteFrom('webhook_messages')
        .where('status', 'in', ['succeeded', 'failed'])
        .where('updated_at', '<', before)
        .executeTakeFirst();
      return { deliveries: Number(deliveries.numDeletedRows), messages: Number(messages.numDeletedRows) };
    },

    /**
     * Webhooks with a pending message due before `dueBefore` and no delivery job queued for
     * them in time: the safety net for a delivery job that ended failed.
     */
    async listStalledWebhooks({ dueBefore }: { dueBefore: Timestamp }) {
      const rows = await db
        .selectFrom('webhook_messages')
        .innerJoin('webhooks', 'webhooks.id', 'webhook_messages.webhook_id')
        .select('webhook_messages.webhook_id')
        .distinct()
        .where('webhook_messages.status', '=', 'pending')
        .where('webhook_messages.next_attempt_at', '<', dueBefore)
        .where((eb) =>
          eb.or([
            eb('webhook_messages.locked_until', 'is', null),
            eb('webhook_messages.locked_until', '<', dueBefore),
          ]),
        )
        .where((eb) => eb.or([eb('webhooks.drain_at', 'is', null), eb('webhooks.drain_at', '<', dueBefore)]))
        .limit(1000)
        .execute();
      return rows.map(({ webhook_id }) => webhook_id);
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
