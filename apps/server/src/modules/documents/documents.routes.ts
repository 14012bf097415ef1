import { Readable } from 'node:stream';
import {
  isInlineMimeType,
  listDeletedDocumentsQuerySchema,
  listDocumentActivityQuerySchema,
  listDocumentsQuerySchema,
  updateDocumentSchema,
} from '@sheaf/contracts/documents';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../shared/app.types';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { isHttpError } from '../../shared/errors';
import { nodeRequestBody } from '../../shared/node-request-body';
import { parseJsonBody, parseWith, readQueryWithLists } from '../../shared/validation';
import { getMembership, type RequireOrganizationMember } from '../organizations/organizations.middleware';
import { contentDisposition } from './documents.models';
import type { DocumentsUsecases } from './documents.usecases';

const BASE = '/organizations/:organizationId/documents';

export function createDocumentsRoutes({
  documents,
  requireOrganizationMember,
  uploadRateLimit,
}: {
  /** Binds handlers to catalogue endpoints (the modules not bound yet ignore it). */
  routes: EndpointRoutesFactory;
  documents: DocumentsUsecases;
  requireOrganizationMember: RequireOrganizationMember;
  /** Per-user limit on uploads (UPLOADS_RATE_LIMIT_PER_MINUTE). */
  uploadRateLimit: MiddlewareHandler<AppEnv>;
}) {
  const canCreate = requireOrganizationMember({ apiKeyPermissions: ['documents:create'] });
  const canRead = requireOrganizationMember({ apiKeyPermissions: ['documents:read'] });
  const canUpdate = requireOrganizationMember({ apiKeyPermissions: ['documents:update'] });
  const canDelete = requireOrganizationMember({ apiKeyPermissions: ['documents:delete'] });

  return (
    new Hono<AppEnv>()
      .post(BASE, canCreate, uploadRateLimit, async (c) => {
        const { organizationId, userId } = getMembership(c);
        const { document, created } = await documents.uploadDocument({
          organizationId,
          userId,
          request: c.req.raw,
          ...nodeRequestBody(c),
        });
        return c.json({ document }, created ? 201 : 200);
      })
      .get(BASE, canRead, async (c) => {
        const { pageIndex, pageSize, tags } = parseWith(
          listDocumentsQuerySchema,
          readQueryWithLists(c.req.url),
        );
        return c.json(
          await documents.listDocuments({
            organizationId: getMembership(c).organizationId,
            pageIndex,
            pageSize,
            tagIds: tags,
          }),
        );
      })
      // Fixed paths before `/:documentId`.
      .get(`${BASE}/deleted`, canRead, async (c) => {
        const { pageIndex, pageSize } = parseWith(listDeletedDocumentsQuerySchema, c.req.query());
        return c.json(
          await documents.listDeletedDocuments({
            organizationId: getMembership(c).organizationId,
            pageIndex,
            pageSize,
          }),
        );
      })
      .get(`${BASE}/statistics`, canRead, async (c) =>
        c.json({
          organizationStats: await documents.getStatistics({
            organizationId: getMembership(c).organizationId,
          }),
        }),
      )
      .delete(`${BASE}/trash`, canDelete, async (c) => {
        await documents.emptyTrash({ organizationId: getMembership(c).organizationId });
        return c.body(null, 204);
      })
      .delete(`${BASE}/trash/:documentId`, canDelete, async (c) => {
        await documents.deleteTrashedDocument({
          organizationId: getMembership(c).organizationId,
          documentId: c.req.param('documentId'),
        });
        return c.body(null, 204);
      })
      .get(`${BASE}/:documentId`, canRead, async (c) =>
        c.json({
          document: await documents.getDocument({
            organizationId: getMembership(c).organizationId,
            documentId: c.req.param('documentId'),
          }),
        }),
      )
      .get(`${BASE}/:documentId/file`, canRead, async (c) => {
        let opened: Awaited<ReturnType<DocumentsUsecases['openDocumentFile']>>;
        try {
          opened = await documents.openDocumentFile({
            organizationId: getMembership(c).organizationId,
            documentId: c.req.param('documentId'),
            rangeHeader: c.req.header('range'),
          });
        } catch (error) {
          if (isHttpError(error) && error.status === 416) {
            const size = await documents
              .getDocument({
                organizationId: getMembership(c).organizationId,
                documentId: c.req.param('documentId'),
              })
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
      .get(`${BASE}/:documentId/activity`, canRead, async (c) => {
        const { pageIndex, pageSize } = parseWith(listDocumentActivityQuerySchema, c.req.query());
        return c.json({
          activities: await documents.listActivities({
            organizationId: getMembership(c).organizationId,
            documentId: c.req.param('documentId'),
            pageIndex,
            pageSize,
          }),
        });
      })
      .patch(`${BASE}/:documentId`, canUpdate, async (c) => {
        const { name, content } = await parseJsonBody(c, updateDocumentSchema);
        const { organizationId, userId } = getMembership(c);
        return c.json({
          document: await documents.updateDocument({
            organizationId,
            documentId: c.req.param('documentId'),
            userId,
            name,
            content,
          }),
        });
      })
      .delete(`${BASE}/:documentId`, canDelete, async (c) => {
        const { organizationId, userId } = getMembership(c);
        await documents.deleteDocument({ organizationId, documentId: c.req.param('documentId'), userId });
        return c.body(null, 204);
      })
      .post(`${BASE}/:documentId/extraction`, canUpdate, async (c) => {
        const document = await documents.retryExtraction({
          organizationId: getMembership(c).organizationId,
          documentId: c.req.param('documentId'),
        });
        return c.json({ document }, 202);
      })
      .post(`${BASE}/:documentId/restore`, canDelete, async (c) => {
        const { organizationId, userId } = getMembership(c);
        const document = await documents.restoreDocument({
          organizationId,
          documentId: c.req.param('documentId'),
          userId,
        });
        return c.json({ document });
      })
  );
}
