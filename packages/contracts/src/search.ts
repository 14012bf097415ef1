import {
  exampleDocumentListItem,
  searchDocumentsQuerySchema,
  searchDocumentsResponseSchema,
} from './documents';
import { defineEndpoint } from './endpoint';
import {
  SEARCH_COUNT_CAP,
  SEARCH_MAX_QUERY_LENGTH,
  SEARCH_MIN_QUERY_LENGTH,
  SEARCH_SNIPPET_LENGTH,
} from './limits';
import { SUBSTRING_MIN_LENGTH } from './search-text';

/** 10000 → '10,000', the same wherever it runs (no locale). */
const withThousands = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** This domain's endpoints (see endpoint.ts). */
export const searchEndpoints = {
  searchDocuments: defineEndpoint({
    method: 'GET',
    path: '/api/organizations/:organizationId/documents/search',
    tag: 'Documents',
    summary: 'Search the names and contents of the active documents',
    description: `\`searchQuery\` is trimmed, ${SEARCH_MIN_QUERY_LENGTH}–${SEARCH_MAX_QUERY_LENGTH} characters (else 400 \`api.validation_error\`), its words separated by spaces. Every word must be in the name or the content of a document outside the trash, ignoring case and diacritics (\`resume\` finds \`Résumé\`, \`lodz\` finds \`Łódź\`, \`strasse\` finds \`Straße\`, \`oresund\` finds \`Øresund\`). A word of ${SUBSTRING_MIN_LENGTH} characters or more matches anywhere, inside words too (\`schule\` finds \`Hundeschule\`, \`voice\` finds \`invoice-2024.pdf\`); a shorter word only the start of a word of the name (\`in\` finds \`invoice-2024.pdf\`, not \`within\`). \`tags\`: tag ids, \`?tags=a,b\` or repeated, keeps the documents carrying every one of them (a tag of another organization matches nothing). Newest first (why not name matches first: [apps/server/src/modules/search/README.md](apps/server/src/modules/search/README.md)). Hits are list items (no \`content\`, with \`extractionStatus\`) plus \`snippet\`, about ${SEARCH_SNIPPET_LENGTH} characters of the content around the first match, cut between words, with \`…\` where text was cut off (\`''\` when only the name matched), and \`matches\`, the UTF-16 \`{ start, end }\` ranges of the snippet holding a query word, matched as the index matches (\`strasse\` covers \`Straße\`). \`documentsCount\` stops at ${withThousands(SEARCH_COUNT_CAP)}: past it, it is ${withThousands(SEARCH_COUNT_CAP)} and \`documentsCountIsCapped\` is true. Limited per user (SEARCHES_RATE_LIMIT_PER_MINUTE).`,
    auth: { apiKeyPermission: 'documents:read' },
    query: searchDocumentsQuerySchema,
    answers: { 200: searchDocumentsResponseSchema },
    errors: { 429: ['api.rate_limited'] },
    example: {
      answer: {
        documents: [
          {
            ...exampleDocumentListItem,
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
