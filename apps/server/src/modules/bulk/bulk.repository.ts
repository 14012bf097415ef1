import type { BulkSkipReason } from '@sheaf/contracts/bulk';
import type { Insertable, Selectable } from 'kysely';
import type { Dialect } from '../../db/database';
import type {
  BulkTaskItemOutcome,
  BulkTasksTable,
  DatabaseOrTransaction,
  Timestamp,
} from '../../db/database.types';

export type BulkTaskRow = Selectable<BulkTasksTable> & { creator_name: string | null };
export type NewBulkTaskRow = Insertable<BulkTasksTable>;

/** A handled item: what happened to its document. */
export type BulkItemOutcome = {
  documentId: string;
  outcome: BulkTaskItemOutcome;
  reason?: BulkSkipReason | undefined;
};

/** Rows inserted per statement (SQLite takes at most 32,766 parameters). */
const INSERT_CHUNK = 500;

export function createBulkRepository({ db, dialect }: { db: DatabaseOrTransaction; dialect: Dialect }) {
  const selectTask = () =>
    db
      .selectFrom('bulk_tasks')
      .leftJoin('users', 'users.id', 'bulk_tasks.created_by')
      .selectAll('bulk_tasks')
      .select('users.name as creator_name');

  return {
    async insertTask(row: NewBulkTaskRow) {
      await db.insertInto('bulk_tasks').values(row).execute();
    },

    async findTask({ organizationId, taskId }: { organizationId: string; taskId: string }) {
      return (await selectTask()
        .where('bulk_tasks.organization_id', '=', organizationId)
        .where('bulk_tasks.id', '=', taskId)
        .executeTakeFirst()) as BulkTaskRow | undefined;
    },

    async findTaskById(taskId: string) {
      return (await selectTask().where('bulk_tasks.id', '=', taskId).executeTakeFirst()) as
        | BulkTaskRow
        | undefined;
    },

    /** Newest first (background tasks and downloads alike). */
    async listTasks({
      organizationId,
      pageIndex,
      pageSize,
    }: {
      organizationId: string;
      pageIndex: number;
      pageSize: number;
    }) {
      const [rows, count] = await Promise.all([
        selectTask()
          .where('bulk_tasks.organization_id', '=', organizationId)
          .orderBy('bulk_tasks.created_at', 'desc')
          .orderBy('bulk_tasks.id', 'desc')
          .limit(pageSize)
          .offset(pageIndex * pageSize)
          .execute(),
        db
          .selectFrom('bulk_tasks')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('organization_id', '=', organizationId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as BulkTaskRow[], count: Number(count.count) };
    },

    /** Queued → running, once. */
    async startTask({ taskId, now }: { taskId: string; now: Timestamp }) {
      await db
        .updateTable('bulk_tasks')
        .set({ state: 'running', started_at: now })
        .where('id', '=', taskId)
        .where('state', '=', 'queued')
        .execute();
    },

    async finishTask({
      taskId,
      now,
      error,
    }: {
      taskId: string;
      now: Timestamp;
      error?: { code: string; message: string };
    }) {
      await db
        .updateTable('bulk_tasks')
        .set({
          state: error ? 'failed' : 'done',
          finished_at: now,
          error_code: error?.code ?? null,
          error_message: error?.message ?? null,
        })
        .where('id', '=', taskId)
        .where('state', 'in', ['queued', 'running'])
        .execute();
    },

    /**
     * Takes the selection: its documents as items, in order, and the total. Run in one
     * transaction: a crash leaves either no item (taken again) or all of them.
     */
    async insertSelection({ taskId, documentIds }: { taskId: string; documentIds: string[] }) {
      for (let start = 0; start < documentIds.length; start += INSERT_CHUNK) {
        await db
          .insertInto('bulk_task_items')
          .values(
            documentIds.slice(start, start + INSERT_CHUNK).map((documentId, index) => ({
              task_id: taskId,
              position: start + index,
              document_id: documentId,
              outcome: null,
              skip_reason: null,
            })),
          )
          .execute();
      }
      await db
        .updateTable('bulk_tasks')
        .set({ total: documentIds.length })
        .where('id', '=', taskId)
        .execute();
    },

    /**
     * The next items not handled yet, in order. In a transaction on PostgreSQL they stay locked
     * until it ends, and those another transaction holds are skipped: workers on the same task
     * (this process's, or one that took a lease over) each take their own batch.
     */
    async lockPendingItems({
      taskId,
      afterPosition,
      limit,
    }: {
      taskId: string;
      /** Items up to it are known handled: the walk goes on from there, not from the first. */
      afterPosition: number;
      limit: number;
    }) {
      return db
        .selectFrom('bulk_task_items')
        .select(['position', 'document_id'])
        .where('task_id', '=', taskId)
        .where('position', '>', afterPosition)
        .where('outcome', 'is', null)
        .orderBy('position')
        .limit(limit)
        .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked())
        .execute();
    },

    /** Marks items handled and counts them on the task: in the transaction of their changes. */
    async markItems({
      taskId,
      items,
    }: {
      taskId: string;
      items: Array<BulkItemOutcome & { position: number }>;
    }) {
      const counts = { changed: 0, unchanged: 0, skipped: 0 };
      // One statement per outcome (and skip reason), not one per item.
      const groups = new Map<
        string,
        { outcome: BulkTaskItemOutcome; reason: string | null; positions: number[] }
      >();
      for (const item of items) {
        counts[item.outcome]++;
        const key = `${item.outcome}:${item.reason ?? ''}`;
        const group = groups.get(key) ?? {
          outcome: item.outcome,
          reason: item.reason ?? null,
          positions: [],
        };
        group.positions.push(item.position);
        groups.set(key, group);
      }
      for (const { outcome, reason, positions } of groups.values())
        await db
          .updateTable('bulk_task_items')
          .set({ outcome, skip_reason: reason })
          .where('task_id', '=', taskId)
          .where('position', 'in', positions)
          .execute();
      await db
        .updateTable('bulk_tasks')
        .set((eb) => ({
          changed_count: eb('changed_count', '+', counts.changed),
          unchanged_count: eb('unchanged_count', '+', counts.unchanged),
          skipped_count: eb('skipped_count', '+', counts.skipped),
        }))
        .where('id', '=', taskId)
        .execute();
    },

    /** The documents a task changed, in its order. */
    async listChangedDocumentIds(taskId: string) {
      const rows = await db
        .selectFrom('bulk_task_items')
        .select('document_id')
        .where('task_id', '=', taskId)
        .where('outcome', '=', 'changed')
        .orderBy('position')
        .execute();
      return rows.map((row) => row.document_id);
    },

    /** Records the task that undoes `taskId`: false when another one did first. */
    async markUndone({ taskId, undoTaskId }: { taskId: string; undoTaskId: string }) {
      const result = await db
        .updateTable('bulk_tasks')
        .set({ undone_by_task_id: undoTaskId })
        .where('id', '=', taskId)
        .where('undone_by_task_id', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async countPendingItems(taskId: string) {
      const row = await db
        .selectFrom('bulk_task_items')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('task_id', '=', taskId)
        .where('outcome', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async listSkipped({ taskId, limit }: { taskId: string; limit: number }) {
      return db
        .selectFrom('bulk_task_items')
        .select(['document_id', 'skip_reason'])
        .where('task_id', '=', taskId)
        .where('outcome', '=', 'skipped')
        .orderBy('position')
        .limit(limit)
        .execute();
    },

    /** Downloads past their expiry: gone with their items. */
    async deleteExpired({ now }: { now: Timestamp }) {
      await db.deleteFrom('bulk_tasks').where('expires_at', '<', now).execute();
    },

    /** Tasks that ended (done or failed) before `before`, with their items; answers how many. */
    async deleteFinishedBefore({ before }: { before: Timestamp }) {
      const result = await db
        .deleteFrom('bulk_tasks')
        .where('state', 'in', ['done', 'failed'])
        .where('finished_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type BulkRepository = ReturnType<typeof createBulkRepository>;
