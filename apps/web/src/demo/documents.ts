import { detectDocumentDate, numericDateOrderOf } from '@sheaf/contracts/document-dates';
import {
  documentsEndpoints,
  isInlineMimeType,
  listDeletedDocumentsQuerySchema,
  listDocumentsQuerySchema,
  updateDocumentSchema,
} from '@sheaf/contracts/documents';
import { recordActivity } from './activity';
import { DEMO_DOCUMENTS_PAGE_SIZE, DEMO_PLAN_LIMITS, DEMO_UPLOAD_DELAY_MS } from './constants';
import { type DemoContext, newId, nowIso, readBytes, requireOrganization } from './context';
import {
  activeDocuments,
  filterAndSortDemoDocuments,
  findDocument,
  toDocumentDto,
  toListItem,
} from './documents-store';
import { DemoHttpError, handle, json, noContent, parseJsonBody, parseWith, readQuery } from './http';
import type { DocumentRow } from './state';
import { applyTaggingRules } from './tagging-rules';

/** The demo's page size when the query gives none, or an empty one (spec §9: 10 for documents in demo). */
const withDemoPageSize = (query: Record<string, string | string[]>) => ({
  ...query,
  pageSize:
    query.pageSize === undefined || query.pageSize === '' ? String(DEMO_DOCUMENTS_PAGE_SIZE) : query.pageSize,
});

const page = <T>(items: T[], pageIndex: number, pageSize: number) =>
  items.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize);

export async function sha256Hex(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  // A copy made here, so bytes from another realm (a test environment's Blob) are accepted too.
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new Uint8Array(bytes));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

const storedBytes = (context: DemoContext, organizationId: string) =>
  context.state.documents
    .filter((document) => document.organizationId === organizationId)
    .reduce((total, document) => total + document.originalSize, 0);

/**
 * The date found in the text, else in the original file name, as the server's extraction reads it
 * (numeric dates in the owner's order: the demo user has no locale, so day first); a date someone
 * set or cleared stays.
 */
function detectDemoDocumentDate(context: DemoContext, document: DocumentRow) {
  if (document.documentDateSource === 'user') return;
  const detected = detectDocumentDate({
    text: document.content,
    fileName: document.originalName,
    order: numericDateOrderOf(null),
    today: nowIso(context).slice(0, 10),
  });
  document.documentDate = detected;
  document.documentDateSource = detected === null ? null : 'detected';
}

function trashDocument(context: DemoContext, document: DocumentRow) {
  const now = nowIso(context);
  document.deletedAt = now;
  document.deletedBy = context.state.currentUserId;
  recordActivity(context, {
    organizationId: document.organizationId,
    documentId: document.id,
    event: 'deleted',
  });
}

async function purgeDocuments(context: DemoContext, documents: DocumentRow[]) {
  const ids = new Set(documents.map(({ id }) => id));
  const { state } = context;
  state.documents = state.documents.filter(({ id }) => !ids.has(id));
  state.documentTags = state.documentTags.filter(({ documentId }) => !ids.has(documentId));
  state.activities = state.activities.filter(({ documentId }) => !ids.has(documentId));
  // As the database's cascades do.
  state.documentPropertyValues = state.documentPropertyValues.filter(
    ({ documentId }) => !ids.has(documentId),
  );
  state.notes = state.notes.filter(({ documentId }) => !ids.has(documentId));
  if (ids.size > 0) await context.persistence.deleteFiles([...ids]);
}

/**
 * POST /documents (multipart, field `file`): checked against the demo plan's limits, stored after
 * the demo's upload delay with its text extracted in the browser, then tagged by the rules.
 */
