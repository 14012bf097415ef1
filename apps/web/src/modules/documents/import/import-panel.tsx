import type { DocumentListItemDto } from '@sheaf/contracts/documents';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronDown, ChevronUp, CircleAlert, CircleCheck, LoaderCircle, ScanSearch, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { cn } from '../../../shared/ui/cn';
import { Spinner } from '../../../shared/ui/spinner';
import { TOAST_BOTTOM_CLEARANCE_VAR } from '../../../shared/ui/toaster';
import { documentQueryOptions, useRefreshWhenExtractionEnds } from '../api';
import { DOCUMENT_EXTRACTION_POLL_MS, isExtractionRunning, useExtractionErrorMessage } from '../extraction';
import { type ImportItem, ImportRejection, isRejectedFileAnswer, summarizeImports } from './import-queue';

function useImportErrorMessage() {
  const { t } = useTranslation();
  return (error: unknown) => {
    if (error instanceof ImportRejection) {
      return t(
        error.code === 'document.empty_file'
          ? 'documents.import.file-empty'
          : 'documents.import.file-too-large',
      );
    }
    // The server's answer for a file it cannot take (an empty one): say so, not "invalid values".
    return isRejectedFileAnswer(error) ? t('documents.import.file-empty') : getErrorMessage(error, t);
  };
}

/** The title (spec §2): none, progress (done of total), success count or error count. */
function usePanelTitle(items: readonly ImportItem[]): string {
  const { t } = useTranslation();
  const summary = summarizeImports(items);
  if (summary.total === 0) return t('documents.import.title-none');
  if (summary.isRunning)
    return t('documents.import.title-progress', { done: summary.done, total: summary.total });
  if (summary.failed > 0) return t('documents.import.title-error', { count: summary.failed });
  return t('documents.import.title-success', { count: summary.succeeded });
}

/**
 * An imported document's text extraction, followed while it is queued or running (GET document every
 * 1.5 s, only while this row is shown): "Extracting text…", then "Searchable" or the failure's reason.
 */
function ImportedDocumentExtraction({
  organizationId,
  document,
}: {
  organizationId: string;
  document: DocumentListItemDto;
}) {
  const { t } = useTranslation();
  const errorMessage = useExtractionErrorMessage();
  const isFollowed = isExtractionRunning(document.extractionStatus);
  const [since] = useState(Date.now);
  const followed = useQuery({
    ...documentQueryOptions(organizationId, document.id),
    enabled: isFollowed,
    refetchInterval: (query) =>
      query.state.status !== 'error' && isExtractionRunning(query.state.data?.extractionStatus)
        ? DOCUMENT_EXTRACTION_POLL_MS
        : false,
  });
  // Only answers fetched for this import count, not an older cached copy of the same document.
  const current = followed.data && followed.dataUpdatedAt >= since ? followed.data : document;
  useRefreshWhenExtractionEnds(organizationId, document.id, current.extractionStatus);

  if (isFollowed && followed.isError) {
    // The document could not be followed (deleted meanwhile, offline): say nothing rather than guess.
    return null;
  }
  if (isExtractionRunning(current.extractionStatus)) {
    return (
      <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
        <LoaderCircle className="size-3 shrink-0 motion-safe:animate-spin" aria-hidden="true" />
        {t('documents.import.extracting')}
      </span>
    );
  }
  if (current.extractionStatus === 'failed') {
    return <span className="text-xs text-danger">{errorMessage(current.extractionError)}</span>;
  }
  return (
    <span className="inline-flex items-center gap-1 text-xs text-success">
      <ScanSearch className="size-3 shrink-0" aria-hidden="true" />
      {t('documents.import.searchable')}
    </span>
  );
}

