import { z } from 'zod';
import { defineEndpoint, isoDateTime } from './endpoint';

/**
 * Import of a Paperless-ngx export (issue 32): the folder, or a .zip of it, that Paperless-ngx's
 * `document_exporter` writes (`manifest.json`, per-document `*-manifest.json` with
 * `--split-manifest`, `metadata.json`, originals, archive versions and thumbnails), 1.x and 2.x
 * layouts. It runs as a background job: progress, rate and ETA are read from the import, which can be
 * cancelled; a re-run imports nothing twice and an import cut short resumes where it stopped.
 *
 * Routes (sessions only, API keys get 403; owners and admins of the organization):
 * - POST /api/organizations/{organizationId}/paperless-imports                     multipart `file` (.zip) → 201 { import }
 * - POST /api/organizations/{organizationId}/paperless-imports/from-folder         { path } (server administrators) → 201 { import }
 * - GET  /api/organizations/{organizationId}/paperless-imports                     → { imports } newest first
 * - GET  /api/organizations/{organizationId}/paperless-imports/{importId}          → { import }
 * - GET  /api/organizations/{organizationId}/paperless-imports/{importId}/report   → PaperlessImportReport (a JSON download)
 * - POST /api/organizations/{organizationId}/paperless-imports/{importId}/cancel   → { import }
 */

/** Imports GET /paperless-imports lists: the newest. */
export const PAPERLESS_IMPORTS_LIST_LIMIT = 20;
/** A folder path given to POST /paperless-imports/from-folder is at most this long. */
export const PAPERLESS_IMPORT_PATH_MAX_LENGTH = 4096;

export const PAPERLESS_IMPORT_SOURCES = ['upload', 'folder'] as const;
export type PaperlessImportSource = (typeof PAPERLESS_IMPORT_SOURCES)[number];

/**
 * `queued` (waiting for a worker, or resuming after a restart), `running`, `done` (every document
 * handled: some perhaps skipped, see the report), `failed` (stopped before or while reading the
 * export: `error` says why; what was imported stays), `cancelled` (stopped on request; a cancel asked
 * of a running import ends it at the next document).
 */
export const PAPERLESS_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type PaperlessImportStatus = (typeof PAPERLESS_IMPORT_STATUSES)[number];

/** Statuses after which nothing changes any more. */
export const PAPERLESS_IMPORT_FINAL_STATUSES = [
  'done',
  'failed',
  'cancelled',
] as const satisfies readonly PaperlessImportStatus[];

export const isPaperlessImportFinished = (status: PaperlessImportStatus) =>
  (PAPERLESS_IMPORT_FINAL_STATUSES as readonly PaperlessImportStatus[]).includes(status);

/** POST /paperless-imports/from-folder: an absolute path on the server to an export folder or a .zip. */
export const createPaperlessImportFromFolderSchema = z.strictObject({
  path: z
    .string()
    .trim()
    .min(1, { message: 'Enter the path of the export folder or .zip' })
    .max(PAPERLESS_IMPORT_PATH_MAX_LENGTH)
    .refine((path) => !path.includes('\u0000'), { message: 'Control characters are not allowed' }),
});
export type CreatePaperlessImportFromFolderInput = z.input<typeof createPaperlessImportFromFolderSchema>;

const count = () => z.number().int().nonnegative();

export const paperlessImportSummarySchema = z.strictObject({
  /** The Paperless-ngx version of the export (`metadata.json`), e.g. `2.13.5`; `1.x` when only the layout tells; null when unknown. */
  paperlessVersion: z.string().nullable(),
  /** What this import created (a re-run counts 0 for what an earlier run made). */
  imported: z.strictObject({
    documents: count(),
    tags: count(),
    properties: count(),
    propertyValues: count(),
    notes: count(),
    savedViews: count(),
    taggingRules: count(),
  }),
  /** Items of every kind listed in the report's `skipped`. */
  skippedCount: count(),
  checksumMismatchCount: count(),
  missingFileCount: count(),
  overLimitCount: count(),
});
export type PaperlessImportSummary = z.infer<typeof paperlessImportSummarySchema>;

