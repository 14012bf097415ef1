import { z } from 'zod';
import { defineEndpoint, isoDateTime } from './endpoint';

/**
 * Watched folders (issue 31): INGESTION_FOLDERS_ROOT holds one subfolder per organization, named by
 * the organization's id or by the folder name an owner sets; every file put there is imported into
 * the organization as if uploaded.
 *
 * Routes (sessions only; API keys get 403):
 * - GET   /api/organizations/{organizationId}/ingestion-folder   every member  → IngestionFolderResponse
 * - PATCH /api/organizations/{organizationId}/ingestion-folder   owners only   UpdateIngestionFolderInput → IngestionFolderResponse
 */

/** The folders of an organization's folder that are never imported from. */
export const INGESTION_FOLDER_RESERVED_FOLDERS = ['done', 'failed', 'duplicates'] as const;
/** Files the organization's page lists: the last ones, newest first. */
export const INGESTION_FOLDER_FILES_LIMIT = 50;
export const INGESTION_FOLDER_NAME_MAX_LENGTH = 64;

/**
 * What became of a file:
 * - `processing`: being imported (or cut short by a crash: it is finished at the next start);
 * - `imported`: a document was made (or its twin taken out of the trash);
 * - `duplicate`: the same content (SHA-256) is already a document of the organization;
 * - `failed`: not imported; `reason` says why and `failed/<name>.error.txt` beside the file too.
 */
export const INGESTION_FOLDER_FILE_OUTCOMES = ['processing', 'imported', 'duplicate', 'failed'] as const;
export type IngestionFolderFileOutcome = (typeof INGESTION_FOLDER_FILE_OUTCOMES)[number];

const FOLDER_NAME_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 _.-]*[A-Za-z0-9_-])?$/;

/**
 * A folder name an owner sets: 1–64 letters, digits, spaces, `_`, `-` and `.`, starting with a
 * letter or digit and not ending with a space or a dot (safe on every file system, no path), and not
 * of the form of an organization id (`org_…`), which names the folders of organizations without one.
 * Trimmed; compared without case for uniqueness on the server.
 */
export const ingestionFolderNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'Enter a folder name' })
  .max(INGESTION_FOLDER_NAME_MAX_LENGTH, {
    message: `A folder name is at most ${INGESTION_FOLDER_NAME_MAX_LENGTH} characters`,
  })
  .regex(FOLDER_NAME_PATTERN, {
    message: 'Use letters, digits, spaces, "-", "_" and "." only, starting with a letter or digit',
  })
  .refine((name) => !/^org_/i.test(name), { message: 'A folder name cannot start with "org_"' });

/** PATCH: `folderName` null goes back to the organization's id. */
export const updateIngestionFolderSchema = z.strictObject({
  folderName: ingestionFolderNameSchema.nullable(),
});
export type UpdateIngestionFolderInput = z.input<typeof updateIngestionFolderSchema>;

export const ingestionFolderFileSchema = z.strictObject({
  id: z.string(),
  /** The file's path inside the organization's folder (`scan.pdf`, `Invoices/scan.pdf`). */
  path: z.string(),
  size: z.number().int().nonnegative(),
  outcome: z.enum(INGESTION_FOLDER_FILE_OUTCOMES),
  /** Why a file failed (an error code such as `document.size_too_large`); null otherwise. */
  reason: z.string().nullable(),
  /** The document made (or the duplicate's twin when known); null otherwise. */
  documentId: z.string().nullable(),
  processedAt: isoDateTime(),
});
export type IngestionFolderFileDto = z.infer<typeof ingestionFolderFileSchema>;

export const ingestionFolderSchema = z.strictObject({
  /** Whether INGESTION_FOLDERS_ROOT is set on this server; false: everything else is empty. */
  isEnabled: z.boolean(),
  /** The folder name the owners set; null: the organization's id names the folder. */
  folderName: z.string().nullable(),
  /** The organization's folder on the server; null when the feature is off. */
  path: z.string().nullable(),
  /** `watching`, or `error` with `error` saying why (missing root, no access…); null when off. */
  state: z.enum(['watching', 'error']).nullable(),
  error: z.string().nullable(),
  /** The last INGESTION_FOLDER_FILES_LIMIT files, newest first. */
  files: z.array(ingestionFolderFileSchema),
});
export type IngestionFolderDto = z.infer<typeof ingestionFolderSchema>;

const ingestionFolderAnswerSchema = z.strictObject({ ingestionFolder: ingestionFolderSchema });
export type IngestionFolderResponse = z.infer<typeof ingestionFolderAnswerSchema>;

const INGESTION_FOLDER = '/api/organizations/:organizationId/ingestion-folder';
const TAG = 'Watched folder';
const exampleFolder = {
  isEnabled: true,
  folderName: 'accounting',
  path: '/srv/sheaf/inbox/accounting',
  state: 'watching',
  error: null,
  files: [
    {
      id: 'iff_0123456789abcdefghijklmn',
      path: 'Invoices/scan-0042.pdf',
      size: 182_304,
      outcome: 'imported',
      reason: null,
      documentId: 'doc_0123456789abcdefghijklmn',
      processedAt: '2026-01-31T09:15:00.000Z',
    },
  ],
} satisfies IngestionFolderDto;

export const ingestionFoldersEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: INGESTION_FOLDER,
    tag: TAG,
    summary: "The organization's watched folder",
    description: `Whether watched folders are on (INGESTION_FOLDERS_ROOT), the organization's folder on the server (created when missing), its state and the last ${INGESTION_FOLDER_FILES_LIMIT} files with their outcome, newest first. Every member, signed in (API keys get 403).`,
    auth: 'session',
    answers: { 200: ingestionFolderAnswerSchema },
    example: { answer: { ingestionFolder: exampleFolder } },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: INGESTION_FOLDER,
    tag: TAG,
    summary: "Rename the organization's watched folder",
    description: `\`folderName\`: 1–${INGESTION_FOLDER_NAME_MAX_LENGTH} letters, digits, spaces, \`-\`, \`_\` and \`.\`, starting with a letter or digit, not \`org_…\`; \`null\` goes back to the organization's id. Unique on the server without regard to case (409 \`ingestion_folders.name_taken\`). The new folder is created; files left in the old one are not moved. 403 \`ingestion_folders.disabled\` when INGESTION_FOLDERS_ROOT is unset. Owners only, signed in.`,
    auth: 'session',
    roles: ['owner'],
    body: updateIngestionFolderSchema,
    answers: { 200: ingestionFolderAnswerSchema },
    errors: { 403: ['ingestion_folders.disabled'], 409: ['ingestion_folders.name_taken'] },
    example: { body: { folderName: 'accounting' }, answer: { ingestionFolder: exampleFolder } },
  }),
};
