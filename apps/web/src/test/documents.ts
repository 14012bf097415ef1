import type {
  DocumentDto,
  DocumentListItemDto,
  DocumentSearchHitDto,
  SearchMatchRange,
} from '@sheaf/contracts/documents';
import { PLANS } from '@sheaf/contracts/plans';
import type { TagDto } from '@sheaf/contracts/tags';
import type { MockRequest } from './app';
import { ORGANIZATION_ID } from './organizations';
import { jsonResponse } from './render';

export const API_DOCUMENTS = `/api/organizations/${ORGANIZATION_ID}/documents`;
export const API_TAGS = `/api/organizations/${ORGANIZATION_ID}/tags`;

export function tagFixture(overrides: Partial<TagDto> = {}): TagDto {
  return {
    id: 'tag_1',
    organizationId: ORGANIZATION_ID,
    name: 'Invoices',
    color: '#d8ff75',
    description: 'Bills to pay or archive',
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    documentsCount: 0,
    ...overrides,
  };
}

export function documentFixture(overrides: Partial<DocumentDto> = {}): DocumentDto {
  return {
    id: 'doc_1',
    organizationId: ORGANIZATION_ID,
    name: 'Invoice March.pdf',
    originalName: 'Invoice March.pdf',
    originalSize: 1490,
    originalSha256: 'a'.repeat(64),
    mimeType: 'application/pdf',
    content: 'Northwind Energy\nTotal due: 68.40 EUR',
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: null,
    deletedAt: null,
    deletedBy: null,
    isDeleted: false,
    scheduledPurgeAt: null,
    thumbnailVersion: null,
    extractionStatus: 'done',
    extractionError: null,
    tags: [],
    documentDate: null,
    documentDateIsDetected: false,
    properties: [],
    notesCount: 0,
    attachments: [],
    fromEmail: null,
    extractionNotice: null,
    preview: null,
    ...overrides,
  };
}

/** A list item: the document without its content, as list answers carry it. */
export function listItem(document: DocumentDto): DocumentListItemDto {
  const { content: _content, ...item } = document;
  return item;
}

/**
 * A search hit for a document: its list item with a snippet and the ranges of `words` found in it
 * (case-insensitive), as the server answers. No snippet by default, as when only the name matched.
 */
export function searchHit(
  document: DocumentDto,
  { snippet = '', words = [] }: { snippet?: string; words?: string[] } = {},
): DocumentSearchHitDto {
  const matches: SearchMatchRange[] = [];
  const haystack = snippet.toLowerCase();
  for (const word of words) {
    const needle = word.toLowerCase();
    let start = haystack.indexOf(needle);
    while (start !== -1) {
      matches.push({ start, end: start + needle.length });
      start = haystack.indexOf(needle, start + needle.length);
    }
  }
  matches.sort((a, b) => a.start - b.start);
  return { ...listItem(document), snippet, matches };
}

/** `count` documents named `Document 1.pdf`, `Document 2.pdf`…, newest first. */
export function manyDocuments(count: number): DocumentDto[] {
  return Array.from({ length: count }, (_, index) =>
    documentFixture({
      id: `doc_${index + 1}`,
      name: `Document ${index + 1}.pdf`,
      originalName: `Document ${index + 1}.pdf`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, count - index)).toISOString(),
    }),
  );
}

type Handler = (request: MockRequest) => Response | Promise<Response>;

/** Paginates like the server: `pageIndex` and `pageSize` from the query string. */
export function pageOf(documents: DocumentDto[], request: MockRequest) {
  const pageIndex = Number(request.url.searchParams.get('pageIndex') ?? 0);
  const pageSize = Number(request.url.searchParams.get('pageSize') ?? 100);
  return {
    documents: documents.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize).map(listItem),
    documentsCount: documents.length,
  };
}

/** Read-only document handlers over fixed lists, and the free-plan subscription unless told otherwise. */
export function documentsHandlers({
  documents = [],
  deleted = [],
  maxFileSize = null,
  tags = [],
}: {
  documents?: DocumentDto[];
  deleted?: DocumentDto[];
  maxFileSize?: number | null;
  /** The organization's tags, answered by GET /tags. */
  tags?: TagDto[];
} = {}): Record<string, Handler> {
  const handlers: Record<string, Handler> = {
    [`GET ${API_TAGS}`]: () => jsonResponse({ tags }),
    [`GET /api/organizations/${ORGANIZATION_ID}/properties`]: () => jsonResponse({ properties: [] }),
    [`GET ${API_DOCUMENTS}`]: (request) => jsonResponse(pageOf(documents, request)),
    [`GET ${API_DOCUMENTS}/deleted`]: (request) => jsonResponse(pageOf(deleted, request)),
    [`GET ${API_DOCUMENTS}/statistics`]: () =>
      jsonResponse({
        organizationStats: {
          documentsCount: documents.length,
          documentsSize: documents.reduce((sum, document) => sum + document.originalSize, 0),
        },
      }),
    [`GET /api/organizations/${ORGANIZATION_ID}/subscription`]: () =>
      jsonResponse({
        subscription: null,
        plan: { ...PLANS.free, limits: { ...PLANS.free.limits, maxFileSize } },
      }),
  };
  for (const document of [...documents, ...deleted]) {
    handlers[`GET ${API_DOCUMENTS}/${document.id}`] = () => jsonResponse({ document });
    handlers[`GET ${API_DOCUMENTS}/${document.id}/activity`] = () => jsonResponse({ activities: [] });
    handlers[`GET ${API_DOCUMENTS}/${document.id}/notes`] = () => jsonResponse({ notes: [], notesCount: 0 });
    handlers[`GET ${API_DOCUMENTS}/${document.id}/file`] = () =>
      new Response(new Blob(['%PDF-1.4'], { type: document.mimeType }), {
        headers: { 'content-type': document.mimeType },
      });
  }
  return handlers;
}

/**
 * A document whose tags change as the server would: GET answers its current tags, POST /tags attaches one of
 * `tags` and DELETE /tags/{tagId} detaches it.
 */
export function taggableDocumentHandlers(document: DocumentDto, tags: TagDto[]): Record<string, Handler> {
  let current = document;
  const handlers: Record<string, Handler> = {
    [`GET ${API_DOCUMENTS}/${document.id}`]: () => jsonResponse({ document: current }),
    [`POST ${API_DOCUMENTS}/${document.id}/tags`]: ({ body }) => {
      const tag = tags.find((candidate) => candidate.id === (body as { tagId: string }).tagId);
      if (!tag) {
        return jsonResponse({ error: { code: 'tags.not_found', message: 'Tag not found' } }, { status: 404 });
      }
      const { id, name, color, description } = tag;
      current = { ...current, tags: [...current.tags, { id, name, color, description }] };
      return jsonResponse(
        { documentTag: { id: `dtg_${id}`, tagId: id, documentId: document.id } },
        { status: 201 },
      );
    },
  };
  for (const tag of tags) {
    handlers[`DELETE ${API_DOCUMENTS}/${document.id}/tags/${tag.id}`] = () => {
      current = { ...current, tags: current.tags.filter((candidate) => candidate.id !== tag.id) };
      return new Response(null, { status: 204 });
    };
  }
  return handlers;
}