export const paperlessImportSchema = z.strictObject({
  id: z.string(),
  source: z.enum(PAPERLESS_IMPORT_SOURCES),
  /** The uploaded zip's file name, or the folder (or zip) path on the server. */
  sourceName: z.string(),
  status: z.enum(PAPERLESS_IMPORT_STATUSES),
  /** Why a `failed` import stopped (`paperless_imports.encrypted_export`, `paperless_imports.invalid_manifest`…); else null. */
  error: z.strictObject({ code: z.string(), message: z.string() }).nullable(),
  /** Documents: `total` once the manifest is read (null before); `processed` = imported + skipped + failed. */
  progress: z.strictObject({
    total: count().nullable(),
    processed: count(),
    imported: count(),
    skipped: count(),
    failed: count(),
  }),
  /** Documents per second over the running import; null before the first document or once finished. */
  ratePerSecond: z.number().nonnegative().nullable(),
  /** Seconds left at that rate; null when unknown or once finished. */
  etaSeconds: z.number().int().nonnegative().nullable(),
  /** Once `done` or `cancelled` (a `failed` import that got past the manifest has one too). */
  summary: paperlessImportSummarySchema.nullable(),
  createdAt: isoDateTime(),
  startedAt: isoDateTime().nullable(),
  finishedAt: isoDateTime().nullable(),
});
export type PaperlessImportDto = z.infer<typeof paperlessImportSchema>;

/**
 * - `imported`: made by this import;
 * - `already_imported`: imported before (its Paperless id recorded on the organization, or the same
 *   content already a document of the organization): left as it is.
 */
export const PAPERLESS_IMPORT_DOCUMENT_OUTCOMES = ['imported', 'already_imported'] as const;
export type PaperlessImportDocumentOutcome = (typeof PAPERLESS_IMPORT_DOCUMENT_OUTCOMES)[number];

export const PAPERLESS_IMPORT_SKIPPED_KINDS = [
  'document',
  'tag',
  'correspondent',
  'document_type',
  'custom_field',
  'note',
  'saved_view',
  'matching_rule',
  'other',
] as const;
export type PaperlessImportSkippedKind = (typeof PAPERLESS_IMPORT_SKIPPED_KINDS)[number];

/** What Sheaf has no place for: counted in the report, never imported. */
export const PAPERLESS_IMPORT_NOT_IMPORTED_KINDS = [
  'users',
  'groups',
  'permissions',
  'mail_accounts',
  'mail_rules',
  'workflows',
  'storage_paths',
  'share_links',
  'other',
] as const;
export type PaperlessImportNotImportedKind = (typeof PAPERLESS_IMPORT_NOT_IMPORTED_KINDS)[number];

/**
 * Why an item was skipped, as a code and its parameters (the web app says it in the user's
 * language); `reason` beside it says it in English (the command line, the downloaded report). The
 * English is written by the server only: kept out of this module, which the web app's first page loads.
 * `refused`: Sheaf refused what the item became, `params.code` naming the error of the catalogue.
 */
export const PAPERLESS_IMPORT_SKIP_REASONS = [
  'tag_without_name',
  'options_limit',
  'property_of_another_type',
  'custom_field_type',
  'file_outside_export',
  'value_does_not_fit',
  'note_empty',
  'matching_automatic',
  'matching_regex',
  'matching_fuzzy',
  'matching_without_words',
  'matching_tag_not_imported',
  'matching_correspondent_not_imported',
  'matching_document_type_not_imported',
  'view_filters_unmapped',
  'view_without_name',
  'view_without_owner',
  'view_does_not_fit',
  'refused',
] as const;
export type PaperlessImportSkipReason = (typeof PAPERLESS_IMPORT_SKIP_REASONS)[number];
export type PaperlessImportSkipParams = Record<string, string | number>;

export const paperlessImportReportSchema = z.strictObject({
  importId: z.string(),
  organizationId: z.string(),
  source: z.enum(PAPERLESS_IMPORT_SOURCES),
  sourceName: z.string(),
  status: z.enum(PAPERLESS_IMPORT_STATUSES),
  startedAt: isoDateTime().nullable(),
  finishedAt: isoDateTime().nullable(),
  paperlessVersion: z.string().nullable(),
  summary: paperlessImportSummarySchema,
  documents: z.array(
    z.strictObject({
      paperlessId: z.number().int(),
      documentId: z.string(),
      name: z.string(),
      outcome: z.enum(PAPERLESS_IMPORT_DOCUMENT_OUTCOMES),
    }),
  ),
  skipped: z.array(
    z.strictObject({
      kind: z.enum(PAPERLESS_IMPORT_SKIPPED_KINDS),
      paperlessId: z.number().int().nullable(),
      name: z.string().nullable(),
      code: z.enum(PAPERLESS_IMPORT_SKIP_REASONS),
      params: z.record(z.string(), z.union([z.string(), z.number()])),
      /** The reason in English (the server's describePaperlessImportSkip). */
      reason: z.string(),
    }),
  ),
  checksumMismatches: z.array(
    z.strictObject({
      paperlessId: z.number().int(),
      file: z.string(),
      expected: z.string(),
      actual: z.string(),
    }),
  ),
  missingFiles: z.array(z.strictObject({ paperlessId: z.number().int(), file: z.string() })),
  overLimit: z.array(z.strictObject({ paperlessId: z.number().int(), name: z.string(), limit: z.string() })),
  notImported: z.array(z.strictObject({ kind: z.enum(PAPERLESS_IMPORT_NOT_IMPORTED_KINDS), count: count() })),
});
export type PaperlessImportReport = z.infer<typeof paperlessImportReportSchema>;

