import { Readable } from 'node:stream';
import { documentsEndpoints, isInlineMimeType } from '@sheaf/contracts/documents';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../shared/app.types';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { isHttpError } from '../../shared/errors';
import { nodeRequestBody } from '../../shared/node-request-body';
import { getMembership } from '../organizations/organizations.middleware';
import { contentDisposition, PREVIEW_HTML_CONTENT_SECURITY_POLICY } from './documents.models';
import type { DocumentsUsecases } from './documents.usecases';

/** How long a browser keeps a thumbnail asked for by its version. */
const THUMBNAIL_MAX_AGE_SECONDS = 86_400;

export function createDocumentsRoutes({
  documents,
  routes,
  uploadRateLimit,
}: {
  routes: EndpointRoutesFactory;
  documents: DocumentsUsecases;
  /** Per-user limit on uploads (UPLOADS_RATE_LIMIT_PER_MINUTE). */
  uploadRateLimit: MiddlewareHandler<AppEnv>;
}) {
  return (
    routes()
      .on(
        documentsEndpoints.upload,
        async ({ c }) => {
          const { organizationId, userId } = getMembership(c);
          const { document, created } = await documents.uploadDocument({
            organizationId,
            userId,
            request: c.req.raw,
            ...nodeRequestBody(c),
          });
          return created ? { status: 201, body: { document } } : { status: 200, body: { document } };
        },
        { before: [uploadRateLimit] },
      )
      .on(documentsEndpoints.list, async ({ c, query }) => ({
        status: 200,
        body: await documents.listDocuments({
          organizationId: getMembership(c).organizationId,
          pageIndex: query.pageIndex,
          pageSize: query.pageSize,
          filters: {
            tags: query.tags,
            anyTags: query.anyTags,
            excludedTags: query.excludedTags,
            documentDateFrom: query.documentDateFrom,
            documentDateTo: query.documentDateTo,
            createdFrom: query.createdFrom,
            createdTo: query.createdTo,
            fileTypes: query.fileTypes,
            extractionStatuses: query.extractionStatuses,
            property: query.property,
          },
          sort: query.sort,
          order: query.order,
        }),
      }))
      // Fixed paths before `/:documentId`.
      .on(documentsEndpoints.listDeleted, async ({ c, query }) => ({
        status: 200,
        body: await documents.listDeletedDocuments({
          organizationId: getMembership(c).organizationId,
          pageIndex: query.pageIndex,
          pageSize: query.pageSize,
        }),
      }))
      .on(documentsEndpoints.statistics, async ({ c }) => ({
        status: 200,
        body: {
          organizationStats: await documents.getStatistics({
            organizationId: getMembership(c).organizationId,
          }),
        },
      }))
      .on(documentsEndpoints.emptyTrash, async ({ c }) => {
        await documents.emptyTrash({ organizationId: getMembership(c).organizationId });
        return { status: 204 };
      })
      .on(documentsEndpoints.deleteTrashed, async ({ c, params }) => {
        await documents.deleteTrashedDocument({
          organizationId: getMembership(c).organizationId,
          documentId: params.documentId,
        });
        return { status: 204 };
      })
      .on(documentsEndpoints.get, async ({ c, params }) => ({
        status: 200,
        body: {
          document: await documents.getDocument({
            organizationId: getMembership(c).organizationId,
            documentId: params.documentId,
          }),
        },
      }))
      .on(documentsEndpoints.file, async ({ c, params }) => {
        const { organizationId } = getMembership(c);
        let opened: Awaited<ReturnType<DocumentsUsecases['openDocumentFile']>>;
        try {
          opened = await documents.openDocumentFile({
            organizationId,
            documentId: params.documentId,
            rangeHeader: c.req.header('range'),
          });
        } catch (error) {
          if (isHttpError(error) && error.status === 416) {
            const size = await documents
              .getDocument({ organizationId, documentId: params.documentId })
              .then((document) => document.originalSize);
            c.header('Content-Range', `bytes */${size}`);
          }
          throw error;
        }
        const { document, size, range, stream } = opened;
        const inline = isInlineMimeType(document.mime_type);
        const headers = new Headers({
          'Content-Type': document.mime_type,
          'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', document.name),
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'Cache-Control': 'private, no-cache, no-transform',
          'Accept-Ranges': 'bytes',
          'Cross-Origin-Resource-Policy': 'same-origin',
        });
        const body = Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>;
        if (range) {
          headers.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
          headers.set('Content-Length', String(range.end - range.start + 1));
          return new Response(body, { status: 206, headers });
        }
        headers.set('Content-Length', String(size));
        return new Response(body, { status: 200, headers });
      })
      .on(documentsEndpoints.thumbnail, async ({ c, params, query }) => {
        const opened = await documents.openDocumentThumbnail({
          organizationId: getMembership(c).organizationId,
          documentId: params.documentId,
          ifNoneMatch: c.req.header('if-none-match'),
        });
        const headers = new Headers({
          ETag: `"${opened.etag}"`,
          // A URL naming the version (`?v=`) never changes: kept a day. Without it, revalidated.
          'Cache-Control':
            query.v === opened.etag ? `private, max-age=${THUMBNAIL_MAX_AGE_SECONDS}` : 'private, no-cache',
          'X-Content-Type-Options': 'nosniff',
          'Cross-Origin-Resource-Policy': 'same-origin',
        });
        if (opened.notModified) return new Response(null, { status: 304, headers });
        headers.set('Content-Type', 'image/webp');
        const body = Readable.toWeb(opened.stream) as unknown as ReadableStream<Uint8Array>;
        return new Response(body, { status: 200, headers });
      })
      .on(documentsEndpoints.preview, async ({ c, params }) => {
        const opened = await documents.openDocumentPreview({
          organizationId: getMembership(c).organizationId,
          documentId: params.documentId,
          ifNoneMatch: c.req.header('if-none-match'),
        });
        const headers = new Headers({
          ETag: `"${opened.etag}"`,
          'Cache-Control': 'private, no-cache',
          'X-Content-Type-Options': 'nosniff',
          'Cross-Origin-Resource-Policy': 'same-origin',
          // HTML: sandboxed, nothing loaded but data: images and our stylesheet; a PDF as its file is.
          'Content-Security-Policy':
            opened.kind === 'html'
              ? PREVIEW_HTML_CONTENT_SECURITY_POLICY
              : "default-src 'none'; sandbox; frame-ancestors 'self'",
        });
        if (opened.notModified) return new Response(null, { status: 304, headers });
        headers.set('Content-Type', opened.kind === 'html' ? 'text/html; charset=utf-8' : 'application/pdf');
        headers.set('Content-Disposition', 'inline');
        const body = Readable.toWeb(opened.stream) as unknown as ReadableStream<Uint8Array>;
        return new Response(body, { status: 200, headers });
      })
      .on(documentsEndpoints.activity, async ({ c, params, query }) => ({
        status: 200,
        body: {
          activities: await documents.listActivities({
            organizationId: getMembership(c).organizationId,
            documentId: params.documentId,
            pageIndex: query.pageIndex,
            pageSize: query.pageSize,
          }),
        },
      }))
      .on(documentsEndpoints.update, async ({ c, params, body }) => {
        const { organizationId, userId } = getMembership(c);
        const document = await documents.updateDocument({
          organizationId,
          documentId: params.documentId,
          userId,
          name: body.name,
          content: body.content,
          documentDate: body.documentDate,
        });
        return { status: 200, body: { document } };
      })
      .on(documentsEndpoints.delete, async ({ c, params }) => {
        const { organizationId, userId } = getMembership(c);
        await documents.deleteDocument({ organizationId, documentId: params.documentId, userId });
        return { status: 204 };
      })
      .on(documentsEndpoints.retryExtraction, async ({ c, params }) => {
        const document = await documents.retryExtraction({
          organizationId: getMembership(c).organizationId,
          documentId: params.documentId,
        });
        return { status: 202, body: { document } };
      })
      .on(documentsEndpoints.restore, async ({ c, params }) => {
        const { organizationId, userId } = getMembership(c);
        const document = await documents.restoreDocument({
          organizationId,
          documentId: params.documentId,
          userId,
        });
        return { status: 200, body: { document } };
      }).router
  );
}
