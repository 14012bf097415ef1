import { z } from 'zod';
import { isValidCalendarDate } from './document-dates';
import { DOCUMENT_FILTERS_DESCRIPTION, documentFiltersShape, documentSortShape } from './document-filters';
import { defineEndpoint, isoDateTime } from './endpoint';
import { EXTRACTION_STATUSES } from './extraction-statuses';
import {
  ACTIVITY_PAGE_SIZE,
  DOCUMENT_NAME_MAX_LENGTH,
  DOCUMENTS_PAGE_SIZE,
  MAX_PAGE_SIZE,
  SEARCH_MAX_QUERY_LENGTH,
  SEARCH_MIN_QUERY_LENGTH,
} from './limits';
import { pageIndexSchema, pageSizeSchema } from './pagination';
import { documentPropertyValueSchema } from './properties';
import { fileTextString, singleLineString } from './text';

/** A document's tag as carried by document answers (the tags module adds the rest). */
export const documentTagSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  description: z.string().nullable(),
});

export type DocumentTagDto = z.infer<typeof documentTagSchema>;

export { EXTRACTION_STATUSES, type ExtractionStatus } from './extraction-statuses';

/**
 * Why an extraction failed. `timeout`: it ran past EXTRACTION_TIMEOUT_SECONDS; `too_large`: the
 * file, a page or an image is past the extraction limits (size, pixels, memory); `unreadable`: the
 * file is damaged or not what its type says; `failed`: anything else.
 */
export const EXTRACTION_ERROR_CODES = [
  'extraction.timeout',
  'extraction.too_large',
  'extraction.unreadable',
  'extraction.failed',
] as const;
export type ExtractionErrorCode = (typeof EXTRACTION_ERROR_CODES)[number];

export const extractionErrorSchema = z.strictObject({
  code: z.enum(EXTRACTION_ERROR_CODES),
  message: z.string(),
});

export type ExtractionErrorDto = z.infer<typeof extractionErrorSchema>;

/**
 * Something to know about a `done` extraction: `extraction.text_capped`, the text was cut (a
 * spreadsheet's cells past the first megabyte of text are not kept).
 */
export const EXTRACTION_NOTICE_CODES = ['extraction.text_capped'] as const;
export type ExtractionNoticeCode = (typeof EXTRACTION_NOTICE_CODES)[number];

export const extractionNoticeSchema = z.strictObject({
  code: z.enum(EXTRACTION_NOTICE_CODES),
  message: z.string(),
});

export type ExtractionNoticeDto = z.infer<typeof extractionNoticeSchema>;

/** A rendering of the file to show instead of it: sanitized HTML (a .docx, an HTML file) or a PDF (LibreOffice). */
export const DOCUMENT_PREVIEW_KINDS = ['html', 'pdf'] as const;
export type DocumentPreviewKind = (typeof DOCUMENT_PREVIEW_KINDS)[number];

const documentListItemShape = {
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  originalName: z.string(),
  /** Bytes. */
  originalSize: z.number().int().nonnegative(),
  /** Hex SHA-256 of the file: one document per content in an organization. */
  originalSha256: z.string(),
  /** Sniffed from the content's magic bytes, else the declared type or the extension. */
  mimeType: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime().nullable(),
  deletedAt: isoDateTime().nullable(),
  deletedBy: z.string().nullable(),
  isDeleted: z.boolean(),
  scheduledPurgeAt: isoDateTime().nullable(),
  extractionStatus: z.enum(EXTRACTION_STATUSES),
  /** Set when `extractionStatus` is `failed`, else null. */
  extractionError: extractionErrorSchema.nullable(),
  /** By name. */
  tags: z.array(documentTagSchema),
  /**
   * Changes whenever the document's thumbnail does (ask for `…/thumbnail?v=<thumbnailVersion>`); null
   * while it has none: not made yet, or its type gives no rendering (show its type's icon).
   */
  thumbnailVersion: z.string().nullable(),
  /** The date the document is about (`YYYY-MM-DD`), or null. */
  documentDate: z.string().nullable(),
  /** Whether `documentDate` was read from the text or the file name (true) rather than set by someone (false). */
  documentDateIsDetected: z.boolean(),
  /** The document's values of the organization's custom properties, by property. */
  properties: z.array(documentPropertyValueSchema),
  notesCount: z.number().int().nonnegative(),
};

