import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { PaperlessImportDto } from '@sheaf/contracts/paperless-imports';
import { paperlessImportsEndpoints } from '@sheaf/contracts/paperless-imports';
import busboy from 'busboy';
import type { Context } from 'hono';
import type { AppEnv } from '../../shared/app.types';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { createValidationError } from '../../shared/errors';
import { nodeRequestBody } from '../../shared/node-request-body';
import { getMembership } from '../organizations/organizations.middleware';
import type { PaperlessImportsUsecases } from './paperless-imports.usecases';

const uploadError = (message: string) => createValidationError([{ path: ['file'], message }]);

/** Reads the multipart body's `file` field and hands its stream to `store` (never buffered whole). */
function receiveZip(
  c: Context<AppEnv>,
  store: (file: { fileName: string; content: Readable }) => Promise<PaperlessImportDto>,
): Promise<PaperlessImportDto> {
  const contentType = c.req.header('content-type') ?? '';
  const { body } = nodeRequestBody(c);
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !(body ?? c.req.raw.body))
    return Promise.reject(uploadError('Send the zip as multipart/form-data in the field "file".'));
  const source = body ?? Readable.fromWeb(c.req.raw.body as unknown as WebReadableStream<Uint8Array>);
  return new Promise((resolve, reject) => {
    let storing: Promise<PaperlessImportDto> | undefined;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.resume();
      reject(error);
    };
    const parser = busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8',
      limits: { files: 1, fields: 10, parts: 20 },
    });
    parser.on('file', (field, stream, info) => {
      if (field !== 'file' || storing) {
        stream.resume();
        return;
      }
      storing = store({ fileName: info.filename ?? 'export.zip', content: stream });
      storing.catch(fail);
    });
    parser.on('error', () => fail(uploadError('The multipart body could not be read.')));
    parser.on('close', () => {
      if (settled) return;
      if (!storing) return fail(uploadError('The multipart body has no "file" field.'));
      storing.then((answer) => {
        if (settled) return;
        settled = true;
        resolve(answer);
      }, fail);
    });
    source.pipe(parser);
  });
}

/**
 * Paperless-ngx imports: owners and admins of the organization, sessions only (API keys get 403);
 * a folder on the server only for the server's administrators.
 */
export function createPaperlessImportsRoutes({
  paperlessImports,
  routes,
}: {
  paperlessImports: PaperlessImportsUsecases;
  routes: EndpointRoutesFactory;
}) {
  return routes()
    .on(paperlessImportsEndpoints.upload, async ({ c }) => {
      const { organizationId, userId } = getMembership(c);
      const created = await receiveZip(c, ({ fileName, content }) =>
        paperlessImports.createFromUpload({ organizationId, userId, fileName, content }),
      );
      return { status: 201, body: { import: created } };
    })
    .on(paperlessImportsEndpoints.createFromFolder, async ({ c, body }) => {
      const { organizationId, userId } = getMembership(c);
      const actor = c.get('actor');
      const created = await paperlessImports.createFromFolder({
        organizationId,
        userId,
        ...(actor.kind === 'session' ? { userEmail: actor.email } : {}),
        folder: body.path,
      });
      return { status: 201, body: { import: created } };
    })
    .on(paperlessImportsEndpoints.list, async ({ c }) => ({
      status: 200,
      body: {
        imports: await paperlessImports.listImports({ organizationId: getMembership(c).organizationId }),
      },
    }))
    .on(paperlessImportsEndpoints.get, async ({ c, params }) => ({
      status: 200,
      body: {
        import: await paperlessImports.getImport({
          organizationId: getMembership(c).organizationId,
          importId: params.importId,
        }),
      },
    }))
    .on(paperlessImportsEndpoints.report, async ({ c, params }) => {
      const report = await paperlessImports.getReport({
        organizationId: getMembership(c).organizationId,
        importId: params.importId,
      });
      c.header('Content-Disposition', `attachment; filename="paperless-import-${params.importId}.json"`);
      c.header('Cache-Control', 'private, no-store');
      return { status: 200, body: report };
    })
    .on(paperlessImportsEndpoints.cancel, async ({ c, params }) => ({
      status: 200,
      body: {
        import: await paperlessImports.cancelImport({
          organizationId: getMembership(c).organizationId,
          importId: params.importId,
        }),
      },
    })).router;
}
