import {
  DOCUMENT_EVENTS_READY_EVENT,
  DOCUMENTS_CHANGED_EVENT,
  documentEventsEndpoints,
} from '@sheaf/contracts/document-events';
import { fillPath } from '@sheaf/contracts/endpoint';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '../../shared/http/api-client';
import { documentsQueryKey } from './api';

/** Changes arriving together (a bulk action, a folder of scans) refresh the list once. */
export const LIVE_DOCUMENTS_DEBOUNCE_MS = 500;

export function documentEventsUrl(organizationId: string): string {
  return `${apiClient.baseUrl}${fillPath(documentEventsEndpoints.stream.path, { organizationId })}`;
}

/**
 * Keeps an open documents list current (issue 31): while mounted, follows the organization's
 * documents events (Server-Sent Events) and asks its document queries again, debounced, when a
 * document was added (by a watched folder, an intake e-mail, another member), changed, trashed or
 * restored. `EventSource` reconnects by itself after a drop; the changes made meanwhile are not
 * replayed, so a `ready` after a reconnect refreshes the list too.
 *
 * Not in the demo: its API lives in this page and nobody else changes its documents, so there is
 * nothing to follow (and no server to stream from); every change made here already refreshes the
 * list through its mutation.
 */
export function useLiveDocuments(organizationId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || import.meta.env.VITE_DEMO_MODE === 'true' || typeof EventSource === 'undefined') return;
    const source = new EventSource(documentEventsUrl(organizationId), { withCredentials: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hasBeenReady = false;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: documentsQueryKey(organizationId) }),
        LIVE_DOCUMENTS_DEBOUNCE_MS,
      );
    };
    const onReady = () => {
      if (hasBeenReady) refresh();
      hasBeenReady = true;
    };
    source.addEventListener(DOCUMENTS_CHANGED_EVENT, refresh);
    source.addEventListener(DOCUMENT_EVENTS_READY_EVENT, onReady);
    return () => {
      clearTimeout(timer);
      source.removeEventListener(DOCUMENTS_CHANGED_EVENT, refresh);
      source.removeEventListener(DOCUMENT_EVENTS_READY_EVENT, onReady);
      source.close();
    };
  }, [organizationId, enabled, queryClient]);
}
