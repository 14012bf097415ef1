import {
  BULK_TASK_SKIPPED_REPORT_LIMIT,
  BULK_TRASH_ACTIONS,
  BULK_UNDOABLE_ACTIONS,
  type BulkAction,
  type BulkResultDto,
  type BulkSkippedDocumentDto,
  type BulkUndoRequest,
  bulkEndpoints,
  bulkRequestSchema,
  listTasksQuerySchema,
  type ParsedBulkRequest,
  type TaskDto,
} from '@sheaf/contracts/bulk';
import { documentsEndpoints } from '@sheaf/contracts/documents';
import type { EndpointDefinition } from '@sheaf/contracts/endpoint';
import { errorMessage } from '@sheaf/contracts/errors';
import { propertiesEndpoints } from '@sheaf/contracts/properties';
import { tagsEndpoints } from '@sheaf/contracts/tags';
import { recordActivity } from './activity';
import { type DemoContext, newId, nowIso, requireOrganization } from './context';
import { documentsRoutes } from './documents';
import { filterAndSortDemoDocuments } from './documents-store';
import {
  DemoHttpError,
  type DemoRequest,
  handle,
  json,
  notAvailableInDemo,
  notFound,
  notInDemo,
  parseJsonBody,
  parseWith,
  type Route,
  readQuery,
} from './http';
import { propertiesRoutes } from './properties';
import { documentsMatchingQuery } from './search';
import type { DocumentRow } from './state';
import { attachTag, findTag, tagsRoutes } from './tags';

/**
 * Bulk actions in the demo, with the server's rules: by ids the action runs at once and answers
 * what changed, what was already as asked and what was skipped, with the requests that undo it; by
 * filter it runs at once too, as a task that is already done (kept in memory, not across reloads).
 * Zip downloads are not available in the demo.
 */

/** The demo's tasks, per demo API (not part of the stored state: a reload forgets them). */
const tasksByContext = new WeakMap<DemoContext, TaskDto[]>();
const tasksOf = (context: DemoContext) => {
  const tasks = tasksByContext.get(context) ?? [];
  tasksByContext.set(context, tasks);
  return tasks;
};

/** What undoes each demo task (the requests by ids its outcome gave), until it is undone. */
const undoByTask = new WeakMap<TaskDto, BulkUndoRequest[]>();

const isTrashAction = (action: BulkAction) => (BULK_TRASH_ACTIONS as readonly string[]).includes(action);

/** Calls another demo route's handler, so a bulk change is made exactly as one made alone. */
function callRoute(
  routes: readonly Route[],
  endpoint: EndpointDefinition,
  params: Record<string, string>,
  body?: unknown,
) {
  const route = routes.find((entry) => entry.endpoint === endpoint);
  if (!route) throw new Error(`No demo route for ${endpoint.method} ${endpoint.path}`);
  const request: DemoRequest = {
    method: endpoint.method,
    url: new URL('http://localhost/'),
    headers: new Headers({ 'content-type': 'application/json' }),
    body: body === undefined ? undefined : JSON.stringify(body),
    params,
  };
  return route.handler(request);
}

/** The documents a filter stands for, in the list's order. */
function documentsOfFilter(
  context: DemoContext,
  organizationId: string,
  filter: NonNullable<ParsedBulkRequest['filter']>,
): DocumentRow[] {
  const { scope, searchQuery, ...filters } = filter;
  const candidates =
    scope === 'trash'
      ? context.state.documents.filter(
          (document) => document.organizationId === organizationId && document.deletedAt !== null,
        )
      : searchQuery
        ? documentsMatchingQuery(context, organizationId, searchQuery)
        : context.state.documents.filter(
            (document) => document.organizationId === organizationId && document.deletedAt === null,
          );
  return filterAndSortDemoDocuments(context, organizationId, candidates, { filters });
}

type Outcome = {
  changed: string[];
  unchanged: number;
  skipped: BulkSkippedDocumentDto[];
  undo: BulkUndoRequest[];
};