/** A document in list answers: never with its content. */
export const documentListItemSchema = z.strictObject(documentListItemShape);

export type DocumentListItemDto = z.infer<typeof documentListItemSchema>;

/** Another document a document answer links to, by id and current name. */
export const documentLinkSchema = z.strictObject({ id: z.string(), name: z.string() });

export type DocumentLinkDto = z.infer<typeof documentLinkSchema>;

/** GET /documents/{documentId}: the document with its extracted (or edited) text. */
export const documentSchema = z.strictObject({
  ...documentListItemShape,
  /** The extracted or edited text; '' until the extraction found some. */
  content: z.string(),
  /**
   * An e-mail file's attachments, in the message's order: each is a document of its own (made from
   * the attachment, or the document that already held the same content). [] for other documents.
   */
  attachments: z.array(documentLinkSchema),
  /** The e-mail file this document came attached to, or null. */
  fromEmail: documentLinkSchema.nullable(),
  /** Set when the last extraction is `done` with something to know (its text was cut), else null. */
  extractionNotice: extractionNoticeSchema.nullable(),
  /**
   * Which rendering `GET …/preview` serves: `html` (a .docx through mammoth, an HTML file, an e-mail; sanitized),
   * `pdf` (an Office file converted by LibreOffice when installed), or null: show the extracted text.
   */
  preview: z.enum(DOCUMENT_PREVIEW_KINDS).nullable(),
});

export type DocumentDto = z.infer<typeof documentSchema>;

export const DOCUMENT_ACTIVITY_EVENTS = [
  'created',
  'updated',
  'deleted',
  'restored',
  'tagged',
  'untagged',
  'note_added',
  'note_deleted',
  'share_link_created',
  'share_link_opened',
  'share_link_revoked',
] as const;
export type DocumentActivityEvent = (typeof DOCUMENT_ACTIVITY_EVENTS)[number];

/**
 * What an activity entry carries beyond its event: the fields an `updated` changed; for a document
 * `created` from an intake e-mail, the sender and the intake address ("added by e-mail from …").
 */
export const documentActivityEventDataSchema = z.strictObject({
  updatedFields: z.array(z.string()).optional(),
  intakeEmail: z.strictObject({ from: z.string().nullable(), emailAddress: z.string() }).optional(),
  /** The note of a `note_added`/`note_deleted` entry. */
  noteId: z.string().optional(),
  /** The link of a `share_link_created`/`share_link_opened`/`share_link_revoked` entry. */
  shareLinkId: z.string().optional(),
  /** A document `created` from a watched folder: the organization's folder and the file's path in it. */
  watchedFolder: z.strictObject({ folder: z.string(), path: z.string() }).optional(),
  /** A document `created` from an e-mail file's attachment: the message's document and the attachment's name. */
  emailAttachment: z.strictObject({ messageDocumentId: z.string(), name: z.string() }).optional(),
});

export type DocumentActivityEventData = z.infer<typeof documentActivityEventDataSchema>;

export const documentActivitySchema = z.strictObject({
  id: z.string(),
  event: z.enum(DOCUMENT_ACTIVITY_EVENTS),
  eventData: documentActivityEventDataSchema.nullable(),
  /** The tag of a `tagged`/`untagged` entry; null otherwise or once the tag is deleted. */
  tag: z.strictObject({ id: z.string(), name: z.string(), color: z.string() }).nullable(),
  /** Null for what nobody did by hand (an extraction, an intake e-mail) or a deleted user. */
  user: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  createdAt: isoDateTime(),
});

export type DocumentActivityDto = z.infer<typeof documentActivitySchema>;

export { pageIndexSchema, pageSizeSchema };

/** GET /documents: a page, filtered and sorted (see document-filters). */
export const listDocumentsQuerySchema = z.object({
  pageIndex: pageIndexSchema,
  pageSize: pageSizeSchema(DOCUMENTS_PAGE_SIZE),
  ...documentFiltersShape,
  ...documentSortShape,
});

/** GET /documents/deleted */
export const listDeletedDocumentsQuerySchema = z.object({
  pageIndex: pageIndexSchema,
  pageSize: pageSizeSchema(DOCUMENTS_PAGE_SIZE),
});

