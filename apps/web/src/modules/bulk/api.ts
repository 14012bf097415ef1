import {
  BULK_MAX_DOCUMENT_IDS,
  type BulkFilterInput,
  type BulkRequest,
  type BulkResultDto,
  type BulkUndoRequest,
  bulkEndpoints,
  TASKS_PAGE_SIZE,
  type TaskDto,
  type TaskState,
} from '@sheaf/contracts/bulk';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { organizationQueryKey } from '../organizations/api';
import { chunksOf } from './selection';

/** A task's progress is read again this often while it is queued or running. */
export const TASK_POLL_MS = 1_000;

type DistributiveOmit<Type, Key extends PropertyKey> = Type extends unknown ? Omit<Type, Key> : never;

/** An action with its own fields (`tagIds`, `propertyId`, …), without the selection. */
export type BulkActionInput = DistributiveOmit<BulkRequest, 'documentIds' | 'filter'>;

/** What the action applies to: documents by id (any number: sent 1,000 at a time), or a filter. */
export type BulkTarget = { documentIds: readonly string[] } | { filter: BulkFilterInput };

/** What a bulk action did: the merged answers of its requests by id, and the tasks it started. */
export type BulkOutcome = { result: BulkResultDto | null; tasks: TaskDto[] };

export function tasksQueryKey(organizationId: string) {
  return [...organizationQueryKey(organizationId), 'tasks'] as const;
}

export function taskQueryKeyOf(organizationId: string, taskId: string) {
  return [...tasksQueryKey(organizationId), 'task', taskId] as const;
}

export const isTaskRunning = (state: TaskState) => state === 'queued' || state === 'running';

export function recentTasksQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...tasksQueryKey(organizationId), 'recent'] as const,
    queryFn: () =>
      call(bulkEndpoints.listTasks, {
        params: { organizationId },
        query: { pageIndex: 0, pageSize: TASKS_PAGE_SIZE },
      }),
  });
}

/** One task, polled while it runs. */
export function taskQueryOptions(organizationId: string, taskId: string) {
  return queryOptions({
    queryKey: taskQueryKeyOf(organizationId, taskId),
    queryFn: async () => (await call(bulkEndpoints.getTask, { params: { organizationId, taskId } })).task,
    refetchInterval: (query) =>
      query.state.status !== 'error' && (!query.state.data || isTaskRunning(query.state.data.state))
        ? TASK_POLL_MS
        : false,
  });
}

function mergeResults(results: readonly BulkResultDto[]): BulkResultDto | null {
  const [first, ...rest] = results;
  if (!first) return null;
  return rest.reduce<BulkResultDto>(
    (merged, result) => ({
      action: merged.action,
      changedDocumentIds: [...merged.changedDocumentIds, ...result.changedDocumentIds],
      unchangedCount: merged.unchangedCount + result.unchangedCount,
      skipped: [...merged.skipped, ...result.skipped],
      undo: [...merged.undo, ...result.undo],
    }),
    first,
  );
}

/** Runs one bulk request: its answer is a result (by ids) or a task (by filter, or a zip). */
async function runOne(
  organizationId: string,
  body: BulkRequest,
): Promise<{ result: BulkResultDto } | { task: TaskDto }> {
  const answer: { result?: BulkResultDto; task?: TaskDto } = await call(bulkEndpoints.run, {
    params: { organizationId },
    body,
  });
  if (answer.result) return { result: answer.result };
  if (answer.task) return { task: answer.task };
  throw new Error('The bulk answer has neither a result nor a task');
}

/**
 * POST /documents/bulk for a selection: by filter, one request (a background task); by ids, one
 * request per 1,000 ids, one after the other (the first error stops the rest).
 */
export async function runBulkAction(
  organizationId: string,
  action: BulkActionInput,
  target: BulkTarget,
): Promise<BulkOutcome> {
  const requests: BulkRequest[] =
    'filter' in target
      ? [{ ...action, filter: target.filter } as BulkRequest]
      : chunksOf(target.documentIds, BULK_MAX_DOCUMENT_IDS).map(
          (documentIds) => ({ ...action, documentIds }) as BulkRequest,
        );
  const results: BulkResultDto[] = [];
  const tasks: TaskDto[] = [];
  for (const body of requests) {
    const answer = await runOne(organizationId, body);
    if ('result' in answer) results.push(answer.result);
    else tasks.push(answer.task);
  }
  return { result: mergeResults(results), tasks };
}

/** Runs the requests that undo a bulk action (each by ids, as the server gave them). */
export async function runUndo(organizationId: string, undo: readonly BulkUndoRequest[]) {
  for (const body of undo) await runOne(organizationId, body);
}

/** After a bulk change every cached query of the organization is refreshed (lists, counts, tags). */
export function useRunBulkAction(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, target }: { action: BulkActionInput; target: BulkTarget }) =>
      runBulkAction(organizationId, action, target),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationQueryKey(organizationId) }),
  });
}

export function useUndoBulkAction(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (undo: readonly BulkUndoRequest[]) => runUndo(organizationId, undo),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationQueryKey(organizationId) }),
  });
}

/** POST /tasks/{taskId}/undo: starts the task that undoes a finished one (answers it). */
export function useUndoTask(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (taskId: string) =>
      (await call(bulkEndpoints.undoTask, { params: { organizationId, taskId } })).task,
    // The original's `canUndo` is now false: read it (and the recent tasks) again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: tasksQueryKey(organizationId) }),
  });
}