/** Applies the action to each document (skipping those gone or on the wrong side of the trash). */
async function apply(
  context: DemoContext,
  organizationId: string,
  request: ParsedBulkRequest,
  documents: readonly (DocumentRow | string)[],
): Promise<Outcome> {
  const outcome: Outcome = { changed: [], unchanged: 0, skipped: [], undo: [] };
  const params = { organizationId };
  const addedByTag = new Map<string, string[]>();
  const removedByTag = new Map<string, string[]>();

  for (const entry of documents) {
    const document =
      typeof entry === 'string'
        ? context.state.documents.find(
            ({ id, organizationId: owner }) => id === entry && owner === organizationId,
          )
        : entry;
    const documentId = typeof entry === 'string' ? entry : entry.id;
    if (!document) {
      outcome.skipped.push({ documentId, reason: 'not_found' });
      continue;
    }
    const isInTrash = document.deletedAt !== null;
    if (isTrashAction(request.action) !== isInTrash) {
      outcome.skipped.push({ documentId, reason: isInTrash ? 'in_trash' : 'not_in_trash' });
      continue;
    }
    const withDocument = { ...params, documentId: document.id };
    let isChanged = false;
    switch (request.action) {
      case 'add_tags':
        for (const tagId of request.tagIds) {
          const { created } = attachTag(context, {
            organizationId,
            documentId: document.id,
            tagId,
            userId: context.state.currentUserId,
          });
          if (created) {
            isChanged = true;
            addedByTag.set(tagId, [...(addedByTag.get(tagId) ?? []), document.id]);
          }
        }
        break;
      case 'remove_tags':
        for (const tagId of request.tagIds) {
          const had = context.state.documentTags.some(
            (link) => link.documentId === document.id && link.tagId === tagId,
          );
          if (!had) continue;
          await callRoute(tagsRoutes(context), tagsEndpoints.detachFromDocument, { ...withDocument, tagId });
          isChanged = true;
          removedByTag.set(tagId, [...(removedByTag.get(tagId) ?? []), document.id]);
        }
        break;
      case 'set_property':
      case 'clear_property': {
        const currentValue = () =>
          JSON.stringify(
            context.state.documentPropertyValues.find(
              (value) => value.documentId === document.id && value.propertyId === request.propertyId,
            )?.value ?? null,
          );
        const before = currentValue();
        const routeParams = { ...withDocument, propertyId: request.propertyId };
        if (request.action === 'set_property') {
          await callRoute(propertiesRoutes(context), propertiesEndpoints.setDocumentValue, routeParams, {
            value: request.value,
          });
        } else {
          await callRoute(propertiesRoutes(context), propertiesEndpoints.clearDocumentValue, routeParams);
        }
        isChanged = currentValue() !== before;
        break;
      }
      case 'set_document_date':
        if (document.documentDate !== request.documentDate || document.documentDateSource !== 'user') {
          isChanged = document.documentDate !== request.documentDate;
          document.documentDate = request.documentDate;
          document.documentDateSource = 'user';
          if (isChanged) {
            document.updatedAt = nowIso(context);
            recordActivity(context, {
              organizationId,
              documentId: document.id,
              event: 'updated',
              eventData: { updatedFields: ['documentDate'] },
            });
          }
        }
        break;
      case 'trash':
        await callRoute(documentsRoutes(context), documentsEndpoints.delete, withDocument);
        isChanged = true;
        break;
      case 'restore':
        await callRoute(documentsRoutes(context), documentsEndpoints.restore, withDocument);
        isChanged = true;
        break;
      case 'delete_permanently':
        await callRoute(documentsRoutes(context), documentsEndpoints.deleteTrashed, withDocument);
        isChanged = true;
        break;
      case 'retry_extraction':
        await callRoute(documentsRoutes(context), documentsEndpoints.retryExtraction, withDocument);
        isChanged = true;
        break;
      case 'download_zip':
        throw notAvailableInDemo();
    }
    if (isChanged) outcome.changed.push(document.id);
    else outcome.unchanged += 1;
  }

  // Undo, precisely: each tag off the documents it was added to (on again where it was removed).
  for (const [tagId, documentIds] of addedByTag) {
    outcome.undo.push({ action: 'remove_tags', tagIds: [tagId], documentIds });
  }
  for (const [tagId, documentIds] of removedByTag) {
    outcome.undo.push({ action: 'add_tags', tagIds: [tagId], documentIds });
  }
  if (request.action === 'trash' && outcome.changed.length > 0) {
    outcome.undo.push({ action: 'restore', documentIds: outcome.changed });
  }
  return outcome;
}

/** An unknown tag or property is 404 and changes nothing (checked before any document). */
function checkReferences(context: DemoContext, organizationId: string, request: ParsedBulkRequest) {
  if (request.action === 'add_tags' || request.action === 'remove_tags') {
    for (const tagId of request.tagIds) findTag(context, organizationId, tagId);
  }
  if (request.action === 'set_property' || request.action === 'clear_property') {
    const exists = context.state.propertyDefinitions.some(
      (property) => property.id === request.propertyId && property.organizationId === organizationId,
    );
    if (!exists) throw notFound('properties.not_found', errorMessage('properties.not_found'));
  }
}

function createdBy(context: DemoContext) {
  const user = context.state.users.find(({ id }) => id === context.state.currentUserId);
  return user ? { id: user.id, name: user.name } : null;
}

