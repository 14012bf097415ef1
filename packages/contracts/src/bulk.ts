import { z } from 'zod';
import { documentFiltersShape } from './document-filters';
import { calendarDateSchema } from './documents';
import { defineEndpoint, isoDateTime } from './endpoint';
import { MAX_PAGE_SIZE, SEARCH_MAX_QUERY_LENGTH, SEARCH_MIN_QUERY_LENGTH } from './limits';
import { pageIndexSchema, pageSizeSchema } from './pagination';
import type { ApiKeyPermission } from './permissions';
import { idReferenceSchema, singleLineString } from './text';

/**
 * Bulk actions on many documents at once: a selection (a list of ids, or a filter that stands for
 * every document matching it) and one action. Up to BULK_MAX_DOCUMENT_IDS ids run in the request; a
 * filter runs as a background task whose progress is read from GET /tasks/{taskId}.
 */

/** Ids a request may list; past it, select by filter (a background task). */
export const BULK_MAX_DOCUMENT_IDS = 1_000;
/** Tags a bulk tag action adds or removes at once. */
export const BULK_MAX_TAG_IDS = 50;
/** Skipped documents a task keeps and reports (the count goes on past it). */
export const BULK_TASK_SKIPPED_REPORT_LIMIT = 100;
/** Tasks listed by GET /tasks (the newest). */
export const TASKS_PAGE_SIZE = 20;
/** A zip download link works this long after the request. */
export const BULK_DOWNLOAD_TTL_HOURS = 24;
/** How long the web app offers "Undo" after a bulk action. */
export const BULK_UNDO_WINDOW_MS = 10_000;