/**
 * GET /documents/search: at least 2 characters once trimmed (spec §5), page size 5 in the palette;
 * `tags` narrows to documents carrying every one of those tags, as in the list.
 */
export const searchDocumentsQuerySchema = z.object({
  searchQuery: singleLineString().trim().min(SEARCH_MIN_QUERY_LENGTH).max(SEARCH_MAX_QUERY_LENGTH),
  pageIndex: pageIndexSchema,
  pageSize: pageSizeSchema(DOCUMENTS_PAGE_SIZE),
  ...documentFiltersShape,
  /** `relevance` (default) or one of the list's sorts. */
  sort: z.union([z.literal('relevance'), documentSortShape.sort.unwrap()]).optional(),
  order: documentSortShape.order,
});

/** A range of a snippet that matched a word of the query: `snippet.slice(start, end)` (UTF-16 offsets). */
export const searchMatchRangeSchema = z.strictObject({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
});

export type SearchMatchRange = z.infer<typeof searchMatchRangeSchema>;

/**
 * A search hit: a list item (no content) with a short `snippet` of its text around the first match
 * (about SEARCH_SNIPPET_LENGTH characters, '' when only the name matched) and the ranges of the
 * snippet that match the query's words.
 */
export const documentSearchHitSchema = z.strictObject({
  ...documentListItemShape,
  snippet: z.string(),
  matches: z.array(searchMatchRangeSchema),
});

export type DocumentSearchHitDto = z.infer<typeof documentSearchHitSchema>;

/**
 * GET /documents/search answer. Past SEARCH_COUNT_CAP matches the count stops there:
 * `documentsCount` is the cap and `documentsCountIsCapped` is true (the UI shows "10,000+").
 */
export const searchDocumentsResponseSchema = z.strictObject({
  documents: z.array(documentSearchHitSchema),
  documentsCount: z.number().int().nonnegative(),
  documentsCountIsCapped: z.boolean(),
});

export type SearchDocumentsResponse = z.infer<typeof searchDocumentsResponseSchema>;

/** GET /documents/{documentId}/activity */
export const listDocumentActivityQuerySchema = z.object({
  pageIndex: pageIndexSchema,
  pageSize: pageSizeSchema(ACTIVITY_PAGE_SIZE),
});

/** A document name (spec §5): trimmed, 1 to 255 characters, no control character. */
export const documentNameSchema = singleLineString()
  .trim()
  .min(1, { message: 'The name is required' })
  .max(DOCUMENT_NAME_MAX_LENGTH, {
    message: `The name must be at most ${DOCUMENT_NAME_MAX_LENGTH} characters`,
  });

/** A calendar date `YYYY-MM-DD` that exists (no 2026-02-30). */
export const calendarDateSchema = z
  .string()
  .refine(isValidCalendarDate, { message: 'The date must be a calendar date such as 2026-11-24' });

