import type { DocumentDto, DocumentListItemDto, DocumentTagDto } from '@sheaf/contracts/documents';
import type { DocumentPropertyValueDto } from '@sheaf/contracts/properties';
import type { Insertable, Selectable } from 'kysely';
import type { DocumentsTable } from '../../db/database.types';
import type { ByteRange } from '../storage/storage.types';

export const DAY_MS = 24 * 60 * 60 * 1000;

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

export const toDocumentDto = (
  row: DocumentRow,
  tags: DocumentTagDto[],
  extras: DocumentListItemExtras = NO_EXTRAS,
): DocumentDto => ({
  ...toDocumentListItemDto(row, tags, extras),
  content: row.content,
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