const importAnswerSchema = z.strictObject({ import: paperlessImportSchema });
export type PaperlessImportResponse = z.infer<typeof importAnswerSchema>;
const importsAnswerSchema = z.strictObject({ imports: z.array(paperlessImportSchema) });
export type PaperlessImportsResponse = z.infer<typeof importsAnswerSchema>;

const IMPORTS = '/api/organizations/:organizationId/paperless-imports';
const TAG = 'Paperless-ngx import';

const exampleSummary = {
  paperlessVersion: '2.13.5',
  imported: {
    documents: 1180,
    tags: 42,
    properties: 6,
    propertyValues: 2300,
    notes: 17,
    savedViews: 3,
    taggingRules: 12,
  },
  skippedCount: 4,
  checksumMismatchCount: 1,
  missingFileCount: 0,
  overLimitCount: 0,
} satisfies PaperlessImportSummary;

const exampleImport = {
  id: 'pli_0123456789abcdefghijklmn',
  source: 'upload',
  sourceName: 'paperless-export.zip',
  status: 'running',
  error: null,
  progress: { total: 1200, processed: 450, imported: 448, skipped: 2, failed: 0 },
  ratePerSecond: 125.5,
  etaSeconds: 6,
  summary: null,
  createdAt: '2026-02-03T10:00:00.000Z',
  startedAt: '2026-02-03T10:00:01.000Z',
  finishedAt: null,
} satisfies PaperlessImportDto;

const exampleReport = {
  importId: 'pli_0123456789abcdefghijklmn',
  organizationId: 'org_0123456789abcdefghijklmn',
  source: 'upload',
  sourceName: 'paperless-export.zip',
  status: 'done',
  startedAt: '2026-02-03T10:00:01.000Z',
  finishedAt: '2026-02-03T10:00:11.000Z',
  paperlessVersion: '2.13.5',
  summary: exampleSummary,
  documents: [
    {
      paperlessId: 12,
      documentId: 'doc_0123456789abcdefghijklmn',
      name: 'Electricity bill',
      outcome: 'imported',
    },
  ],
  skipped: [
    {
      kind: 'matching_rule',
      paperlessId: 3,
      name: 'Tag: Invoices',
      code: 'matching_regex',
      params: {},
      reason: 'Regular expression matching has no tagging-rule equivalent in Sheaf.',
    },
  ],
  checksumMismatches: [
    {
      paperlessId: 40,
      file: 'originals/0000040.pdf',
      expected: '1f3870be274f6c49b3e31a0c6728957f',
      actual: '0cc175b9c0f1b6a831c399e269772661',
    },
  ],
  missingFiles: [],
  overLimit: [],
  notImported: [
    { kind: 'users', count: 3 },
    { kind: 'workflows', count: 2 },
  ],
} satisfies PaperlessImportReport;

const ROLES = ['owner', 'admin'] as const;
const AUTH_DESCRIPTION = 'Owners and admins of the organization, signed in (API keys get 403).';