/** PATCH /documents/{documentId}: name, content and/or document date (null clears it). */
export const updateDocumentSchema = z
  .strictObject({
    name: documentNameSchema.optional(),
    content: fileTextString({ maxLength: 10_000_000 }).optional(),
    documentDate: calendarDateSchema.nullable().optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.content !== undefined || body.documentDate !== undefined,
    {
      message: 'Give a name, a content or a document date',
    },
  )
  // The refinement is not JSON Schema: this says the same in the API description.
  .meta({ description: 'At least one of `name`, `content` and `documentDate`.', minProperties: 1 });

export type UpdateDocumentInput = z.input<typeof updateDocumentSchema>;

/** GET /documents/statistics: the active documents (not the trash), counted and summed in bytes. */
export const organizationStatsSchema = z.strictObject({
  documentsCount: z.number().int().nonnegative(),
  documentsSize: z.number().int().nonnegative(),
});

export type OrganizationStatsDto = z.infer<typeof organizationStatsSchema>;

/** Image types previewed inline; with PDF and plain text, the INLINE_MIME_TYPES. */
const INLINE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/bmp'];

/** MIME types previewed inline (PDF, images, plain text); everything else is downloaded as an attachment. */
export const INLINE_MIME_TYPES = ['application/pdf', 'text/plain', ...INLINE_IMAGE_TYPES] as const;

/** MIME types previewed inline (PDF, images, plain text); everything else is downloaded as an attachment. */
export function isInlineMimeType(mimeType: string): boolean {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  return (INLINE_MIME_TYPES as readonly string[]).includes(type);
}

const ORGANIZATION = '/api/organizations/:organizationId';
const DOCUMENTS = `${ORGANIZATION}/documents`;

/** A list item as the API description's examples show it (the search example builds on it). */
export const exampleDocumentListItem = {
  id: 'doc_0123456789abcdefghijklmn',
  organizationId: 'org_0123456789abcdefghijklmn',
  name: 'invoice-2026-01.pdf',
  originalName: 'invoice-2026-01.pdf',
  originalSize: 48213,
  originalSha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  mimeType: 'application/pdf',
  createdAt: '2026-01-31T09:15:00.000Z',
  updatedAt: null,
  deletedAt: null,
  deletedBy: null,
  isDeleted: false,
  scheduledPurgeAt: null,
  extractionStatus: 'done',
  extractionError: null,
  tags: [{ id: 'tag_0123456789abcdefghijklmn', name: 'Invoices', color: '#d8ff75', description: null }],
  thumbnailVersion: 'c2b8e05f41d7a9a3',
  documentDate: '2026-01-28',
  documentDateIsDetected: true,
  properties: [{ propertyId: 'prop_0123456789abcdefghijklmn', value: { amount: 120, currency: 'EUR' } }],
  notesCount: 0,
} satisfies DocumentListItemDto;

const exampleDocument = {
  ...exampleDocumentListItem,
  content: 'Invoice 2026-01\nTotal: 120.00 EUR',
  attachments: [],
  fromEmail: null,
  extractionNotice: null,
  preview: null,
} satisfies DocumentDto;

const documentAnswer = z.strictObject({ document: documentSchema });
const codes = (values: readonly string[]) => values.map((value) => `\`${value}\``).join(', ');
const EXTRACTION_FIELDS =
  '`extractionStatus` is `pending` (queued), `processing`, `done` (text saved, or none found) or `failed`; `extractionError` is `{ code, message }` when it failed, else null: `extraction.timeout` (it ran past EXTRACTION_TIMEOUT_SECONDS), `extraction.too_large` (the file, a page or an image past the extraction limits, such as EXTRACTION_MAX_FILE_SIZE), `extraction.unreadable` (the file is damaged, or not what its type says) or `extraction.failed` (anything else, e.g. the file could not be read after three tries). A failed extraction leaves the document and its file as they are.';
const documentsPageAnswer = z.strictObject({
  documents: z.array(documentListItemSchema),
  /** Every document of the list, not only this page's. */
  documentsCount: z.number().int().nonnegative(),
});

export const documentsEndpoints = {
  upload: defineEndpoint({
    method: 'POST',
    path: DOCUMENTS,
    tag: 'Documents',
    summary: 'Upload a document',
    description:
      "201 with the new document, its text extraction queued (`extractionStatus: \"pending\"`). 400 `api.validation_error` without a `file` field, with two files or with an empty file. The file is streamed to storage, never held in memory, and its size is checked as it arrives: past the plan's max file size, 413 `document.size_too_large`; past the plan's storage (the trash counting), 413 `documents.storage_limit_reached`, also when uploads running at once would pass it together; the server's storage full, 507 `storage.insufficient_space`. One document per content (SHA-256) in an organization: when the same content is already there, 409 `document.already_exists`; when it is in the trash, that document is restored and answered with 200 instead. The type is sniffed from the content, the declared type (then the name's extension) as fallback. The text is then extracted by a background job: text files, JSON, XML and YAML; a PDF's text layer, CJK text whose fonts are not embedded included; OCR of images and of scanned PDFs, JPEG 2000 and JBIG2 scans included. Office and other formats: Word, Excel and PowerPoint files (.docx, .xlsx, .pptx, macro-enabled ones too, their macros never run), OpenDocument (.odt, .ods, .odp), EPUB, RTF, HTML and Markdown; a spreadsheet's text is capped at 1 MB (`extractionNotice`), and a zip bomb or a file of too many parts ends `extraction.too_large` before it is unpacked. Limited per user (UPLOADS_RATE_LIMIT_PER_MINUTE).",
    auth: { apiKeyPermission: 'documents:create' },
    rawBody: {
      mediaType: 'multipart/form-data',
      description:
        "One file in the field `file`, streamed to storage. Its type is sniffed from its content, else taken from the part's type or the name's extension; the part's file name becomes the document's name.",
      fields: { file: { type: 'string', format: 'binary', description: 'The file (not empty).' } },
      required: ['file'],
    },
    answers: { 200: documentAnswer, 201: documentAnswer },
    errors: {
      409: ['document.already_exists'],
      413: ['document.size_too_large', 'documents.storage_limit_reached'],
      429: ['api.rate_limited'],
      507: ['storage.insufficient_space'],
    },
    example: { answer: { document: { ...exampleDocument, content: '', extractionStatus: 'pending' } } },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: DOCUMENTS,
    tag: 'Documents',
    summary: 'List the documents, filtered and sorted',
    description: `The documents outside the trash, without \`content\`, with their tags, document date, property values and number of notes. \`pageIndex\` from 0; \`pageSize\` 1–${MAX_PAGE_SIZE}, default ${DOCUMENTS_PAGE_SIZE}. ${DOCUMENT_FILTERS_DESCRIPTION} \`documentsCount\` counts the whole filtered list, not only the page.`,
    auth: { apiKeyPermission: 'documents:read' },
    query: listDocumentsQuerySchema,
    answers: { 200: documentsPageAnswer },
    example: { answer: { documents: [exampleDocumentListItem], documentsCount: 1 } },
  }),
  listDeleted: defineEndpoint({
    method: 'GET',
    path: `${DOCUMENTS}/deleted`,
    tag: 'Documents',
    summary: 'List the documents in the trash, last deleted first',
    auth: { apiKeyPermission: 'documents:read' },
    query: listDeletedDocumentsQuerySchema,
    answers: { 200: documentsPageAnswer },
    example: {
      answer: {
        documents: [
          {
            ...exampleDocumentListItem,
            deletedAt: '2026-02-01T10:00:00.000Z',
            deletedBy: 'usr_0123456789abcdefghijklmn',
            isDeleted: true,
            scheduledPurgeAt: '2026-03-03T10:00:00.000Z',
          },
        ],
        documentsCount: 1,
      },
    },
  }),
  statistics: defineEndpoint({
    method: 'GET',
    path: `${DOCUMENTS}/statistics`,
    tag: 'Documents',
    summary: 'Count and size the active documents',
    auth: { apiKeyPermission: 'documents:read' },
    answers: { 200: z.strictObject({ organizationStats: organizationStatsSchema }) },
    example: { answer: { organizationStats: { documentsCount: 12, documentsSize: 3_145_728 } } },
  }),
  emptyTrash: defineEndpoint({
    method: 'DELETE',
    path: `${DOCUMENTS}/trash`,
    tag: 'Documents',
    summary: 'Empty the trash (documents and files deleted for good)',
    auth: { apiKeyPermission: 'documents:delete' },
    answers: { 204: null },
  }),
  deleteTrashed: defineEndpoint({
    method: 'DELETE',
    path: `${DOCUMENTS}/trash/:documentId`,
    tag: 'Documents',
    summary: 'Delete a document of the trash for good, with its file',
    description: '404 when the document is not in the trash.',
    auth: { apiKeyPermission: 'documents:delete' },
    answers: { 204: null },
    errors: { 404: ['documents.not_found'] },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${DOCUMENTS}/:documentId`,
    tag: 'Documents',
    summary: 'Get a document with its content and tags',
    description: `With its \`tags\` (by name) and its \`content\`, the extracted or edited text (\`''\` until some is found). A document in the trash is answered too (\`isDeleted\`). ${EXTRACTION_FIELDS} Every document answer (upload, list items, search hits, this one) carries these two fields. An e-mail file (\`.eml\`) lists its \`attachments\`, each imported as a document of its own (or the document that already held the same content), as \`{ id, name }\` in the message's order; a document that came attached to one names it in \`fromEmail\` (else \`[]\` and null; list items carry neither).`,
    auth: { apiKeyPermission: 'documents:read' },
    answers: { 200: documentAnswer },
    errors: { 404: ['documents.not_found'] },
    example: { answer: { document: exampleDocument } },
  }),
  file: defineEndpoint({
    method: 'GET',
    path: `${DOCUMENTS}/:documentId/file`,
    tag: 'Documents',
    summary: "Download the document's file",
    description: `The file as uploaded, streamed with \`Content-Length\`, in its own type (\`Content-Type\` is the document's \`mimeType\`). \`Content-Disposition\` carries the name (RFC 6266, the exact UTF-8 name as RFC 5987 encodes it beside an ASCII fallback): \`inline\` only for PDF, plain text and the images ${codes(INLINE_IMAGE_TYPES)}; \`attachment\` for every other type. Always with \`X-Content-Type-Options: nosniff\` and \`Content-Security-Policy: default-src 'none'; sandbox\`. One byte range (\`Range: bytes=a-b\`, \`a-\` or \`-n\`) answers 206 with \`Content-Range\`; a range outside the file, 416 \`documents.range_not_satisfiable\` with \`Content-Range: bytes */size\`; several ranges, the whole file.`,
    auth: { apiKeyPermission: 'documents:read' },
    answers: {
      200: {
        file: {
          mediaTypes: ['application/octet-stream', ...INLINE_MIME_TYPES],
          description: 'The whole file.',
        },
      },
      206: {
        file: {
          mediaTypes: ['application/octet-stream', ...INLINE_MIME_TYPES],
          description: 'The byte range asked for.',
        },
      },
    },
    errors: { 404: ['documents.not_found'], 416: ['documents.range_not_satisfiable'] },
  }),
  thumbnail: defineEndpoint({
    method: 'GET',
    path: `${DOCUMENTS}/:documentId/thumbnail`,
    tag: 'Documents',
    summary: "Get the document's thumbnail",
    description:
      "A WebP, 400 px wide (at most 800 px high), of the first page of a PDF, of an image, or of the rendering of an e-mail or Office file, made when its text is extracted (again by a retry). `ETag` is the document's `thumbnailVersion`; with `If-None-Match` naming it, 304 without a body. Asked for by its version (`…/thumbnail?v=<thumbnailVersion>`, a URL whose answer never changes) with `Cache-Control: private, max-age=86400`, else `private, no-cache`. Trashed documents answer as their file does. 404 `documents.thumbnail_not_found` while there is none (not made yet, or the type gives no rendering: show a type icon).",
    auth: { apiKeyPermission: 'documents:read' },
    query: z.strictObject({ v: z.string().max(64).optional() }),
    answers: {
      200: { file: { mediaTypes: ['image/webp'], description: 'The thumbnail.' } },
      304: null,
    },
    errors: { 404: ['documents.not_found', 'documents.thumbnail_not_found'] },
  }),
  preview: defineEndpoint({
    method: 'GET',
    path: `${DOCUMENTS}/:documentId/preview`,
    tag: 'Documents',
    summary: "Get the document's rendered preview",
    description:
      "The rendering the document's `preview` names, made when its text is extracted (again by a retry): `html`, a .docx converted by mammoth, an HTML file or an e-mail message (its header lines and body), sanitized (no scripts, event handlers, forms, styles or external URLs; images only as `data:` URLs from inside the file), served with `Content-Security-Policy: sandbox; default-src 'none'; img-src data:` and our own stylesheet by its hash; `pdf`, an Office file converted by LibreOffice (`soffice`, when installed on the server). Always `X-Content-Type-Options: nosniff`, `Cache-Control: private, no-cache` and an `ETag` (`If-None-Match` answers 304). Trashed documents answer as their file does. 404 `documents.preview_not_found` when there is none (show the extracted text).",
    auth: { apiKeyPermission: 'documents:read' },
    answers: {
      200: { file: { mediaTypes: ['text/html', 'application/pdf'], description: 'The preview.' } },
      304: null,
    },
    errors: { 404: ['documents.not_found', 'documents.preview_not_found'] },
  }),
  activity: defineEndpoint({
    method: 'GET',
    path: `${DOCUMENTS}/:documentId/activity`,
    tag: 'Documents',
    summary: "List the document's activity, newest first",
    description: `\`pageIndex\` from 0; \`pageSize\` 1–${MAX_PAGE_SIZE}, default ${ACTIVITY_PAGE_SIZE}. \`event\` is one of ${codes(DOCUMENT_ACTIVITY_EVENTS)}. \`eventData\` holds the \`updatedFields\` of an \`updated\` entry and, for a document \`created\` from an intake e-mail, \`intakeEmail: { from, emailAddress }\`; for one \`created\` from an e-mail file's attachment, \`emailAttachment: { messageDocumentId, name }\`; else null. \`tag\` is the tag of a \`tagged\` or \`untagged\` entry (null once the tag is deleted). \`user\` is null for what changed in the background (a text extraction, a tagging rule, an intake e-mail) and for a deleted user.`,
    auth: { apiKeyPermission: 'documents:read' },
    query: listDocumentActivityQuerySchema,
    answers: { 200: z.strictObject({ activities: z.array(documentActivitySchema) }) },
    errors: { 404: ['documents.not_found'] },
    example: {
      answer: {
        activities: [
          {
            id: 'act_0123456789abcdefghijklmn',
            event: 'updated',
            eventData: { updatedFields: ['name'] },
            tag: null,
            user: { id: 'usr_0123456789abcdefghijklmn', name: 'Ada Lovelace' },
            createdAt: '2026-01-31T09:20:00.000Z',
          },
        ],
      },
    },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: `${DOCUMENTS}/:documentId`,
    tag: 'Documents',
    summary: 'Rename a document, edit its content or set its date',
    description: `At least one of \`name\`, \`content\` and \`documentDate\`. \`name\` is trimmed, 1–${DOCUMENT_NAME_MAX_LENGTH} characters, without control characters; \`content\` replaces the text (control characters other than tabs and line breaks are dropped); \`documentDate\` is a calendar date \`YYYY-MM-DD\`, or null to clear it: a date set here is never replaced by a later extraction (one read from the text is, \`documentDateIsDetected: true\`). An \`updated\` activity entry and a \`document:updated\` webhook event list the fields that changed; when nothing changed, there is neither.`,
    auth: { apiKeyPermission: 'documents:update' },
    body: updateDocumentSchema,
    answers: { 200: documentAnswer },
    errors: { 404: ['documents.not_found'] },
    example: { body: { name: 'invoice-2026-01.pdf' }, answer: { document: exampleDocument } },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${DOCUMENTS}/:documentId`,
    tag: 'Documents',
    summary: 'Move a document to the trash',
    description:
      'Sets `deletedAt`, `deletedBy` and `isDeleted`, and `scheduledPurgeAt` to the deletion plus DOCUMENTS_DELETED_RETENTION_DAYS, with a `deleted` activity entry. An hourly job then deletes the documents past their `scheduledPurgeAt` for good, with their files. Deleting a trashed document again changes nothing.',
    auth: { apiKeyPermission: 'documents:delete' },
    answers: { 204: null },
    errors: { 404: ['documents.not_found'] },
  }),
  retryExtraction: defineEndpoint({
    method: 'POST',
    path: `${DOCUMENTS}/:documentId/extraction`,
    tag: 'Documents',
    summary: "Extract the document's text again",
    description:
      'Queues the text extraction again, after a failure or to read a `done` document again: 202 with the document, `extractionStatus: "pending"` and `extractionError` null. 409 `documents.extraction_in_progress` while an extraction is `pending` or `processing`: of many requests at once, one starts it and the others get 409.',
    auth: { apiKeyPermission: 'documents:update' },
    answers: { 202: documentAnswer },
    errors: { 404: ['documents.not_found'], 409: ['documents.extraction_in_progress'] },
    example: { answer: { document: { ...exampleDocument, extractionStatus: 'pending' } } },
  }),
  restore: defineEndpoint({
    method: 'POST',
    path: `${DOCUMENTS}/:documentId/restore`,
    tag: 'Documents',
    summary: 'Restore a document from the trash',
    description: 'Restoring an active document changes nothing.',
    auth: { apiKeyPermission: 'documents:delete' },
    answers: { 200: documentAnswer },
    errors: { 404: ['documents.not_found'] },
    example: { answer: { document: exampleDocument } },
  }),
};