async function uploadDocument(context: DemoContext, organizationId: string, body: unknown) {
  const file = body instanceof FormData ? body.get('file') : null;
  if (!(file instanceof Blob)) {
    throw new DemoHttpError(400, 'api.validation_error', 'The request is invalid.', [
      { path: 'file', message: 'A file is required in the field "file".', code: 'invalid_file' },
    ]);
  }
  const maxFileSize = DEMO_PLAN_LIMITS.maxFileSize;
  if (file.size > maxFileSize) {
    throw new DemoHttpError(
      413,
      'document.size_too_large',
      `The file size is too large: the limit is ${maxFileSize} bytes.`,
    );
  }
  if (storedBytes(context, organizationId) + file.size > DEMO_PLAN_LIMITS.maxDocumentStorageBytes) {
    throw new DemoHttpError(
      413,
      'documents.storage_limit_reached',
      "This upload would exceed the organization's storage limit.",
    );
  }
  const name = file instanceof File && file.name ? file.name : 'document';
  const mimeType = (file.type || 'application/octet-stream').split(';')[0]?.trim().toLowerCase() ?? '';
  const [sha256, content] = await Promise.all([
    readBytes(file).then(sha256Hex),
    context.extractText(file, mimeType).catch(() => ''),
    context.sleep(DEMO_UPLOAD_DELAY_MS),
  ]).then(([hash, text]) => [hash, text] as const);

  const twin = context.state.documents.find(
    (document) => document.organizationId === organizationId && document.originalSha256 === sha256,
  );
  if (twin && twin.deletedAt === null) {
    throw new DemoHttpError(409, 'document.already_exists', 'The document already exists.');
  }
  if (twin) {
    twin.deletedAt = null;
    twin.deletedBy = null;
    recordActivity(context, { organizationId, documentId: twin.id, event: 'restored' });
    return { document: twin, created: false };
  }
  const document: DocumentRow = {
    id: newId('doc'),
    organizationId,
    name,
    originalName: name,
    originalSize: file.size,
    originalSha256: sha256,
    mimeType,
    content,
    extractionStatus: 'done',
    createdAt: nowIso(context),
    updatedAt: null,
    deletedAt: null,
    deletedBy: null,
    documentDate: null,
    documentDateSource: null,
  };
  detectDemoDocumentDate(context, document);
  await context.persistence.saveFiles([[document.id, file]]);
  context.state.documents.push(document);
  recordActivity(context, { organizationId, documentId: document.id, event: 'created' });
  applyTaggingRules(context, document);
  return { document, created: true };
}

/** The file, whole or the `Range: bytes=a-b` asked (206), with the server's headers. */
async function fileResponse(context: DemoContext, document: DocumentRow, rangeHeader: string | null) {
  const file = await context.persistence.loadFile(document.id);
  const bytes = file ? await readBytes(file) : new Uint8Array();
  const headers = new Headers({
    'Content-Type': document.mimeType,
    'Content-Disposition': `${isInlineMimeType(document.mimeType) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(document.name)}`,
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
  });
  const range = rangeHeader ? /^bytes=(\d+)-(\d*)$/.exec(rangeHeader.trim()) : null;
  if (range) {
    const start = Number(range[1]);
    const end = Math.min(range[2] ? Number(range[2]) : bytes.length - 1, bytes.length - 1);
    if (start >= bytes.length || start > end) {
      return json(
        {
          error: {
            code: 'documents.range_not_satisfiable',
            message: 'The requested range is outside the file.',
          },
        },
        416,
      );
    }
    headers.set('Content-Range', `bytes ${start}-${end}/${bytes.length}`);
    headers.set('Content-Length', String(end - start + 1));
    return new Response(bytes.slice(start, end + 1), { status: 206, headers });
  }
  headers.set('Content-Length', String(bytes.length));
  return new Response(bytes, { status: 200, headers });
}