export const BULK_ACTIONS = [
  'add_tags',
  'remove_tags',
  'set_property',
  'clear_property',
  'set_document_date',
  'trash',
  'restore',
  'delete_permanently',
  'retry_extraction',
  'download_zip',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The API-key permission each action needs (sessions: every member may run every action). */
export const BULK_ACTION_PERMISSIONS = {
  add_tags: 'documents:update',
  remove_tags: 'documents:update',
  set_property: 'documents:update',
  clear_property: 'documents:update',
  set_document_date: 'documents:update',
  trash: 'documents:delete',
  restore: 'documents:delete',
  delete_permanently: 'documents:delete',
  retry_extraction: 'documents:update',
  download_zip: 'documents:read',
} as const satisfies Record<BulkAction, ApiKeyPermission>;

/** Actions on documents in the trash; every other action works on active documents. */
export const BULK_TRASH_ACTIONS = ['restore', 'delete_permanently'] as const satisfies readonly BulkAction[];

/** Actions the web app offers to undo, and their inverse. */
export const BULK_UNDOABLE_ACTIONS = [
  'add_tags',
  'remove_tags',
  'trash',
] as const satisfies readonly BulkAction[];

/**
 * "Every document that matches": where (`documents`, the active list, or `trash`), an optional
 * search query (the search results' selection) and the documents list's filters, as GET
 * /documents takes them (lists as arrays or comma separated).
 */
export const bulkFilterSchema = z.strictObject({
  scope: z.enum(['documents', 'trash']).default('documents'),
  searchQuery: singleLineString().trim().min(SEARCH_MIN_QUERY_LENGTH).max(SEARCH_MAX_QUERY_LENGTH).optional(),
  ...documentFiltersShape,
});
export type BulkFilterInput = z.input<typeof bulkFilterSchema>;
export type BulkFilter = z.output<typeof bulkFilterSchema>;

const documentIdsSchema = z
  .array(idReferenceSchema)
  .min(1)
  .max(BULK_MAX_DOCUMENT_IDS, {
    message: `At most ${BULK_MAX_DOCUMENT_IDS} ids: select by filter for more`,
  });

/** One of the two: the documents' ids, or a filter. */
const selectionShape = {
  documentIds: documentIdsSchema.optional(),
  filter: bulkFilterSchema.optional(),
};

const tagIdsSchema = z.array(idReferenceSchema).min(1).max(BULK_MAX_TAG_IDS);

const addTagsSchema = z.strictObject({
  action: z.literal('add_tags'),
  tagIds: tagIdsSchema,
  ...selectionShape,
});
const removeTagsSchema = z.strictObject({
  action: z.literal('remove_tags'),
  tagIds: tagIdsSchema,
  ...selectionShape,
});
const setPropertySchema = z.strictObject({
  action: z.literal('set_property'),
  propertyId: idReferenceSchema,
  /** Checked against the property's type, as PUT /documents/{documentId}/properties/{propertyId}. */
  value: z.unknown(),
  ...selectionShape,
});
const clearPropertySchema = z.strictObject({
  action: z.literal('clear_property'),
  propertyId: idReferenceSchema,
  ...selectionShape,
});
const setDocumentDateSchema = z.strictObject({
  action: z.literal('set_document_date'),
  /** Null clears it. */
  documentDate: calendarDateSchema.nullable(),
  ...selectionShape,
});
const plainActionSchema = <const Action extends BulkAction>(action: Action) =>
  z.strictObject({ action: z.literal(action), ...selectionShape });

const bulkActionSchema = z.discriminatedUnion('action', [
  addTagsSchema,
  removeTagsSchema,
  setPropertySchema,
  clearPropertySchema,
  setDocumentDateSchema,
  plainActionSchema('trash'),
  plainActionSchema('restore'),
  plainActionSchema('delete_permanently'),
  plainActionSchema('retry_extraction'),
  plainActionSchema('download_zip'),
]);

/** POST /documents/bulk */
export const bulkRequestSchema = bulkActionSchema
  .refine((body) => (body.documentIds === undefined) !== (body.filter === undefined), {
    message: 'Give either documentIds or filter',
  })
  // The refinement is not JSON Schema: this says the same in the API description.
  .meta({ description: 'An `action` with its fields, and either `documentIds` or `filter`.' });
export type BulkRequest = z.input<typeof bulkRequestSchema>;
export type ParsedBulkRequest = z.output<typeof bulkRequestSchema>;

/**
 * Why a document was left alone: gone (`not_found`: deleted for good, or never of this
 * organization), in the trash for an action on active documents (`in_trash`) or the other way
 * round (`not_in_trash`), no longer matching the task's filter (`no_longer_matches`), or its text
 * extraction already queued or running (`extraction_in_progress`).
 */
export const BULK_SKIP_REASONS = [
  'not_found',
  'in_trash',
  'not_in_trash',
  'no_longer_matches',
  'extraction_in_progress',
] as const;
export type BulkSkipReason = (typeof BULK_SKIP_REASONS)[number];

export const bulkSkippedDocumentSchema = z.strictObject({
  documentId: z.string(),
  reason: z.enum(BULK_SKIP_REASONS),
});
export type BulkSkippedDocumentDto = z.infer<typeof bulkSkippedDocumentSchema>;

/** A bulk request that undoes another: always by ids, the documents it changed. */
export const bulkUndoRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('add_tags'), tagIds: tagIdsSchema, documentIds: documentIdsSchema }),
  z.strictObject({ action: z.literal('remove_tags'), tagIds: tagIdsSchema, documentIds: documentIdsSchema }),
  z.strictObject({ action: z.literal('restore'), documentIds: documentIdsSchema }),
]);
export type BulkUndoRequest = z.infer<typeof bulkUndoRequestSchema>;

/**
 * What a bulk action by ids did: `changedDocumentIds` (changed by this request), `unchangedCount`
 * (already as asked: a tag already there), `skipped` with their reason, and `undo`: the bulk
 * requests that put the changed documents back (empty when the action cannot be undone).
 */
export const bulkResultSchema = z.strictObject({
  action: z.enum(BULK_ACTIONS),
  changedDocumentIds: z.array(z.string()),
  unchangedCount: z.number().int().nonnegative(),
  skipped: z.array(bulkSkippedDocumentSchema),
  undo: z.array(bulkUndoRequestSchema),
});
export type BulkResultDto = z.infer<typeof bulkResultSchema>;

/**
 * `queued` (waiting for a worker, or resuming after a restart), `running`, `done` (every document
 * handled, some perhaps skipped), `failed` (stopped: `error` says why; what was done stays done).
 */
