import type { DocumentSearchHitDto } from '@sheaf/contracts/documents';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_QUERY_LENGTH } from '@sheaf/contracts/limits';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type DocumentSearchResult, searchDocuments } from './api';

export type DocumentSearchState = {
  query: string;
  documents: DocumentSearchHitDto[];
  /** How many documents match in all (capped at SEARCH_COUNT_CAP, see `documentsCountIsCapped`). */
  documentsCount: number;
  documentsCountIsCapped: boolean;
  isLoading: boolean;
};

const NO_RESULTS: DocumentSearchResult = { documents: [], documentsCount: 0, documentsCountIsCapped: false };

const INITIAL_STATE: DocumentSearchState = { query: '', ...NO_RESULTS, isLoading: false };

/**
 * The palette's search (spec §4): any change of query clears the results; a query shorter than 2
 * characters searches nothing; a longer one sets loading and searches after 300 ms of quiet, page 0 of 5.
 * The answer stores the hits (with their snippets) and the total count and ends loading; an error counts
 * as no documents, silently. Answers to
 * an older query are ignored.
 */
export function useDocumentSearch(organizationId: string) {
  const [state, setState] = useState<DocumentSearchState>(INITIAL_STATE);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const controller = useRef<AbortController | undefined>(undefined);
  const generation = useRef(0);

  const cancel = useCallback(() => {
    generation.current += 1;
    clearTimeout(timer.current);
    timer.current = undefined;
    controller.current?.abort();
    controller.current = undefined;
  }, []);

  const setQuery = useCallback(
    (query: string) => {
      cancel();
      const searchQuery = query.trim();
      if (searchQuery.length < SEARCH_MIN_QUERY_LENGTH) {
        setState({ query, ...NO_RESULTS, isLoading: false });
        return;
      }
      setState({ query, ...NO_RESULTS, isLoading: true });
      const current = generation.current;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        const abort = new AbortController();
        controller.current = abort;
        const settle = (result: DocumentSearchResult) => {
          if (generation.current !== current) return;
          controller.current = undefined;
          setState((previous) => ({ ...previous, ...result, isLoading: false }));
        };
        searchDocuments({ organizationId, searchQuery, signal: abort.signal }).then(settle, () =>
          settle(NO_RESULTS),
        );
      }, SEARCH_DEBOUNCE_MS);
    },
    [cancel, organizationId],
  );

  /** Back to an empty query with no results (the palette opens with this). */
  const reset = useCallback(() => {
    cancel();
    setState(INITIAL_STATE);
  }, [cancel]);

  useEffect(() => cancel, [cancel]);

  return { ...state, setQuery, reset };
}
