import { useQueryClient } from '@tanstack/react-query';
import { useMatches, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { findMainHeading } from '../shared/ui/main-heading';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page's name in the document title: an i18n key (the deepest matched route's wins). */
    title?: string;
  }
}

export const APP_TITLE = 'Sheaf';
const SEPARATOR = ' · ';

/** "Documents · Acme · Sheaf": the page, then the organization when there is one, then the app. */
export function formatDocumentTitle(parts: Array<string | undefined>): string {
  return [...parts, APP_TITLE].filter((part): part is string => Boolean(part?.trim())).join(SEPARATOR);
}

/** The name of a record already in the query cache, kept up to date (never fetched from here). */
function useCachedName(queryKey: readonly unknown[], isEnabled: boolean): string | undefined {
  const queryClient = useQueryClient();
  const readName = () => {
    if (!isEnabled) return undefined;
    const data = queryClient.getQueryData<{ name?: unknown }>(queryKey);
    return typeof data?.name === 'string' ? data.name : undefined;
  };
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  return useSyncExternalStore(subscribe, readName, readName);
}

/** Sets document.title from the matched routes' `staticData.title`, the organization and the document. */
export function useDocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const isNotFound = matches.some((match) => match.status === 'notFound' || match._notFound === true);
  const titleKey = [...matches].reverse().find((match) => match.staticData?.title)?.staticData.title;
  const params = (matches.at(-1)?.params ?? {}) as { organizationId?: string; documentId?: string };
  const organizationId = params.organizationId ?? '';
  const documentId = params.documentId ?? '';
  const organizationName = useCachedName(['organizations', organizationId], organizationId !== '');
  const documentName = useCachedName(
    ['organizations', organizationId, 'documents', documentId],
    organizationId !== '' && documentId !== '',
  );

  const page = isNotFound ? t('not-found.title') : titleKey ? t(titleKey) : undefined;
  const title = formatDocumentTitle([documentName ?? page, isNotFound ? undefined : organizationName]);

  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** How long a new page may take to show its heading before focus goes to the main landmark instead. */
const HEADING_WAIT_MS = 4000;

function isFocusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/**
 * On each move to another page (not a search-parameter change, not the first load), moves focus to the
 * new page's main heading, so keyboard and screen-reader users start there and hear where they are.
 * Focus the user put elsewhere meanwhile (an autofocused field, a click) is left alone.
 */
export function useFocusOnNavigation() {
  const router = useRouter();
  useEffect(() => {
    let cancel: (() => void) | undefined;
    const unsubscribe = router.subscribe('onResolved', (event) => {
      cancel?.();
      if (!event.fromLocation || !event.pathChanged) return;
      const focusedBefore = document.activeElement;
      const startedAt = Date.now();
      let frame = 0;
      const tryFocus = () => {
        const isUntouched = document.activeElement === focusedBefore || isFocusLost();
        if (!isUntouched) return;
        const heading = document.querySelector('main h1') ?? document.querySelector('h1');
        if (!heading && Date.now() - startedAt < HEADING_WAIT_MS) {
          frame = window.requestAnimationFrame(tryFocus);
          return;
        }
        findMainHeading()?.focus({ preventScroll: true });
      };
      frame = window.requestAnimationFrame(tryFocus);
      cancel = () => window.cancelAnimationFrame(frame);
    });
    return () => {
      cancel?.();
      unsubscribe();
    };
  }, [router]);
}

/** Mounted once at the root: the page title and the focus move of every route change. */
export function RouteAnnouncer() {
  useDocumentTitle();
  useFocusOnNavigation();
  return null;
}