export const TASK_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/**
 * A background bulk action (a selection by filter), or a zip download. `total` is the number of
 * documents the filter matched when the task started (null before); `processedCount` grows as
 * they are handled: `changedCount + unchangedCount + skippedCount`. `skipped` lists the first
 * BULK_TASK_SKIPPED_REPORT_LIMIT. `downloadUrl` (a `download_zip` task) streams the zip until
 * `expiresAt`.
 */
export const taskSchema = z.strictObject({
  id: z.string(),
  organizationId: z.string(),
  kind: z.literal('bulk'),
  action: z.enum(BULK_ACTIONS),
  state: z.enum(TASK_STATES),
  total: z.number().int().nonnegative().nullable(),
  processedCount: z.number().int().nonnegative(),
  changedCount: z.number().int().nonnegative(),
  unchangedCount: z.number().int().nonnegative(),
  skippedCount: z.number().int().nonnegative(),
  skipped: z.array(bulkSkippedDocumentSchema),
  error: z.strictObject({ code: z.string(), message: z.string() }).nullable(),
  /** Null once the account is deleted, or for an API key's task whose creator is gone. */
  createdBy: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  createdAt: isoDateTime(),
  startedAt: isoDateTime().nullable(),
  finishedAt: isoDateTime().nullable(),
  downloadUrl: z.string().nullable(),
  expiresAt: isoDateTime().nullable(),
  /** A finished `add_tags`, `remove_tags` or `trash` task that changed documents and was not undone yet. */
  canUndo: z.boolean(),
  /** The task that undid this one (POST /tasks/{taskId}/undo), or null. */
  undoneByTaskId: z.string().nullable(),
});
export type TaskDto = z.infer<typeof taskSchema>;

export const listTasksQuerySchema = z.object({
  pageIndex: pageIndexSchema,
  pageSize: pageSizeSchema(TASKS_PAGE_SIZE),
});

const ORGANIZATION = '/api/organizations/:organizationId';

const exampleTask = {
  id: 'task_0123456789abcdefghijklmn',
  organizationId: 'org_0123456789abcdefghijklmn',
  kind: 'bulk',
  action: 'add_tags',
  state: 'running',
  total: 1200,
  processedCount: 450,
  changedCount: 440,
  unchangedCount: 10,
  skippedCount: 0,
  skipped: [],
  error: null,
  createdBy: { id: 'usr_0123456789abcdefghijklmn', name: 'Ada Lovelace' },
  createdAt: '2026-02-03T10:00:00.000Z',
  startedAt: '2026-02-03T10:00:01.000Z',
  finishedAt: null,
  downloadUrl: null,
  expiresAt: null,
  canUndo: false,
  undoneByTaskId: null,
} satisfies TaskDto;

const ACTIONS_DESCRIPTION =
  "`add_tags`/`remove_tags` (`tagIds`), `set_property` (`propertyId`, `value` checked against the property's type) and `clear_property` (`propertyId`), `set_document_date` (`documentDate`, `YYYY-MM-DD` or null), `trash`, `restore` and `delete_permanently` (documents in the trash only), `retry_extraction`, `download_zip`";

