import { createHash } from 'node:crypto';
import type {
  DocumentDto,
  DocumentLinkDto,
  DocumentListItemDto,
  DocumentTagDto,
} from '@sheaf/contracts/documents';
import type { DocumentPropertyValueDto } from '@sheaf/contracts/properties';
import type { Insertable, Selectable } from 'kysely';
import type { DocumentsTable } from '../../db/database.types';
import type { ByteRange } from '../storage/storage.types';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The stylesheet of an HTML preview (extraction.office wraps the sanitized HTML with it): the only
 * style the preview's Content-Security-Policy allows, by its hash. Light and dark, like the app.
 * Stored previews embed it as it was: changing it unstyles them (their CSP names the new hash)
 * unless the old hash is allowed too.
 */
export const PREVIEW_HTML_STYLESHEET = [
  ':root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.55}',
  'body{margin:0 auto;padding:24px;max-width:820px;color:#18181b;background:#fff;overflow-wrap:anywhere}',
  '@media (prefers-color-scheme:dark){body{color:#e4e4e7;background:#18181b}td,th{border-color:#3f3f46}}',
  'img{max-width:100%;height:auto}',
  'table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #d4d4d8;padding:4px 8px;vertical-align:top}',
  'h1,h2,h3{line-height:1.25}pre{white-space:pre-wrap}',
].join('');

/**
 * The Content-Security-Policy of an HTML preview: sandboxed (no scripts, no same origin), nothing
 * loaded but `data:` images, our stylesheet by its hash; framed only by the app itself.
 */
export const PREVIEW_HTML_CONTENT_SECURITY_POLICY = `sandbox; default-src 'none'; img-src data:; style-src 'sha256-${createHash('sha256').update(PREVIEW_HTML_STYLESHEET).digest('base64')}'; frame-ancestors 'self'`;

/** Documents read per batch when the trash is emptied or purged and when extractions are swept. */
export const DOCUMENTS_BATCH_SIZE = 100;

export type DocumentRow = Selectable<DocumentsTable>;
export type NewDocumentRow = Insertable<DocumentsTable>;
export type DocumentListRow = Omit<DocumentRow, 'content'>;

/** What a list item carries beside its row: read for a whole page at once (see the read port's toListItems). */
export type DocumentListItemExtras = {
  properties: DocumentPropertyValueDto[];
  notesCount: number;
};

const NO_EXTRAS: DocumentListItemExtras = { properties: [], notesCount: 0 };

export const toDocumentListItemDto = (
  row: DocumentListRow,
  tags: DocumentTagDto[],
  { properties, notesCount }: DocumentListItemExtras = NO_EXTRAS,
): DocumentListItemDto => ({
  id: row.id,
  organizationId: row.organization_id,
  name: row.name,
  originalName: row.original_name,
  originalSize: Number(row.original_size),
  originalSha256: row.original_sha256,
  mimeType: row.mime_type,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  deletedAt: row.deleted_at,
  deletedBy: row.deleted_by,
  isDeleted: Boolean(row.is_deleted),
  scheduledPurgeAt: row.scheduled_purge_at,
  extractionStatus: row.extraction_status,
  extractionError:
    row.extraction_status === 'failed' && row.extraction_error_code
      ? { code: row.extraction_error_code, message: row.extraction_error_message ?? '' }
      : null,
  tags,
  // `?? null`: a row read without these columns (another module's list) has no date.
  thumbnailVersion: row.thumbnail_etag ?? null,
  documentDate: row.document_date ?? null,
  documentDateIsDetected: row.document_date_source === 'detected',
  properties,
  notesCount,
});

/** An e-mail file's links (migration 0030): its attachments' documents, or the message an attachment came in. */
export type DocumentEmailLinks = { attachments: DocumentLinkDto[]; fromEmail: DocumentLinkDto | null };

const NO_EMAIL_LINKS: DocumentEmailLinks = { attachments: [], fromEmail: null };

export const toDocumentDto = (
  row: DocumentRow,
  tags: DocumentTagDto[],
  extras: DocumentListItemExtras = NO_EXTRAS,
  { attachments, fromEmail }: DocumentEmailLinks = NO_EMAIL_LINKS,
): DocumentDto => ({
  ...toDocumentListItemDto(row, tags, extras),
  content: row.content,
  attachments,
  fromEmail,
  extractionNotice:
    row.extraction_status === 'done' && row.extraction_notice_code
      ? { code: row.extraction_notice_code, message: row.extraction_notice_message ?? '' }
      : null,
  preview: row.preview_kind ?? null,
});

/** Where a document's file is stored: ids only, never the user-given name. */
export const storageKeyOf = ({
  organizationId,
  documentId,
}: {
  organizationId: string;
  documentId: string;
}) => `${organizationId}/${documentId}`;

/**
 * A file name as given by the client, kept as the document's name: path parts some browsers send
 * are dropped, control characters removed, length capped. Never used as a storage path.
 */
export function sanitizeFileName(raw: string | undefined, maxLength = 255): string {
  const decoded = (raw ?? '').normalize('NFC');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = decoded.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = cleaned === '' ? 'document' : cleaned;
  if (name.length <= maxLength) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  return name.slice(0, maxLength - extension.length) + extension;
}

/** `Content-Disposition` with an ASCII fallback and the exact UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Parses a `Range` header against a file of `size` bytes. Answers undefined for no (or an
 * unsupported multi-range) header — send the whole file — and 'unsatisfiable' for a range outside it.
 */
export function parseRangeHeader(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return header.includes(',') || !/^\s*bytes\s*=/i.test(header) ? undefined : 'unsatisfiable';
  const [, startText = '', endText = ''] = match;
  if (startText === '' && endText === '') return 'unsatisfiable';
  if (startText === '') {
    const suffix = Number(endText);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