export const documentsRoutes = (context: DemoContext) => {
  const organizationOf = (params: Record<string, string>) =>
    requireOrganization(context, params.organizationId ?? '').organization;
  return [
    handle(documentsEndpoints.upload, async ({ params, body }) => {
      const { document, created } = await uploadDocument(context, organizationOf(params).id, body);
      // With its content, as the server answers it.
      return json({ document: toDocumentDto(context, document) }, created ? 201 : 200);
    }),
    handle(documentsEndpoints.list, ({ params, url }) => {
      const organization = organizationOf(params);
      const { pageIndex, pageSize, sort, order, ...filters } = parseWith(
        listDocumentsQuerySchema,
        withDemoPageSize(readQuery(url)),
      );
      const documents = filterAndSortDemoDocuments(
        context,
        organization.id,
        activeDocuments(context, organization.id),
        { filters, sort, order },
      );
      return json({
        documents: page(documents, pageIndex, pageSize).map((document) => toListItem(context, document)),
        documentsCount: documents.length,
      });
    }),
    handle(documentsEndpoints.listDeleted, ({ params, url }) => {
      const organization = organizationOf(params);
      const { pageIndex, pageSize } = parseWith(
        listDeletedDocumentsQuerySchema,
        withDemoPageSize(readQuery(url)),
      );
      const documents = context.state.documents
        .filter((document) => document.organizationId === organization.id && document.deletedAt !== null)
        .sort((a, b) => (b.deletedAt ?? '').localeCompare(a.deletedAt ?? '') || b.id.localeCompare(a.id));
      return json({
        documents: page(documents, pageIndex, pageSize).map((document) => toListItem(context, document)),
        documentsCount: documents.length,
      });
    }),
    handle(documentsEndpoints.statistics, ({ params }) => {
      const documents = activeDocuments(context, organizationOf(params).id);
      return json({
        organizationStats: {
          documentsCount: documents.length,
          documentsSize: documents.reduce((total, document) => total + document.originalSize, 0),
        },
      });
    }),
    handle(documentsEndpoints.emptyTrash, async ({ params }) => {
      const organization = organizationOf(params);
      await purgeDocuments(
        context,
        context.state.documents.filter(
          (document) => document.organizationId === organization.id && document.deletedAt !== null,
        ),
      );
      return noContent();
    }),
    handle(documentsEndpoints.deleteTrashed, async ({ params }) => {
      const document = findDocument(context, organizationOf(params).id, params.documentId ?? '');
      if (document.deletedAt === null) {
        throw new DemoHttpError(
          404,
          'documents.not_found',
          'No document with this id in the trash of this organization.',
        );
      }
      await purgeDocuments(context, [document]);
      return noContent();
    }),
    handle(documentsEndpoints.get, ({ params }) =>
      json({
        document: toDocumentDto(
          context,
          findDocument(context, organizationOf(params).id, params.documentId ?? ''),
        ),
      }),
    ),
    handle(documentsEndpoints.file, ({ params, headers }) =>
      fileResponse(
        context,
        findDocument(context, organizationOf(params).id, params.documentId ?? ''),
        headers.get('range'),
      ),
    ),
    handle(documentsEndpoints.update, (request) => {
      const document = findDocument(
        context,
        organizationOf(request.params).id,
        request.params.documentId ?? '',
      );
      const { name, content, documentDate } = parseJsonBody(request, updateDocumentSchema);
      const updatedFields = [
        name === undefined ? [] : ['name'],
        content === undefined ? [] : ['content'],
        documentDate === undefined ? [] : ['documentDate'],
      ].flat();
      if (name !== undefined) document.name = name;
      if (content !== undefined) document.content = content;
      if (documentDate !== undefined) {
        // Set or cleared by someone: a later extraction leaves it as it is.
        document.documentDate = documentDate;
        document.documentDateSource = 'user';
      }
      document.updatedAt = nowIso(context);
      recordActivity(context, {
        organizationId: document.organizationId,
        documentId: document.id,
        event: 'updated',
        eventData: { updatedFields },
      });
      return json({ document: toDocumentDto(context, document) });
    }),
    handle(documentsEndpoints.delete, ({ params }) => {
      const document = findDocument(context, organizationOf(params).id, params.documentId ?? '');
      if (document.deletedAt === null) trashDocument(context, document);
      return noContent();
    }),
    handle(documentsEndpoints.restore, ({ params }) => {
      const document = findDocument(context, organizationOf(params).id, params.documentId ?? '');
      if (document.deletedAt !== null) {
        document.deletedAt = null;
        document.deletedBy = null;
        recordActivity(context, {
          organizationId: document.organizationId,
          documentId: document.id,
          event: 'restored',
        });
      }
      return json({ document: toDocumentDto(context, document) });
    }),
    handle(documentsEndpoints.retryExtraction, async ({ params }) => {
      const document = findDocument(context, organizationOf(params).id, params.documentId ?? '');
      const file = await context.persistence.loadFile(document.id);
      document.content = file ? await context.extractText(file, document.mimeType).catch(() => '') : '';
      document.extractionStatus = 'done';
      detectDemoDocumentDate(context, document);
      applyTaggingRules(context, document);
      return json({ document: toDocumentDto(context, document) }, 202);
    }),
  ];
};