export const bulkEndpoints = {
  run: defineEndpoint({
    method: 'POST',
    path: `${ORGANIZATION}/documents/bulk`,
    tag: 'Bulk actions',
    summary: 'Run an action on many documents',
    description: `Actions: ${ACTIONS_DESCRIPTION}. The selection is either \`documentIds\` (1–${BULK_MAX_DOCUMENT_IDS}) or \`filter\`: \`scope\` \`documents\` (default) or \`trash\`, an optional \`searchQuery\` and the filters of GET /documents. By ids the action runs in the request, in one transaction, and answers 200 with what changed, what was already as asked, what was skipped (deleted or moved to or from the trash meanwhile: never an error for the others) and the requests that undo it. By filter it runs as a background task (202): read its progress from GET /tasks/{taskId}; it resumes after a restart and changes each document once. \`download_zip\` answers 201 with a task whose \`downloadUrl\` streams a zip of the files (zip64, unique file names, a \`manifest.csv\`). Each changed document gets its activity entry and webhook event as if changed alone. API keys need the permission of the action: \`documents:update\` to tag, set properties and dates and re-run extractions, \`documents:delete\` to trash, restore and delete, \`documents:read\` to download (403 \`auth.forbidden\` otherwise, nothing changed). An unknown tag or property is 404 and changes nothing.`,
    auth: { apiKeyPermission: 'documents:read' },
    body: bulkRequestSchema,
    answers: {
      200: z.strictObject({ result: bulkResultSchema }),
      201: z.strictObject({ task: taskSchema }),
      202: z.strictObject({ task: taskSchema }),
    },
    errors: {
      404: ['tags.not_found', 'properties.not_found'],
    },
    example: {
      body: {
        action: 'add_tags',
        tagIds: ['tag_0123456789abcdefghijklmn'],
        documentIds: ['doc_0123456789abcdefghijklmn'],
      },
      answer: {
        result: {
          action: 'add_tags',
          changedDocumentIds: ['doc_0123456789abcdefghijklmn'],
          unchangedCount: 0,
          skipped: [],
          undo: [
            {
              action: 'remove_tags',
              tagIds: ['tag_0123456789abcdefghijklmn'],
              documentIds: ['doc_0123456789abcdefghijklmn'],
            },
          ],
        },
      },
    },
  }),
  listTasks: defineEndpoint({
    method: 'GET',
    path: `${ORGANIZATION}/tasks`,
    tag: 'Bulk actions',
    summary: "List the organization's recent tasks, newest first",
    description: `\`pageIndex\` from 0; \`pageSize\` 1–${MAX_PAGE_SIZE}, default ${TASKS_PAGE_SIZE}.`,
    auth: { apiKeyPermission: 'documents:read' },
    query: listTasksQuerySchema,
    answers: {
      200: z.strictObject({ tasks: z.array(taskSchema), tasksCount: z.number().int().nonnegative() }),
    },
    example: { answer: { tasks: [exampleTask], tasksCount: 1 } },
  }),
  getTask: defineEndpoint({
    method: 'GET',
    path: `${ORGANIZATION}/tasks/:taskId`,
    tag: 'Bulk actions',
    summary: "Get a task's progress",
    auth: { apiKeyPermission: 'documents:read' },
    answers: { 200: z.strictObject({ task: taskSchema }) },
    errors: { 404: ['tasks.not_found'] },
    example: { answer: { task: exampleTask } },
  }),
  undoTask: defineEndpoint({
    method: 'POST',
    path: `${ORGANIZATION}/tasks/:taskId/undo`,
    tag: 'Bulk actions',
    summary: 'Undo a finished task',
    description:
      'For a finished `add_tags`, `remove_tags` or `trash` task that changed documents (`canUndo`): starts a background task (202) with the inverse action (`remove_tags`, `add_tags`, `restore`) over exactly the documents that task changed, resumable and applied once like any task. A task is undone once: again is 409 `tasks.already_undone`; a task that cannot be undone (another action, not finished, nothing changed) is 409 `tasks.not_undoable`. API keys need the permission of the action (`documents:update` for tags, `documents:delete` for the trash).',
    auth: { apiKeyPermission: 'documents:read' },
    answers: { 202: z.strictObject({ task: taskSchema }) },
    errors: { 404: ['tasks.not_found'], 409: ['tasks.already_undone', 'tasks.not_undoable'] },
    example: {
      answer: {
        task: {
          ...exampleTask,
          action: 'remove_tags',
          state: 'queued',
          total: 440,
          processedCount: 0,
          changedCount: 0,
          unchangedCount: 0,
          startedAt: null,
        },
      },
    },
  }),
  downloadTask: defineEndpoint({
    method: 'GET',
    path: `${ORGANIZATION}/tasks/:taskId/download`,
    tag: 'Bulk actions',
    summary: "Download a `download_zip` task's zip",
    description:
      'Streamed as it is built (zip64 past 4 GiB or 65,535 files): one entry per document, its name made safe (no folders, no characters Windows forbids) and unique (` (2)` before the extension), and a `manifest.csv` listing each file with its document id, name, document date, tags, properties and SHA-256. Documents trashed or deleted since the request are left out. 404 once the task has expired.',
    auth: { apiKeyPermission: 'documents:read' },
    answers: { 200: { file: { mediaTypes: ['application/zip'], description: 'The zip.' } } },
    errors: { 404: ['tasks.not_found'] },
  }),
};
