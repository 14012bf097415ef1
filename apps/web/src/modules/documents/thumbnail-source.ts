import type { DocumentListItemDto } from '@sheaf/contracts/documents';
import { fillPath } from '@sheaf/contracts/endpoint';
import { apiClient } from '../../shared/http/api-client';

/** A document's thumbnail (WebP, 400 px wide); 404 when it has none. */
export const DOCUMENT_THUMBNAIL_PATH = '/api/organizations/:organizationId/documents/:documentId/thumbnail';

/**
 * Where a thumbnail is read from. The server's URL carries the document's `thumbnailVersion`, so
 * the browser's cache holds each version for as long as the server says and a new one is a new URL.
 */
export function documentThumbnailUrl(organizationId: string, documentId: string, version: string): string {
  const path = fillPath(DOCUMENT_THUMBNAIL_PATH, { organizationId, documentId });
  return `${apiClient.baseUrl}${path}?v=${encodeURIComponent(version)}`;
}

/**
 * The demo has no server for an `<img>` to ask (its API answers `fetch` only): it gives its own
 * source for the seed's precomputed thumbnails (demo/thumbnails.ts), undefined for the others.
 * Kept apart from the components so the demo's start sets it without loading them.
 */
export type ThumbnailSourceResolver = (thumbnail: {
  organizationId: string;
  documentId: string;
  version: string;
}) => string | undefined;

let resolveThumbnailSource: ThumbnailSourceResolver | undefined;

/** Demo only: answers the thumbnails' sources instead of the server's URL. */
export function setThumbnailSourceResolver(resolver: ThumbnailSourceResolver | undefined) {
  resolveThumbnailSource = resolver;
}

/** The `src` of a document's thumbnail; undefined when it has none. */
export function thumbnailSourceOf(
  organizationId: string,
  document: Pick<DocumentListItemDto, 'id' | 'thumbnailVersion'>,
): string | undefined {
  const version = document.thumbnailVersion;
  if (version === null) return undefined;
  if (resolveThumbnailSource)
    return resolveThumbnailSource({ organizationId, documentId: document.id, version });
  return documentThumbnailUrl(organizationId, document.id, version);
}