/** A demo task, done at once, kept with what undoes it. */
function doneTask(
  context: DemoContext,
  organizationId: string,
  action: BulkAction,
  startedAt: string,
  total: number,
  outcome: Outcome,
): TaskDto {
  const task: TaskDto = {
    id: newId('task'),
    organizationId,
    kind: 'bulk',
    action,
    state: 'done',
    total,
    processedCount: total,
    changedCount: outcome.changed.length,
    unchangedCount: outcome.unchanged,
    skippedCount: outcome.skipped.length,
    skipped: outcome.skipped.slice(0, BULK_TASK_SKIPPED_REPORT_LIMIT),
    error: null,
    createdBy: createdBy(context),
    createdAt: startedAt,
    startedAt,
    finishedAt: nowIso(context),
    downloadUrl: null,
    expiresAt: null,
    canUndo:
      (BULK_UNDOABLE_ACTIONS as readonly string[]).includes(action) &&
      outcome.changed.length > 0 &&
      outcome.undo.length > 0,
    undoneByTaskId: null,
  };
  undoByTask.set(task, outcome.undo);
  tasksOf(context).unshift(task);
  return task;
}

export const bulkRoutes = (context: DemoContext) => [
  handle(bulkEndpoints.run, async (request) => {
    const { organization } = requireOrganization(context, request.params.organizationId ?? '');
    const body = parseJsonBody(request, bulkRequestSchema);
    if (body.action === 'download_zip') throw notAvailableInDemo();
    checkReferences(context, organization.id, body);

    // One transaction in the server: a change refused half-way (an invalid value) leaves nothing done.
    const snapshot = structuredClone(context.state);
    const applyAll = async (documents: readonly (DocumentRow | string)[]) => {
      try {
        return await apply(context, organization.id, body, documents);
      } catch (error) {
        context.state = snapshot;
        throw error;
      }
    };

    if (body.documentIds) {
      const outcome = await applyAll([...new Set(body.documentIds)]);
      const result: BulkResultDto = {
        action: body.action,
        changedDocumentIds: outcome.changed,
        unchangedCount: outcome.unchanged,
        skipped: outcome.skipped,
        undo: outcome.undo,
      };
      return json({ result });
    }

    const filter = body.filter;
    if (!filter) {
      throw new DemoHttpError(400, 'api.validation_error', 'The request is invalid.', [
        { path: '', message: 'Give either documentIds or filter', code: 'custom' },
      ]);
    }
    const startedAt = nowIso(context);
    const documents = documentsOfFilter(context, organization.id, filter);
    const outcome = await applyAll(documents);
    const task = doneTask(context, organization.id, body.action, startedAt, documents.length, outcome);
    return json({ task }, 202);
  }),
  handle(bulkEndpoints.undoTask, async ({ params }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    const task = tasksOf(context).find(
      ({ id, organizationId }) => id === params.taskId && organizationId === organization.id,
    );
    if (!task) throw notFound('tasks.not_found', errorMessage('tasks.not_found'));
    if (task.undoneByTaskId !== null)
      throw new DemoHttpError(409, 'tasks.already_undone', errorMessage('tasks.already_undone'));
    const undo = undoByTask.get(task);
    if (!task.canUndo || !undo)
      throw new DemoHttpError(409, 'tasks.not_undoable', errorMessage('tasks.not_undoable'));
    const startedAt = nowIso(context);
    // Each request of the undo, by ids, as the server's undo task applies the inverse action.
    const merged: Outcome = { changed: [], unchanged: 0, skipped: [], undo: [] };
    let total = 0;
    for (const request of undo) {
      total += request.documentIds.length;
      const part = await apply(context, organization.id, request, request.documentIds);
      merged.changed.push(...part.changed);
      merged.unchanged += part.unchanged;
      merged.skipped.push(...part.skipped);
      merged.undo.push(...part.undo);
    }
    const action = undo[0]?.action ?? 'restore';
    const undoTask = doneTask(context, organization.id, action, startedAt, total, merged);
    task.undoneByTaskId = undoTask.id;
    task.canUndo = false;
    return json({ task: undoTask }, 202);
  }),
  handle(bulkEndpoints.listTasks, ({ params, url }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    const { pageIndex, pageSize } = parseWith(listTasksQuerySchema, readQuery(url));
    const tasks = tasksOf(context).filter((task) => task.organizationId === organization.id);
    return json({
      tasks: tasks.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize),
      tasksCount: tasks.length,
    });
  }),
  handle(bulkEndpoints.getTask, ({ params }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    const task = tasksOf(context).find(
      ({ id, organizationId }) => id === params.taskId && organizationId === organization.id,
    );
    if (!task) throw notFound('tasks.not_found', errorMessage('tasks.not_found'));
    return json({ task });
  }),
  notInDemo(bulkEndpoints.downloadTask),
];
