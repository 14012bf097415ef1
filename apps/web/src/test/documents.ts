import type { DocumentDto, DocumentListItemDto } from '@sheaf/contracts/documents';
import { PLANS } from '@sheaf/contracts/plans';
import type { MockRequest } from './app';
import { ORGANIZATION_ID } from './organizations';
import { jsonResponse } from './render';

export const API_DOCUMENTS = `/api/organizations/${ORGANIZATION_ID}/documents`;

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
    tags: [],
    ...overrides,
  };
}

/** A list item: the document without its content, as list answers carry it. */
export function listItem(document: DocumentDto): DocumentListItemDto {
  const { content: _content, ...item } = document;
  return item;
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
}: {
  documents?: DocumentDto[];
  deleted?: DocumentDto[];
  maxFileSize?: number | null;
} = {}): Record<string, Handler> {
  const handlers: Record<string, Handler> = {
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
    handlers[`GET ${API_DOCUMENTS}/${document.id}/file`] = () =>
      new Response(new Blob(['%PDF-1.4'], { type: document.mimeType }), {
        headers: { 'content-type': document.mimeType },
      });
  }
  return handlers;
}
