import type { DocumentListItemDto } from '@sheaf/contracts/documents';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createDemoApi, type DemoApi } from './api';
import { callDemo } from './demo-test-helpers';
import { DEMO_ORGANIZATION_ID } from './seed';
import { SEED_THUMBNAILS } from './seed-thumbnails';
import { createMemoryPersistence } from './state';
import { resolveDemoThumbnail } from './thumbnails';

const ORG = `/api/organizations/${DEMO_ORGANIZATION_ID}`;
const SEED_PDF = 'doc_demo00000000000000000001';
const SEED_TEXT = 'doc_demo00000000000000000014';
/** The first bytes of a WebP file: RIFF….WEBP. */
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 4, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);

let api: DemoApi;

beforeEach(async () => {
  api = await createDemoApi({
    persistence: createMemoryPersistence(),
    now: () => new Date('2026-05-01T10:00:00.000Z'),
    sleep: async () => {},
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function listed(): Promise<DocumentListItemDto[]> {
  const answer = await callDemo(api, 'GET', `${ORG}/documents?pageSize=100`);
  expect(answer.status).toBe(200);
  return answer.body.documents as DocumentListItemDto[];
}

describe('demo thumbnails', () => {
  test("gives the seed's PDFs and image a thumbnail version, and the text file none", async () => {
    const documents = await listed();
    const withThumbnail = documents.filter((document) => document.thumbnailVersion !== null);
    expect(withThumbnail.map((document) => document.id).sort()).toEqual(Object.keys(SEED_THUMBNAILS).sort());
    expect(withThumbnail.length).toBe(13);
    expect(documents.find((document) => document.id === SEED_TEXT)?.thumbnailVersion).toBeNull();
    const pdf = documents.find((document) => document.id === SEED_PDF);
    expect(pdf?.thumbnailVersion).toBe(SEED_THUMBNAILS[SEED_PDF]?.version);
  });

  test("points the app's images at the seed's files, for the version listed only", () => {
    const thumbnail = SEED_THUMBNAILS[SEED_PDF];
    if (!thumbnail) throw new Error('no seed thumbnail');
    expect(
      resolveDemoThumbnail({
        organizationId: DEMO_ORGANIZATION_ID,
        documentId: SEED_PDF,
        version: thumbnail.version,
      }),
    ).toBe(thumbnail.url);
    expect(thumbnail.url).toMatch(/\.webp/);
    expect(
      resolveDemoThumbnail({ organizationId: DEMO_ORGANIZATION_ID, documentId: SEED_PDF, version: 'other' }),
    ).toBeUndefined();
    expect(
      resolveDemoThumbnail({ organizationId: DEMO_ORGANIZATION_ID, documentId: SEED_TEXT, version: 'x' }),
    ).toBeUndefined();
  });

  test('serves the thumbnail endpoint as the server does: the WebP with its ETag, 304, and 404 without one', async () => {
    const thumbnail = SEED_THUMBNAILS[SEED_PDF];
    if (!thumbnail) throw new Error('no seed thumbnail');
    // The build's file, on the page's origin.
    const assetFetch = vi.fn(async () => new Response(WEBP, { headers: { 'content-type': 'image/webp' } }));
    vi.stubGlobal('fetch', assetFetch);

    const response = await api.fetch(
      `http://localhost${ORG}/documents/${SEED_PDF}/thumbnail?v=${thumbnail.version}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('etag')).toBe(`"${thumbnail.version}"`);
    expect(response.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(WEBP);
    expect(assetFetch).toHaveBeenCalledWith(thumbnail.url);

    const revalidated = await api.fetch(`http://localhost${ORG}/documents/${SEED_PDF}/thumbnail`, {
      headers: { 'if-none-match': `"${thumbnail.version}"` },
    });
    expect(revalidated.status).toBe(304);

    const none = await callDemo(api, 'GET', `${ORG}/documents/${SEED_TEXT}/thumbnail`);
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ error: { code: 'documents.thumbnail_not_found' } });
    const unknown = await callDemo(api, 'GET', `${ORG}/documents/doc_unknown/thumbnail`);
    expect(unknown.status).toBe(404);
  });

  test('answers the live list stream with 501: the demo has nothing to follow', async () => {
    const answer = await callDemo(api, 'GET', `${ORG}/documents/events`);
    expect(answer.status).toBe(501);
    expect(answer.body).toMatchObject({ error: { code: 'demo.not_available' } });
  });
});
