import { documentsEndpoints } from '@sheaf/contracts/documents';
import { type DemoContext, requireOrganization } from './context';
import { findDocument } from './documents-store';
import { handle, notFound, type Route } from './http';
import { SEED_THUMBNAILS } from './seed-thumbnails';

/** What the server says of a thumbnail's caching (see the endpoint). */
const THUMBNAIL_CACHE_CONTROL = 'private, max-age=86400';

/**
 * GET …/documents/{documentId}/thumbnail as the server answers it, for the seed's documents: their
 * precomputed WebP (thumbnails.ts), with its version as the ETag (`If-None-Match` → 304); 404
 * `documents.thumbnail_not_found` for the others. The app's `<img>` elements do not come here (an
 * image is not a fetch): they load the same files directly.
 */
export function thumbnailRoutes(context: DemoContext): Route[] {
  return [
    handle(documentsEndpoints.thumbnail, async ({ params, headers }) => {
      const { organization } = requireOrganization(context, params.organizationId ?? '');
      const document = findDocument(context, organization.id, params.documentId ?? '');
      const thumbnail = SEED_THUMBNAILS[document.id];
      if (!thumbnail) throw notFound('documents.thumbnail_not_found', 'This document has no thumbnail.');
      const etag = `"${thumbnail.version}"`;
      const cacheHeaders = { ETag: etag, 'Cache-Control': THUMBNAIL_CACHE_CONTROL };
      if (headers.get('if-none-match') === etag)
        return new Response(null, { status: 304, headers: cacheHeaders });
      // A file of the demo build, on the page's origin: not an API URL, so the network answers it.
      const file = await fetch(thumbnail.url);
      if (!file.ok) throw notFound('documents.thumbnail_not_found', 'This document has no thumbnail.');
      const bytes = new Uint8Array(await file.arrayBuffer());
      return new Response(bytes, {
        status: 200,
        headers: { ...cacheHeaders, 'Content-Type': 'image/webp', 'Content-Length': String(bytes.length) },
      });
    }),
  ];
}
