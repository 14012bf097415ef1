import { documentsEndpoints } from '@sheaf/contracts/documents';
import { type DemoContext, requireOrganization } from './context';
import { findDocument } from './documents-store';
import { handle, notFound, type Route } from './http';

/**
 * GET …/documents/{documentId}/preview as the server answers a document without a rendered preview:
 * the demo renders no Office file (no mammoth, no LibreOffice in the browser), so every document's
 * `preview` is null and the page shows the extracted text; 404 `documents.not_found` for an unknown
 * document, else `documents.preview_not_found`.
 */
export function previewRoutes(context: DemoContext): Route[] {
  return [
    handle(documentsEndpoints.preview, async ({ params }) => {
      const { organization } = requireOrganization(context, params.organizationId ?? '');
      findDocument(context, organization.id, params.documentId ?? '');
      throw notFound('documents.preview_not_found', 'This document has no rendered preview.');
    }),
  ];
}