export const paperlessImportsEndpoints = {
  upload: defineEndpoint({
    method: 'POST',
    path: IMPORTS,
    tag: TAG,
    summary: 'Import a Paperless-ngx export (.zip)',
    description: `The zip of a folder written by Paperless-ngx's \`document_exporter\` (1.x or 2.x, with or without \`--split-manifest\`), streamed to storage, then imported by a background job: read the progress from GET /paperless-imports/{importId}. The export is checked by the job: an encrypted export (\`--passphrase\`) ends it \`failed\` with \`paperless_imports.encrypted_export\`, a manifest that does not parse with \`paperless_imports.invalid_manifest\` (naming the file and position), an entry leaving the folder with \`paperless_imports.unsafe_path\`. A file that is not a zip at all is refused here (400 \`paperless_imports.not_a_zip\`). ${AUTH_DESCRIPTION}`,
    auth: 'session',
    roles: ROLES,
    rawBody: {
      mediaType: 'multipart/form-data',
      description:
        'One file in the field `file`: the export as a .zip, streamed to storage (never held whole in memory).',
      fields: { file: { type: 'string', format: 'binary', description: 'The .zip of the export folder.' } },
      required: ['file'],
    },
    answers: { 201: importAnswerSchema },
    errors: { 400: ['paperless_imports.not_a_zip'], 507: ['storage.insufficient_space'] },
    example: {
      answer: {
        import: {
          ...exampleImport,
          status: 'queued',
          progress: { total: null, processed: 0, imported: 0, skipped: 0, failed: 0 },
          ratePerSecond: null,
          etaSeconds: null,
          startedAt: null,
        },
      },
    },
  }),
  createFromFolder: defineEndpoint({
    method: 'POST',
    path: `${IMPORTS}/from-folder`,
    tag: TAG,
    summary: 'Import a Paperless-ngx export from a folder on the server',
    description: `\`path\`: an absolute path on the server to the export folder (or a .zip of it), read in place. Only the server's administrators (403 \`paperless_imports.forbidden_folder\` for anybody else); 400 \`paperless_imports.folder_not_found\` when nothing is there. ${AUTH_DESCRIPTION}`,
    auth: 'session',
    roles: ROLES,
    body: createPaperlessImportFromFolderSchema,
    answers: { 201: importAnswerSchema },
    errors: {
      400: ['paperless_imports.folder_not_found', 'paperless_imports.not_a_zip'],
      403: ['paperless_imports.forbidden_folder'],
    },
    example: {
      body: { path: '/srv/exports/paperless' },
      answer: { import: { ...exampleImport, source: 'folder', sourceName: '/srv/exports/paperless' } },
    },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: IMPORTS,
    tag: TAG,
    summary: "The organization's Paperless-ngx imports, newest first",
    description: `The last ${PAPERLESS_IMPORTS_LIST_LIMIT}. ${AUTH_DESCRIPTION}`,
    auth: 'session',
    roles: ROLES,
    answers: { 200: importsAnswerSchema },
    example: { answer: { imports: [exampleImport] } },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${IMPORTS}/:importId`,
    tag: TAG,
    summary: "A Paperless-ngx import's progress",
    description: `Progress in documents, rate and ETA while it runs; the summary once finished. ${AUTH_DESCRIPTION}`,
    auth: 'session',
    roles: ROLES,
    answers: { 200: importAnswerSchema },
    errors: { 404: ['paperless_imports.not_found'] },
    example: { answer: { import: exampleImport } },
  }),
  report: defineEndpoint({
    method: 'GET',
    path: `${IMPORTS}/:importId/report`,
    tag: TAG,
    summary: "A finished Paperless-ngx import's report (JSON download)",
    description: `Answered with \`Content-Disposition: attachment; filename="paperless-import-<id>.json"\`: every document with its Sheaf id, every item skipped with its reason, every checksum mismatch, missing file and document over a plan limit, and what Sheaf does not import (users, groups, permissions, mail, workflows, storage paths) with counts. 409 \`paperless_imports.report_not_ready\` until the import has ended. ${AUTH_DESCRIPTION}`,
    auth: 'session',
    roles: ROLES,
    answers: { 200: paperlessImportReportSchema },
    errors: { 404: ['paperless_imports.not_found'], 409: ['paperless_imports.report_not_ready'] },
    example: { answer: exampleReport },
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: `${IMPORTS}/:importId/cancel`,
    tag: TAG,
    summary: 'Cancel a Paperless-ngx import',
    description: `The import ends \`cancelled\` at once; a running one stops before its next document (what was imported stays; a new import of the same export goes on from there). 409 \`paperless_imports.already_finished\` once it has ended. ${AUTH_DESCRIPTION}`,
    auth: 'session',
    roles: ROLES,
    answers: { 200: importAnswerSchema },
    errors: { 404: ['paperless_imports.not_found'], 409: ['paperless_imports.already_finished'] },
    example: {
      answer: {
        import: {
          ...exampleImport,
          status: 'cancelled',
          finishedAt: '2026-02-03T10:00:05.000Z',
          ratePerSecond: null,
          etaSeconds: null,
          summary: exampleSummary,
        },
      },
    },
  }),
};
