import { DOCUMENT_FILTERS_DESCRIPTION, FILE_TYPE_GROUPS } from './document-filters';
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

/**
 * Relevance orders the newest this many matches of a search; older ones follow newest first (the
 * server's search README says why).
 */
export const SEARCH_RANK_WINDOW = 500;

/** 10000 → '10,000', the same wherever it runs (no locale). */
const withThousands = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** This domain's endpoints (see endpoint.ts). */
export const searchEndpoints = {
  searchDocuments: defineEndpoint({
    method: 'GET',
    path: '/api/organizations/:organizationId/documents/search',
    tag: 'Documents',
    summary: "Search the active documents by relevance, with a query syntax and the list's filters",
    description: `\`searchQuery\` is trimmed, ${SEARCH_MIN_QUERY_LENGTH}–${SEARCH_MAX_QUERY_LENGTH} characters (else 400 \`api.validation_error\`). **Words**, separated by spaces, must each be in the name or the searched text (content and notes) of a document outside the trash, ignoring case and diacritics (\`resume\` finds \`Résumé\`, \`lodz\` finds \`Łódź\`, \`strasse\` finds \`Straße\`, \`oresund\` finds \`Øresund\`). A word of ${SUBSTRING_MIN_LENGTH} characters or more matches anywhere, inside words too (\`schule\` finds \`Hundeschule\`, \`voice\` finds \`invoice-2024.pdf\`); a shorter word only the start of a word of the name (\`in\` finds \`invoice-2024.pdf\`, not \`within\`). **Syntax** (pieces combine with AND; quotes group words or names with spaces): \`"late payment fee"\` a phrase, its words in this order as whole words (punctuation and line breaks between them ignored); \`-word\`, \`-"a phrase"\` leave out the documents holding it; \`tag:invoices\`, \`tag:"two words"\` carries the tag of that name (case ignored), \`-tag:paid\` does not; \`date:2024\`, \`date:2024-03\`, \`date:2024-03-01\` a document date in that year, month or day, \`date:>=2024-03-01\` (also \`>\`, \`<\`, \`<=\`, and \`date>=…\`), \`date:2024-01-01..2024-06-30\` (\`date:2024..\`, \`date:..2024-06\`) a range, ends included; \`type:pdf\` a file type group (${FILE_TYPE_GROUPS.map((group) => `\`${group}\``).join(', ')}; several are any of them), \`-type:image\` not that group; \`amount>100\` a custom property by its name (case ignored; quote names with spaces, or named \`tag\`, \`date\` or \`type\`: \`"due date"<2024-07\`), with \`=\` equals, \`:\` matches (text and URL: contains; number, monetary amount: equals; date: as \`date:\`; yes/no: \`yes\`/\`no\`; select: an option's name; member: an e-mail address or name), \`>\` \`>=\` \`<\` \`<=\` compare numbers, amounts and dates (\`amount:>100\` is \`amount>100\`). A tag or property the organization has not matches nothing (an excluded one, everything); a value that does not fit the property matches nothing. Nothing is an error: what does not parse is searched as words (\`date:banana\`, \`type:docx\`; an unbalanced quote is dropped). A query of conditions alone (\`tag:invoices date:2024\`) lists the documents passing them. **Filters**: the list's, combined with the syntax's. ${DOCUMENT_FILTERS_DESCRIPTION} Here \`sort\` also takes \`relevance\`, the default: the documents whose name holds more of the query's words and phrases first, then the text rank (BM25 of SQLite's FTS5 / PostgreSQL's \`ts_rank\` on whole words; a word in a quarter or more of the documents is not weighed), then the newest first; this orders the newest ${withThousands(SEARCH_RANK_WINDOW)} matches (all of them, for most searches), older ones follow newest first (the rules and their limits: [apps/server/src/modules/search/README.md](apps/server/src/modules/search/README.md)). Other sorts read every match: slower for words of many documents. Hits are list items (no \`content\`, with \`extractionStatus\`, document date, property values and notes count) plus \`snippet\`, about ${SEARCH_SNIPPET_LENGTH} characters of the content around the first match, cut between words, with \`…\` where text was cut off (\`''\` when only the name or a note matched), and \`matches\`, the UTF-16 \`{ start, end }\` ranges of the snippet holding a query word, matched as the index matches (\`strasse\` covers \`Straße\`). \`documentsCount\` stops at ${withThousands(SEARCH_COUNT_CAP)}: past it, it is ${withThousands(SEARCH_COUNT_CAP)} and \`documentsCountIsCapped\` is true. Limited per user (SEARCHES_RATE_LIMIT_PER_MINUTE).`,
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
