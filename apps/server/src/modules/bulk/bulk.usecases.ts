import type { Readable } from 'node:stream';
import {
  BULK_DOWNLOAD_TTL_HOURS,
  BULK_MAX_DOCUMENT_IDS,
  BULK_TASK_SKIPPED_REPORT_LIMIT,
  BULK_TRASH_ACTIONS,
  type BulkFilter,
  type BulkResultDto,
  type ParsedBulkRequest,
  type TaskDto,
} from '@sheaf/contracts/bulk';
import type { DocumentFilters } from '@sheaf/contracts/document-filters';
import type { Transaction } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/database.types';
import { addMilliseconds, type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { isHttpError } from '../../shared/errors';
import { generateId } from '../../shared/ids';
import type { Logger } from '../../shared/logger';
import type { DocumentsUsecases } from '../documents/documents.usecases';
import type { JobQueue } from '../jobs/jobs.queue';
import type { PropertiesUsecases } from '../properties/properties.usecases';
import type { SearchUsecases } from '../search/search.usecases';
import type { TagsUsecases } from '../tags/tags.usecases';
import {
  createTaskAlreadyUndoneError,
  createTaskNotFoundError,
  createTaskNotUndoableError,
} from './bulk.errors';
import { type BatchOutcome, canUndoTask, toTaskDto, undoRequestsOf } from './bulk.models';
import { type BulkItemOutcome, createBulkRepository } from './bulk.repository';
import { createZipStream } from './bulk.zip';

export const BULK_TASK_JOB_TYPE = 'bulk.run-task';
export type BulkTaskJobPayload = { taskId: string };

/** Documents a task changes per transaction: short enough not to hold SQLite's writer long. */
const TASK_BATCH_SIZE = 500;
/** Batches a task runs at once on PostgreSQL. */
const TASK_WORKERS = 4;
/** Documents read per query when a selection is walked. */
const SELECTION_PAGE_SIZE = 1_000;
const HOUR_MS = 60 * 60 * 1000;
/** How long an ended task (and its list of documents) is kept for its users to look at. */
export const BULK_TASK_RETENTION_MS = 30 * 24 * HOUR_MS;

/** Who runs a bulk action. */
export type BulkActor = { organizationId: string; userId: string };

type BulkDocuments = Pick<
  DocumentsUsecases,
  | 'readBulkStates'
  | 'listMatchingIds'
  | 'trashInTransaction'
  | 'restoreInTransaction'
  | 'setDocumentDateInTransaction'
  | 'retryExtractionInTransaction'
  | 'deleteTrashedInTransaction'
  | 'deleteStoredFiles'
  | 'listZipDocuments'
  | 'readStoredFile'
>;

const filtersOf = ({ scope: _scope, searchQuery: _searchQuery, ...filters }: BulkFilter): DocumentFilters =>
  filters;

/**
 * Bulk actions: by ids in the request (one transaction), by filter as a durable task (the jobs
 * queue runs `runTask`, which resumes after a crash: each document is marked done in the
 * transaction of its change), and zip downloads. Every change goes through the documents, tags and
 * properties use cases, so each document gets the activity entry and webhook events of a change
 * made alone.
 */
export function createBulkUsecases({
  database,
  clock = systemClock,
  jobQueue,
  documents,
  tags,
  properties,
  search,
  logger,
}: {
  database: AppDatabase;
  clock?: Clock;
  jobQueue: Pick<JobQueue, 'enqueue'>;
  documents: BulkDocuments;
  tags: Pick<TagsUsecases, 'requireTags' | 'attachTagsToDocument' | 'detachTagsFromDocument'>;
  properties: Pick<
    PropertiesUsecases,
    | 'checkPropertyValue'
    | 'getPropertyDefinition'
    | 'setDocumentPropertyValue'
    | 'clearDocumentPropertyValue'
    | 'listPropertyDefinitions'
  >;
  search: Pick<SearchUsecases, 'searchDocuments'>;
  logger: Logger;
}) {
  const { dialect } = database;
  const repository = createBulkRepository({ db: database.db, dialect });
  const now = () => toTimestamp(clock.now());

  /** 404 for a tag or property that is not the organization's, 400 for a value that does not fit: before anything changes. */
  async function checkRequest(
    organizationId: string,
    request: ParsedBulkRequest,
    trx?: Transaction<Database>,
  ) {
    switch (request.action) {
      case 'add_tags':
      case 'remove_tags': {
        const check = (t: Transaction<Database>) =>
          tags.requireTags({ trx: t, organizationId, tagIds: [...new Set(request.tagIds)] });
        await (trx ? check(trx) : database.db.transaction().execute(check));
        return;
      }
      case 'set_property':
        await properties.checkPropertyValue({
          organizationId,
          propertyId: request.propertyId,
          value: request.value,
          ...(trx ? { db: trx } : {}),
        });
        return;
      case 'clear_property':
        // In a transaction, clearing finds the property there (404 when it is gone); the use case
        // reads outside it, which on SQLite's single connection would wait for it forever.
        if (!trx) await properties.getPropertyDefinition({ organizationId, propertyId: request.propertyId });
        return;
      default:
        return;
    }
  }

  /**
   * Applies the action to `documentIds` in `trx`: each one changed, already as asked, or skipped
   * with its reason (gone, on the wrong side of the trash, no longer matching `stillMatching`).
   */
  async function applyToDocuments({
    trx,
    actor,
    request,
    documentIds,
    stillMatching,
  }: {
    trx: Transaction<Database>;
    actor: BulkActor;
    request: ParsedBulkRequest;
    documentIds: string[];
    stillMatching?: Set<string> | undefined;
  }): Promise<BatchOutcome> {
    const { organizationId, userId } = actor;
    const states = await documents.readBulkStates({ trx, organizationId, documentIds });
    const inTrashAction = (BULK_TRASH_ACTIONS as readonly string[]).includes(request.action);
    const outcomes: Array<BulkItemOutcome & { tagIds?: string[] }> = [];
    const storageKeys: string[] = [];
    const at = clock.now();
    const timestamp = toTimestamp(at);
    for (const documentId of documentIds) {
      const state = states.get(documentId);
      const skip = (reason: BulkItemOutcome['reason']) =>
        outcomes.push({ documentId, outcome: 'skipped', reason });
      if (!state) {
        skip('not_found');
        continue;
      }
      if (inTrashAction && !state.isDeleted) {
        skip('not_in_trash');
        continue;
      }
      if (!inTrashAction && state.isDeleted) {
        skip('in_trash');
        continue;
      }
      if (stillMatching && !stillMatching.has(documentId)) {
        skip('no_longer_matches');
        continue;
      }
      const target = { trx, organizationId, documentId };
      let changed: boolean;
      let tagIds: string[] | undefined;
      switch (request.action) {
        case 'add_tags':
          tagIds = await tags.attachTagsToDocument({
            ...target,
            tagIds: [...new Set(request.tagIds)],
            userId,
            now: timestamp,
          });
          changed = tagIds.length > 0;
          break;
        case 'remove_tags':
          tagIds = await tags.detachTagsFromDocument({
            ...target,
            tagIds: [...new Set(request.tagIds)],
            userId,
            now: timestamp,
          });
          changed = tagIds.length > 0;
          break;
        case 'set_property':
          changed = (
            await properties.setDocumentPropertyValue({
              organizationId,
              documentId,
              propertyId: request.propertyId,
              value: request.value,
              userId,
              db: trx,
              now: timestamp,
            })
          ).changed;
          break;
        case 'clear_property':
          changed = (
            await properties.clearDocumentPropertyValue({
              organizationId,
              documentId,
              propertyId: request.propertyId,
              userId,
              db: trx,
              now: timestamp,
            })
          ).changed;
          break;
        case 'set_document_date':
          changed = await documents.setDocumentDateInTransaction({
            ...target,
            documentDate: request.documentDate,
            userId,
            now: timestamp,
          });
          break;
        case 'trash':
          changed = await documents.trashInTransaction({ ...target, userId, now: at });
          break;
        case 'restore':
          changed = await documents.restoreInTransaction({ ...target, userId, now: timestamp });
          break;
        case 'delete_permanently': {
          const key = await documents.deleteTrashedInTransaction(target);
          if (key !== null) storageKeys.push(key);
          changed = key !== null;
          break;
        }
        case 'retry_extraction':
          if (state.extractionStatus === 'pending' || state.extractionStatus === 'processing') {
            skip('extraction_in_progress');
            continue;
          }
          changed = await documents.retryExtractionInTransaction(target);
          if (!changed) {
            skip('extraction_in_progress');
            continue;
          }
          break;
        case 'download_zip':
          throw new Error('A zip is downloaded, not applied');
      }
      outcomes.push({
        documentId,
        outcome: changed ? 'changed' : 'unchanged',
        ...(tagIds ? { tagIds } : {}),
      });
    }
    return { outcomes, storageKeys };
  }

  /** The ids a filter selects now, in a stable order; a search query selects what the search finds. */
  async function* walkSelection(organizationId: string, filter: BulkFilter): AsyncGenerator<string[]> {
    if (filter.searchQuery !== undefined) {
      // Oldest first: documents uploaded meanwhile come after the pages already read.
      for (let pageIndex = 0; ; pageIndex++) {
        const { documents: hits } = await search.searchDocuments({
          organizationId,
          searchQuery: filter.searchQuery,
          filters: filtersOf(filter),
          sort: 'createdAt',
          order: 'asc',
          pageIndex,
          pageSize: SELECTION_PAGE_SIZE,
        });
        const ids = hits.filter((hit) => hit.isDeleted === (filter.scope === 'trash')).map((hit) => hit.id);
        if (ids.length > 0) yield ids;
        if (hits.length < SELECTION_PAGE_SIZE) return;
      }
    }
    let afterId: string | null = null;
    for (;;) {
      const ids = await documents.listMatchingIds({
        organizationId,
        scope: filter.scope,
        filters: filtersOf(filter),
        afterId,
        limit: SELECTION_PAGE_SIZE,
      });
      if (ids.length > 0) yield ids;
      if (ids.length < SELECTION_PAGE_SIZE) return;
      afterId = ids.at(-1) ?? null;
    }
  }

  async function toDto(row: Parameters<typeof toTaskDto>[0]): Promise<TaskDto> {
    const skipped =
      row.skipped_count > 0
        ? await repository.listSkipped({ taskId: row.id, limit: BULK_TASK_SKIPPED_REPORT_LIMIT })
        : [];
    return toTaskDto(row, skipped);
  }

  async function getTaskRow(organizationId: string, taskId: string) {
    const row = await repository.findTask({ organizationId, taskId });
    // An expired download is gone, whether or not the hourly clean-up has run yet.
    if (!row || (row.expires_at !== null && row.expires_at <= now())) throw createTaskNotFoundError();
    return row;
  }

  async function createTask({
    actor,
    request,
    trx,
  }: {
    actor: BulkActor;
    request: ParsedBulkRequest;
    trx: Transaction<Database>;
  }): Promise<string> {
    const id = generateId('task');
    const createdAt = now();
    const isDownload = request.action === 'download_zip';
    await createBulkRepository({ db: trx, dialect }).insertTask({
      id,
      organization_id: actor.organizationId,
      created_by: actor.userId,
      action: request.action,
      request: JSON.stringify(request),
      // A download runs when it is fetched: it is ready at once.
      state: isDownload ? 'done' : 'queued',
      total: isDownload && request.documentIds ? request.documentIds.length : null,
      error_code: null,
      error_message: null,
      created_at: createdAt,
      started_at: isDownload ? createdAt : null,
      finished_at: isDownload ? createdAt : null,
      expires_at: isDownload
        ? toTimestamp(addMilliseconds(clock.now(), BULK_DOWNLOAD_TTL_HOURS * HOUR_MS))
        : null,
    });
    if (!isDownload)
      await jobQueue.enqueue(BULK_TASK_JOB_TYPE, { taskId: id } satisfies BulkTaskJobPayload, { trx });
    return id;
  }

  return {
    /**
     * Runs a bulk request: by ids in one transaction (answers what changed, was as asked or was
     * skipped, and the requests that undo it); by filter, or a download, as a task.
     */
    async run({
      actor,
      request,
    }: {
      actor: BulkActor;
      request: ParsedBulkRequest;
    }): Promise<{ kind: 'result'; result: BulkResultDto } | { kind: 'task'; task: TaskDto }> {
      const { organizationId } = actor;
      if (request.action === 'download_zip' || request.filter !== undefined) {
        // Validates the filter (a property condition that does not fit is 400) before queuing it.
        if (request.filter && request.filter.searchQuery === undefined)
          await documents.listMatchingIds({
            organizationId,
            scope: request.filter.scope,
            filters: filtersOf(request.filter),
            limit: 1,
          });
        await checkRequest(organizationId, request);
        const taskId = await database.db.transaction().execute(async (trx) => {
          await checkRequest(organizationId, request, trx);
          return createTask({ actor, request, trx });
        });
        return { kind: 'task', task: await toDto(await getTaskRow(organizationId, taskId)) };
      }
      const documentIds = [...new Set(request.documentIds ?? [])].slice(0, BULK_MAX_DOCUMENT_IDS);
      await checkRequest(organizationId, request);
      const { outcomes, storageKeys } = await database.db.transaction().execute(async (trx) => {
        await checkRequest(organizationId, request, trx);
        return applyToDocuments({ trx, actor, request, documentIds });
      });
      await documents.deleteStoredFiles(storageKeys);
      return {
        kind: 'result',
        result: {
          action: request.action,
          changedDocumentIds: outcomes
            .filter((item) => item.outcome === 'changed')
            .map((item) => item.documentId),
          unchangedCount: outcomes.filter((item) => item.outcome === 'unchanged').length,
          skipped: outcomes.flatMap((item) =>
            item.outcome === 'skipped' && item.reason
              ? [{ documentId: item.documentId, reason: item.reason }]
              : [],
          ),
          undo: undoRequestsOf(request, outcomes),
        },
      };
    },

    async getTask({ organizationId, taskId }: { organizationId: string; taskId: string }) {
      return toDto(await getTaskRow(organizationId, taskId));
    },

    /**
     * Undoes a finished tag or trash task: a new task with the inverse action over the documents
     * it changed (its items are written now, so it never walks a filter). The original is marked
     * undone in the same transaction: a second undo, even concurrent, is refused.
     */
    async undoTask({ actor, taskId }: { actor: BulkActor; taskId: string }): Promise<TaskDto> {
      const { organizationId } = actor;
      const original = await getTaskRow(organizationId, taskId);
      if (original.undone_by_task_id !== null) throw createTaskAlreadyUndoneError();
      if (!canUndoTask(original)) throw createTaskNotUndoableError();
      const request = JSON.parse(original.request) as ParsedBulkRequest;
      // The items do not record which of the tags each document gained or lost: the task's tags.
      const inverse: ParsedBulkRequest =
        request.action === 'add_tags'
          ? { action: 'remove_tags', tagIds: request.tagIds }
          : request.action === 'remove_tags'
            ? { action: 'add_tags', tagIds: request.tagIds }
            : { action: 'restore' };
      await checkRequest(organizationId, inverse);
      const undoTaskId = await database.db.transaction().execute(async (trx) => {
        const tasks = createBulkRepository({ db: trx, dialect });
        await checkRequest(organizationId, inverse, trx);
        const id = generateId('task');
        if (!(await tasks.markUndone({ taskId, undoTaskId: id }))) throw createTaskAlreadyUndoneError();
        await tasks.insertTask({
          id,
          organization_id: organizationId,
          created_by: actor.userId,
          action: inverse.action,
          request: JSON.stringify(inverse),
          state: 'queued',
          total: null,
          error_code: null,
          error_message: null,
          created_at: now(),
          started_at: null,
          finished_at: null,
          expires_at: null,
        });
        await tasks.insertSelection({ taskId: id, documentIds: await tasks.listChangedDocumentIds(taskId) });
        await jobQueue.enqueue(BULK_TASK_JOB_TYPE, { taskId: id } satisfies BulkTaskJobPayload, { trx });
        return id;
      });
      return toDto(await getTaskRow(organizationId, undoTaskId));
    },

    /** The hourly clean-up: expired downloads, and tasks ended over BULK_TASK_RETENTION_MS ago. */
    async purgeTasks() {
      const current = clock.now();
      await repository.deleteExpired({ now: toTimestamp(current) });
      return repository.deleteFinishedBefore({
        before: toTimestamp(addMilliseconds(current, -BULK_TASK_RETENTION_MS)),
      });
    },

    async listTasks({
      organizationId,
      pageIndex,
      pageSize,
    }: {
      organizationId: string;
      pageIndex: number;
      pageSize: number;
    }) {
      await repository.deleteExpired({ now: now() });
      const { rows, count } = await repository.listTasks({ organizationId, pageIndex, pageSize });
      return { tasks: await Promise.all(rows.map(toDto)), tasksCount: count };
    },

    /**
     * The job: takes the selection once (its items and total, in one transaction), then handles
     * the items not yet done a batch at a time, each batch's changes and done markers committed
     * together. After a crash it starts again from the first item not marked; a stopped worker
     * (`signal`) leaves the rest to the next run.
     */
    async runTask({ taskId, signal }: { taskId: string; signal?: AbortSignal }) {
      const task = await repository.findTaskById(taskId);
      if (!task || task.state === 'done' || task.state === 'failed') return;
      const request = JSON.parse(task.request) as ParsedBulkRequest;
      const actor: BulkActor = { organizationId: task.organization_id, userId: task.created_by ?? '' };
      await repository.startTask({ taskId, now: now() });
      try {
        if (task.total === null) {
          const selected: string[] = [];
          const seen = new Set<string>();
          if (request.filter) {
            for await (const ids of walkSelection(task.organization_id, request.filter))
              for (const id of ids) if (!seen.has(id) && seen.add(id)) selected.push(id);
          } else
            for (const id of request.documentIds ?? []) if (!seen.has(id) && seen.add(id)) selected.push(id);
          await database.db.transaction().execute(async (trx) => {
            const current = await createBulkRepository({ db: trx, dialect }).findTaskById(taskId);
            // Another run took it meanwhile (a lease taken over): its selection stands.
            if (current?.total !== null) return;
            await createBulkRepository({ db: trx, dialect }).insertSelection({
              taskId,
              documentIds: selected,
            });
          });
        }
        const matchFilters =
          request.filter && request.filter.searchQuery === undefined ? request.filter : undefined;
        const drain = async () => {
          let afterPosition = -1;
          for (;;) {
            // Between batches, requests waiting for the database go first (SQLite has one connection).
            await new Promise((resolve) => setImmediate(resolve));
            if (signal?.aborted) return;
            const { storageKeys, handled } = await database.db.transaction().execute(async (trx) => {
              const tasks = createBulkRepository({ db: trx, dialect });
              const items = await tasks.lockPendingItems({ taskId, afterPosition, limit: TASK_BATCH_SIZE });
              if (items.length === 0) return { storageKeys: [], handled: 0 };
              afterPosition = items.at(-1)?.position ?? afterPosition;
              // A tag or property deleted since: the task stops here, what was done stays done.
              await checkRequest(task.organization_id, request, trx);
              const documentIds = items.map((item) => item.document_id);
              const stillMatching = matchFilters
                ? new Set(
                    await documents.listMatchingIds({
                      trx,
                      organizationId: task.organization_id,
                      scope: matchFilters.scope,
                      filters: filtersOf(matchFilters),
                      documentIds,
                    }),
                  )
                : undefined;
              const batch = await applyToDocuments({ trx, actor, request, documentIds, stillMatching });
              const positionOf = new Map(items.map((item) => [item.document_id, item.position]));
              await tasks.markItems({
                taskId,
                items: batch.outcomes.map((outcome) => ({
                  documentId: outcome.documentId,
                  outcome: outcome.outcome,
                  reason: outcome.reason,
                  position: positionOf.get(outcome.documentId) ?? -1,
                })),
              });
              return { storageKeys: batch.storageKeys, handled: items.length };
            });
            await documents.deleteStoredFiles(storageKeys);
            if (handled === 0) break;
          }
        };
        // PostgreSQL: a few batches at once, each in its own transaction on its own items; SQLite
        // writes one transaction at a time anyway.
        await Promise.all(Array.from({ length: dialect === 'postgres' ? TASK_WORKERS : 1 }, drain));
        if (signal?.aborted) return;
        // Items another worker held and gave back (its transaction failed): a retry takes them.
        if ((await repository.countPendingItems(taskId)) > 0)
          throw new Error('Bulk task items left: retrying');
        await repository.finishTask({ taskId, now: now() });
      } catch (error) {
        // A refusal (a tag or property deleted, a filter that no longer fits) will not pass on a
        // retry: the task ends failed with it. Anything else is retried by the queue.
        if (isHttpError(error)) {
          logger.warn({ taskId, code: error.code }, 'Bulk task stopped');
          await repository.finishTask({
            taskId,
            now: now(),
            error: { code: error.code, message: error.message },
          });
          return;
        }
        throw error;
      }
    },

    /** The queue gave up on a task (its last try failed): it ends failed. */
    async failTask({ taskId, message }: { taskId: string; message: string }) {
      await repository.finishTask({ taskId, now: now(), error: { code: 'internal.error', message } });
    },

    /** The zip of a `download_zip` task, streamed (404 once expired). */
    async openDownload({
      organizationId,
      taskId,
    }: {
      organizationId: string;
      taskId: string;
    }): Promise<{ stream: Readable; fileName: string }> {
      const task = await getTaskRow(organizationId, taskId);
      if (task.action !== 'download_zip') throw createTaskNotFoundError();
      const request = JSON.parse(task.request) as ParsedBulkRequest;
      const definitions = new Map(
        (await properties.listPropertyDefinitions({ organizationId })).map((definition) => [
          definition.id,
          definition,
        ]),
      );
      async function* batches() {
        const selection = request.filter
          ? walkSelection(organizationId, request.filter)
          : (async function* () {
              const ids = request.documentIds ?? [];
              for (let start = 0; start < ids.length; start += SELECTION_PAGE_SIZE)
                yield ids.slice(start, start + SELECTION_PAGE_SIZE);
            })();
        const seen = new Set<string>();
        for await (const ids of selection) {
          const fresh = ids.filter((id) => !seen.has(id) && seen.add(id));
          yield await documents.listZipDocuments({ organizationId, documentIds: fresh });
        }
      }
      const stream = createZipStream({
        batches: batches(),
        openFile: documents.readStoredFile,
        definitions,
        onError: (error) => logger.error({ err: error, taskId }, 'Zip download failed midway'),
      });
      return { stream, fileName: `sheaf-documents-${task.created_at.slice(0, 10)}.zip` };
    },
  };
}

export type BulkUsecases = ReturnType<typeof createBulkUsecases>;
