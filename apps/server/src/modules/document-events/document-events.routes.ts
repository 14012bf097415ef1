import {
  DOCUMENT_EVENTS_HEARTBEAT_SECONDS,
  DOCUMENT_EVENTS_READY_EVENT,
  DOCUMENT_EVENTS_RETRY_MS,
  DOCUMENTS_CHANGED_EVENT,
  documentEventsEndpoints,
} from '@sheaf/contracts/document-events';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { getMembership } from '../organizations/organizations.middleware';
import { formatSseComment, formatSseEvent } from './document-events.models';
import type { DocumentEventsUsecases } from './document-events.usecases';

/**
 * GET …/documents/events: the organization's documents changes as Server-Sent Events, for as long
 * as the client stays. Mounted before the documents routes (`events` is not a document id).
 */
export function createDocumentEventsRoutes({
  documentEvents,
  routes,
  heartbeatMs = DOCUMENT_EVENTS_HEARTBEAT_SECONDS * 1000,
}: {
  documentEvents: DocumentEventsUsecases;
  routes: EndpointRoutesFactory;
  /** Between heartbeat comments (tests shorten it). */
  heartbeatMs?: number;
}) {
  return routes().on(documentEventsEndpoints.stream, async ({ c }) => {
    const { organizationId } = getMembership(c);
    const encoder = new TextEncoder();
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    let closed = false;
    let heartbeat: NodeJS.Timeout | undefined;
    let unsubscribe: (() => void) | undefined;

    const close = () => {
      if (closed) return;
      closed = true;
      if (heartbeat) clearInterval(heartbeat);
      unsubscribe?.();
      try {
        controller?.close();
      } catch {
        // Already closed by the client leaving.
      }
    };
    const send = (text: string) => {
      if (closed || !controller) return;
      try {
        controller.enqueue(encoder.encode(text));
      } catch {
        close();
      }
    };

    const body = new ReadableStream<Uint8Array>({
      start(streamController) {
        controller = streamController;
      },
      cancel: close,
    });
    // Listening before answering: a change made once the client has the `ready` event is not missed.
    unsubscribe = await documentEvents.subscribe(organizationId, (event) =>
      send(formatSseEvent(DOCUMENTS_CHANGED_EVENT, event)),
    );
    const signal = c.req.raw.signal;
    if (signal.aborted) {
      close();
    } else {
      signal.addEventListener('abort', close, { once: true });
      heartbeat = setInterval(() => send(formatSseComment('heartbeat')), heartbeatMs);
      heartbeat.unref();
      send(`retry: ${DOCUMENT_EVENTS_RETRY_MS}\n\n`);
      send(formatSseEvent(DOCUMENT_EVENTS_READY_EVENT, { organizationId }));
    }

    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        // no-transform: the compression middleware leaves it alone (a gzip stream would buffer).
        'Cache-Control': 'no-cache, no-transform',
        // Proxies such as nginx pass events on at once instead of buffering them.
        'X-Accel-Buffering': 'no',
      },
    });
  }).router;
}
