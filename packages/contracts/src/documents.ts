import { z } from 'zod';
import {
  ACTIVITY_PAGE_SIZE,
  DOCUMENT_NAME_MAX_LENGTH,
  DOCUMENTS_PAGE_SIZE,
  MAX_PAGE_SIZE,
  SEARCH_MAX_QUERY_LENGTH,
  SEARCH_MIN_QUERY_LENGTH,
} from './limits';
import { fileTextString, singleLineString } from './text';

/** A document's tag as carried by document answers (the tags module adds the rest). */
export type DocumentTagDto = {
  id: string;
  name: string;
  color: string;
  description: string | null;
};

/**
 * Where a document's text extraction stands: queued, running, finished (with or without text
 * found), or failed with `extractionError`.
 */
export const EXTRACTION_STATUSES = ['pending', 'processing', 'done', 'failed'] as const;
export type ExtractionStatus = (typeof EXTRACTION_STATUSES)[number];

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
export type ExtractionErrorDto = { code: ExtractionErrorCode; message: string };

/** A document in list answers: never with its content. */
export type DocumentListItemDto = {
  id: string;
  organizationId: string;
  name: string;
  originalName: string;
  originalSize: number;
  originalSha256: string;
  mimeType: string;
  createdAt: string;
  updatedAt: string | null;
  deletedAt: string | null;
  deletedBy: string | null;
  isDeleted: boolean;
  scheduledPurgeAt: string | null;
  extractionStatus: ExtractionStatus;
  /** Set when `extractionStatus` is `failed`, else null. */
  extractionError: ExtractionErrorDto | null;
  tags: DocumentTagDto[];
};

/** GET /documents/{documentId}: the document with its extracted (or edited) text. */
export type DocumentDto = DocumentListItemDto & { content: string };

export const DOCUMENT_ACTIVITY_EVENTS = [
  'created',
  'updated',
  'deleted',
  'restored',
  'tagged',
  'untagged',
] as const;
export type DocumentActivityEvent = (typeof DOCUMENT_ACTIVITY_EVENTS)[number];

/**
 * What an activity entry carries beyond its event: the fields an `updated` changed; for a document
 * `created` from an intake e-mail, the sender and the intake address ("added by e-mail from …").
 */
export type DocumentActivityEventData = {
  updatedFields?: string[];
  intakeEmail?: { from: string | null; emailAddress: string };
};

export type DocumentActivityDto = {
  id: string;
  event: DocumentActivityEvent;
  eventData: DocumentActivityEventData | null;
  tag: { id: string; name: string; color: string } | null;
  user: { id: string; name: string } | null;
  createdAt: string;
};

const pageIndexSchema = z.coerce.number().int().min(0).default(0);
const pageSizeSchema = (defaultSize: number) =>
  z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultSize);

/** Tag ids from `?tags=a,b` or repeated `?tags=a&tags=b`. */
const tagIdsSchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    [value ?? []]
      .flat()
      .flatMap((item) => item.split(','))
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  )
  .pipe(z.array(z.string().max(64)).max(50));

/** GET /documents */
export const listDocumentsQuerySchema = z.object({
  pageIndex: pageIndexSchema,
  pageSize: pageSizeSchema(DOCUMENTS_PAGE_SIZE),
  tags: tagIdsSchema,
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
  tags: tagIdsSchema,
});

/** A range of a snippet that matched a word of the query: `snippet.slice(start, end)` (UTF-16 offsets). */
export type SearchMatchRange = { start: number; end: number };

/**
 * A search hit: a list item (no content) with a short `snippet` of its text around the first match
 * (about SEARCH_SNIPPET_LENGTH characters, '' when only the name matched) and the ranges of the
 * snippet that match the query's words.
 */
export type DocumentSearchHitDto = DocumentListItemDto & { snippet: string; matches: SearchMatchRange[] };

/**
 * GET /documents/search answer. Past SEARCH_COUNT_CAP matches the count stops there:
 * `documentsCount` is the cap and `documentsCountIsCapped` is true (the UI shows "10,000+").
 */
export type SearchDocumentsResponse = {
  documents: DocumentSearchHitDto[];
  documentsCount: number;
  documentsCountIsCapped: boolean;
};

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

/** PATCH /documents/{documentId}: name and/or content. */
export const updateDocumentSchema = z
  .strictObject({
    name: documentNameSchema.optional(),
    content: fileTextString({ maxLength: 10_000_000 }).optional(),
  })
  .refine((body) => body.name !== undefined || body.content !== undefined, {
    message: 'Give a name or a content',
  });

export type UpdateDocumentInput = z.input<typeof updateDocumentSchema>;

export type OrganizationStatsDto = { documentsCount: number; documentsSize: number };

/** MIME types previewed inline (PDF, images, plain text); everything else is downloaded as an attachment. */
export function isInlineMimeType(mimeType: string): boolean {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/pdf' || type === 'text/plain') return true;
  return ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/bmp'].includes(type);
}

/** This domain's endpoints (see endpoint.ts). */
export const documentsEndpoints = {};
