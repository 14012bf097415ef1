import { documentEventsEndpoints } from '@sheaf/contracts/document-events';
import { notInDemo, type Route } from './http';

/**
 * The live documents list's stream (GET …/documents/events) is not in the demo: its API lives in
 * the page, nobody else changes its documents, and every change made in the page already refreshes
 * the list through its own mutation. The web app does not open the stream in the demo (see
 * modules/documents/live-documents.ts); a call still gets the spec's 501 `demo.not_available`.
 * Before the documents routes: `events` is not a document id.
 */
export function documentEventsRoutes(): Route[] {
  return [notInDemo(documentEventsEndpoints.stream)];
}
