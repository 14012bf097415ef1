import {
  type DocumentEventKind,
  type DocumentsChangedEvent,
  documentsChangedEventSchema,
} from '@sheaf/contracts/document-events';
import type { DocumentActivityEvent } from '@sheaf/contracts/documents';

/** The PostgreSQL channel that carries documents changes between server processes. */
export const DOCUMENTS_CHANGED_CHANNEL = 'sheaf_documents_changed';

/**
 * What an activity entry means for an open documents list: a new document, one back from the
 * trash, one trashed, or a change to one (its name, date, text, tags, notes, properties…).
 */
export function eventKindOfActivity(event: DocumentActivityEvent): DocumentEventKind {
  if (event === 'created' || event === 'deleted' || event === 'restored') return event;
  return 'updated';
}

/** A change as a notification payload (short: PostgreSQL caps payloads at 8000 bytes). */
export const encodeDocumentsChanged = (event: DocumentsChangedEvent) =>
  JSON.stringify({ organizationId: event.organizationId, kind: event.kind });

/** A notification payload back as a change; undefined when it is not one. */
export function decodeDocumentsChanged(payload: string | undefined): DocumentsChangedEvent | undefined {
  if (payload === undefined) return undefined;
  try {
    const parsed = documentsChangedEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The key that folds together the same change notified several times before it is sent. */
export const changeKey = (event: DocumentsChangedEvent) => `${event.organizationId}\u0000${event.kind}`;

/** One Server-Sent Events message: `event:` and its JSON `data:`, ended by a blank line. */
export const formatSseEvent = (event: string, data: unknown) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** An SSE comment line: ignored by clients, enough traffic for proxies to keep the stream. */
export const formatSseComment = (text: string) => `: ${text}\n\n`;
