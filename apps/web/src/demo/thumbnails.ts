import type { ThumbnailSourceResolver } from '../modules/documents/thumbnail-source';
import { SEED_THUMBNAILS } from './seed-thumbnails';

/**
 * The demo's thumbnails (issue 31): the seed documents' first pages, made once by
 * scripts/make-demo-thumbnails.ts and shipped as files of the demo build, which the browser loads
 * only when a card or row shows them. Documents uploaded in the demo get none (their type's icon):
 * the demo renders no pages in the background.
 */

/** A seed document's thumbnail version (a hash of its file); null for any other document. */
export const seedThumbnailVersion = (documentId: string): string | null =>
  SEED_THUMBNAILS[documentId]?.version ?? null;

/**
 * Where an `<img>` finds a thumbnail in the demo: the seed's file, the version the list gave
 * included (an unknown one finds nothing, so the icon shows).
 */
export const resolveDemoThumbnail: ThumbnailSourceResolver = ({ documentId, version }) => {
  const thumbnail = SEED_THUMBNAILS[documentId];
  return thumbnail && thumbnail.version === version ? thumbnail.url : undefined;
};