function ImportRow({ organizationId, item }: { organizationId: string; item: ImportItem }) {
  const { t } = useTranslation();
  const errorMessage = useImportErrorMessage();
  const errorId = useId();

  return (
    <li
      className="flex items-start gap-3 border-b px-4 py-2.5 last:border-b-0"
      aria-describedby={item.status === 'error' ? errorId : undefined}
    >
      <div className="grid min-w-0 flex-1 gap-0.5">
        {item.status === 'success' && item.document ? (
          <Link
            to="/organizations/$organizationId/documents/$documentId"
            params={{ organizationId, documentId: item.document.id }}
            className="truncate text-sm font-medium hover:underline rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {item.file.name}
          </Link>
        ) : (
          <span className="truncate text-sm font-medium">{item.file.name}</span>
        )}
        {item.status === 'error' ? (
          <span id={errorId} className="text-xs text-danger">
            {errorMessage(item.error)}
          </span>
        ) : null}
        {item.status === 'pending' && item.isDeferred ? (
          <span className="text-xs text-muted-foreground">{t('documents.import.slowed-down')}</span>
        ) : null}
        {item.status === 'success' && item.document ? (
          <ImportedDocumentExtraction organizationId={organizationId} document={item.document} />
        ) : null}
      </div>
      <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center">
        {item.status === 'pending' || item.status === 'uploading' ? (
          <Spinner
            size="sm"
            className="text-muted-foreground"
            label={t(`documents.import.status-${item.status}`)}
          />
        ) : item.status === 'success' ? (
          <CircleCheck
            className="size-4 text-success"
            aria-label={t('documents.import.status-success')}
            role="img"
          />
        ) : (
          <CircleAlert
            className="size-4 text-danger"
            aria-label={t('documents.import.status-error')}
            role="img"
          />
        )}
      </span>
    </li>
  );
}

/**
 * While the panel is shown, toasts (bottom right too) stack above it: its height plus its 12 px margin
 * and a 12 px gap go into the toaster's bottom offset, following the panel as it grows or collapses.
 */
function useToastClearance<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    const root = window.document.documentElement;
    const update = () =>
      root.style.setProperty(
        TOAST_BOTTOM_CLEARANCE_VAR,
        `${Math.ceil(panel.getBoundingClientRect().height) + 24}px`,
      );
    update();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(panel);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(TOAST_BOTTOM_CLEARANCE_VAR);
    };
  }, []);
  return ref;
}

/**
 * The import progress panel (spec §2): fixed at the bottom right, collapsible with the chevron, and closed
 * (which clears the list) with the close button. Lists each file with its state.
 */
export function ImportPanel({
  organizationId,
  items,
  isCollapsed,
  onToggleCollapsed,
  onClose,
}: {
  organizationId: string;
  items: readonly ImportItem[];
  isCollapsed: boolean;
  onToggleCollapsed: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = usePanelTitle(items);
  const titleId = useId();
  const listId = useId();
  const panelRef = useToastClearance<HTMLElement>();

  return (
    <section
      ref={panelRef}
      aria-labelledby={titleId}
      className={cn(
        'fixed right-3 bottom-3 left-3 z-40 flex flex-col overflow-hidden rounded-xl border bg-surface text-surface-foreground shadow-lg',
        'sm:left-auto sm:w-96',
      )}
    >
      <header className="flex items-center gap-2 border-b px-4 py-2.5">
        <h2 id={titleId} className="min-w-0 flex-1 text-sm font-semibold text-pretty" aria-live="polite">
          {title}
        </h2>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-expanded={!isCollapsed}
          aria-controls={listId}
          aria-label={isCollapsed ? t('documents.import.expand') : t('documents.import.collapse')}
          onClick={onToggleCollapsed}
        >
          {isCollapsed ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
        </Button>
        <Button variant="ghost" size="icon-sm" aria-label={t('documents.import.close')} onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </header>
      <div id={listId} hidden={isCollapsed} className="max-h-[min(20rem,50dvh)] overflow-y-auto">
        {items.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-muted-foreground">{t('documents.import.empty')}</p>
        ) : (
          <ul aria-label={t('documents.import.files')}>
            {items.map((item) => (
              <ImportRow key={item.id} organizationId={organizationId} item={item} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
