import { searchDocumentsQuerySchema, searchDocumentsResponseSchema } from './documents';
import { defineEndpoint } from './endpoint';

/** This domain's endpoints (see endpoint.ts). */
export const searchEndpoints = {
  searchDocuments: defineEndpoint({
    method: 'GET',
    path: '/api/organizations/:organizationId/documents/search',
    tag: 'Documents',
    summary: 'Search the names and contents of the active documents',
    description:
      'Every word must match: a word of 3 characters or more anywhere in the name or the content, a shorter one the start of a word of the name; case and diacritics are ignored. Newest first; each hit has a snippet of its content around the first match with the matched ranges. Past SEARCH_COUNT_CAP matches `documentsCount` stops at the cap and `documentsCountIsCapped` is true. Limited per user (SEARCHES_RATE_LIMIT_PER_MINUTE).',
    auth: { apiKeyPermission: 'documents:read' },
    query: searchDocumentsQuerySchema,
    answers: { 200: searchDocumentsResponseSchema },
    errors: { 429: ['api.rate_limited'] },
    example: {
      answer: {
        documents: [
          {
            id: 'doc_0123456789abcdefghijklmn',
            organizationId: 'org_0123456789abcdefghijklmn',
            name: 'invoice-2026-01.pdf',
            originalName: 'invoice-2026-01.pdf',
            originalSize: 48213,
            originalSha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
            mimeType: 'application/pdf',
            createdAt: '2026-01-31T09:15:00.000Z',
            updatedAt: null,
            deletedAt: null,
            deletedBy: null,
            isDeleted: false,
            scheduledPurgeAt: null,
            extractionStatus: 'done',
            extractionError: null,
            tags: [],
            snippet: 'Invoice 2026-01 Total: 120.00 EUR',
            matches: [{ start: 0, end: 7 }],
          },
        ],
        documentsCount: 1,
        documentsCountIsCapped: false,
      },
    },
  }),
};
