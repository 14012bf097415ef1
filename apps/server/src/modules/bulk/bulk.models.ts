import {
  BULK_MAX_DOCUMENT_IDS,
  BULK_SKIP_REASONS,
  BULK_UNDOABLE_ACTIONS,
  type BulkSkipReason,
  type BulkUndoRequest,
  type ParsedBulkRequest,
  type TaskDto,
} from '@sheaf/contracts/bulk';
import { toIsoTimestamp } from '../../shared/clock';
import type { BulkItemOutcome, BulkTaskRow } from './bulk.repository';

/** What a batch did: each document's outcome (with the tags an add or remove changed), and the files to delete once committed. */
export type BatchOutcome = {
  outcomes: Array<BulkItemOutcome & { tagIds?: string[] }>;
  storageKeys: string[];
};

const isSkipReason = (value: string | null): value is BulkSkipReason =>
  (BULK_SKIP_REASONS as readonly (string | null)[]).includes(value);

export function toTaskDto(
  row: BulkTaskRow,
  skipped: Array<{ document_id: string; skip_reason: string | null }>,
): TaskDto {
  const changedCount = Number(row.changed_count);
  const unchangedCount = Number(row.unchanged_count);
  const skippedCount = Number(row.skipped_count);
  return {
    id: row.id,
    organizationId: row.organization_id,
    kind: 'bulk',
    action: row.action as TaskDto['action'],
    state: row.state,
    total: row.total === null ? null : Number(row.total),
    processedCount: changedCount + unchangedCount + skippedCount,
    changedCount,
    unchangedCount,
    skippedCount,
    skipped: skipped.flatMap((item) =>
      isSkipReason(item.skip_reason) ? [{ documentId: item.document_id, reason: item.skip_reason }] : [],
    ),
    error:
      row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? row.error_code },
    createdBy:
      row.created_by && row.creator_name !== null ? { id: row.created_by, name: row.creator_name } : null,
    createdAt: toIsoTimestamp(row.created_at),
    startedAt: row.started_at === null ? null : toIsoTimestamp(row.started_at),
    finishedAt: row.finished_at === null ? null : toIsoTimestamp(row.finished_at),
    downloadUrl:
      row.action === 'download_zip'
        ? `/api/organizations/${encodeURIComponent(row.organization_id)}/tasks/${encodeURIComponent(row.id)}/download`
        : null,
    expiresAt: row.expires_at === null ? null : toIsoTimestamp(row.expires_at),
    canUndo: canUndoTask(row),
    undoneByTaskId: row.undone_by_task_id,
  };
}

/** A finished tag or trash task that changed documents, not undone yet. */
export const canUndoTask = (
  row: Pick<BulkTaskRow, 'action' | 'state' | 'changed_count' | 'undone_by_task_id'>,
): boolean =>
  (BULK_UNDOABLE_ACTIONS as readonly string[]).includes(row.action) &&
  row.state === 'done' &&
  Number(row.changed_count) > 0 &&
  row.undone_by_task_id === null;

function chunks<Item>(items: Item[], size: number): Item[][] {
  const result: Item[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * The requests that put back what a bulk action changed: a tag added is removed from the
 * documents it was added to (and only those: one request per set of tags actually added),
 * a removed one added back, trashed documents restored. Empty for the other actions.
 */
export function undoRequestsOf(
  request: ParsedBulkRequest,
  outcomes: Array<BulkItemOutcome & { tagIds?: string[] }>,
): BulkUndoRequest[] {
  const changed = outcomes.filter((item) => item.outcome === 'changed');
  if (changed.length === 0) return [];
  if (request.action === 'trash')
    return chunks(
      changed.map((item) => item.documentId),
      BULK_MAX_DOCUMENT_IDS,
    ).map((documentIds) => ({ action: 'restore', documentIds }));
  if (request.action !== 'add_tags' && request.action !== 'remove_tags') return [];
  const inverse = request.action === 'add_tags' ? 'remove_tags' : 'add_tags';
  const byTags = new Map<string, { tagIds: string[]; documentIds: string[] }>();
  for (const item of changed) {
    const tagIds = [...(item.tagIds ?? [])].sort();
    const key = tagIds.join(',');
    const group = byTags.get(key) ?? { tagIds, documentIds: [] };
    group.documentIds.push(item.documentId);
    byTags.set(key, group);
  }
  return [...byTags.values()].flatMap(({ tagIds, documentIds }) =>
    chunks(documentIds, BULK_MAX_DOCUMENT_IDS).map((part) => ({
      action: inverse,
      tagIds,
      documentIds: part,
    })),
  );
}
