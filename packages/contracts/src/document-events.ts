import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * The live documents list: a Server-Sent Events stream per organization that says when its
 * documents changed (one was added by anyone or anything, changed, trashed or restored), so an open
 * list refreshes without a reload. Events carry no document data: the client asks the list again.
 */

/** What happened to the organization's documents. */
export const DOCUMENT_EVENT_KINDS = ['created', 'updated', 'deleted', 'restored'] as const;
export type DocumentEventKind = (typeof DOCUMENT_EVENT_KINDS)[number];

/** The SSE `event:` name of a change. */
export const DOCUMENTS_CHANGED_EVENT = 'documents.changed';
/** The SSE `event:` name sent once the stream listens (nothing before it is missed). */
export const DOCUMENT_EVENTS_READY_EVENT = 'ready';
/** Seconds between heartbeat comments (`: heartbeat`), so proxies keep an idle stream open. */
export const DOCUMENT_EVENTS_HEARTBEAT_SECONDS = 20;
/** Milliseconds a browser waits before it reconnects a dropped stream (the SSE `retry:` field). */
export const DOCUMENT_EVENTS_RETRY_MS = 3000;

/** The JSON `data:` of a `documents.changed` event. */
export const documentsChangedEventSchema = z.strictObject({
  organizationId: z.string(),
  kind: z.enum(DOCUMENT_EVENT_KINDS),
});
export type DocumentsChangedEvent = z.infer<typeof documentsChangedEventSchema>;

export const documentEventsEndpoints = {
  stream: defineEndpoint({
    method: 'GET',
    path: '/api/organizations/:organizationId/documents/events',
    tag: 'Documents',
    summary: "Follow changes to the organization's documents (Server-Sent Events)",
    description: `A \`text/event-stream\` that stays open. First an \`event: ${DOCUMENT_EVENTS_READY_EVENT}\` once the stream listens; then an \`event: ${DOCUMENTS_CHANGED_EVENT}\` whose \`data\` is \`{ "organizationId", "kind" }\` (\`kind\`: ${DOCUMENT_EVENT_KINDS.map((kind) => `\`${kind}\``).join(', ')}) each time documents of the organization are added (upload, intake e-mail, watched folder…), changed (also their text extraction), trashed or restored — by anyone, in any server process. Changes made together may come as one event. A comment line (\`: heartbeat\`) every ${DOCUMENT_EVENTS_HEARTBEAT_SECONDS} s keeps proxies from closing it; \`retry: ${DOCUMENT_EVENTS_RETRY_MS}\` tells the browser when to reconnect. Ask the list again on each event.`,
    auth: { apiKeyPermission: 'documents:read' },
    answers: {
      200: {
        file: {
          mediaTypes: ['text/event-stream'],
          description: 'The event stream (it ends when the client leaves).',
        },
      },
    },
  }),
};
