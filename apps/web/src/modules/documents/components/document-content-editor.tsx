import type { DocumentDto } from '@sheaf/contracts/documents';
import { FileText, FileWarning, Pencil, RotateCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Spinner } from '../../../shared/ui/spinner';
import { Textarea } from '../../../shared/ui/textarea';
import { useRetryExtraction, useUpdateDocument } from '../api';
import { isExtractionRunning, useExtractionErrorMessage } from '../extraction';

type ContentDocument = Pick<DocumentDto, 'id' | 'content' | 'extractionStatus' | 'extractionError'>;

/** "Extracting text…" while the extraction is queued or running (the page looks again every 1.5 s). */
function ExtractingNotice() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center">
      <Spinner size="lg" decorative className="text-primary" />
      <div className="grid max-w-sm gap-1">
        <h3 className="text-base font-semibold">{t('documents.extraction.extracting-title')}</h3>
        <p className="text-sm text-muted-foreground">{t('documents.extraction.extracting-description')}</p>
      </div>
    </div>
  );
}

/** The failure's reason and, unless the document is read-only, a Retry button. */
function ExtractionFailedNotice({
  document,
  onRetry,
  isRetrying,
}: {
  document: ContentDocument;
  onRetry?: () => void;
  isRetrying: boolean;
}) {
  const { t } = useTranslation();
  const errorMessage = useExtractionErrorMessage();
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-danger/30 bg-danger/5 px-4 py-3 sm:flex-row sm:items-start">
      <FileWarning className="mt-0.5 hidden size-5 shrink-0 text-danger sm:block" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <h3 className="text-sm font-semibold">{t('documents.extraction.failed-title')}</h3>
        <p className="text-sm text-muted-foreground">{errorMessage(document.extractionError)}</p>
      </div>
      {onRetry ? (
        <Button variant="outline" size="sm" className="self-start" onClick={onRetry} isLoading={isRetrying}>
          <RotateCw aria-hidden="true" />
          {t('documents.extraction.retry')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The Content tab (spec §4): the extraction state ("Extracting text…", or the failure with Retry), then the
 * text, read-only with an edit action; edit mode saves or cancels (cancel restores the original). No edit
 * while an extraction runs: its result would replace the edit.
 */
export function DocumentContentEditor({
  organizationId,
  document,
  isReadOnly = false,
}: {
  organizationId: string;
  document: ContentDocument;
  /** A deleted document's content is shown but not edited, and its extraction not retried. */
  isReadOnly?: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateDocument(organizationId);
  const retry = useRetryExtraction(organizationId);
  const confirm = useConfirm();
  const [draft, setDraft] = useState<string | null>(null);
  const stateRef = useRef<HTMLDivElement>(null);
  const isEditing = draft !== null;
  const isExtracting = isExtractionRunning(document.extractionStatus);
  const isFailed = document.extractionStatus === 'failed';
  const hasText = document.content.trim() !== '';

  const save = async () => {
    if (draft === null) return;
    try {
      await update.mutateAsync({ documentId: document.id, content: draft });
      setDraft(null);
      toast.success(t('documents.content.updated'));
    } catch {
      toast.error(t('documents.content.update-failed'));
    }
  };

  const retryExtraction = async () => {
    // A successful extraction replaces the content: ask first when there is some (typed in by hand).
    if (
      hasText &&
      !(await confirm({
        title: t('documents.extraction.retry-confirm-title'),
        description: t('documents.extraction.retry-confirm-description'),
        confirmLabel: t('documents.extraction.retry-confirm'),
      }))
    ) {
      return;
    }
    try {
      await retry.mutateAsync(document.id);
      // The Retry button is gone: keep focus in the state area, which now says "Extracting text…".
      stateRef.current?.focus();
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };

  if (isEditing) {
    return (
      <div className="grid gap-3">
        <Textarea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-label={t('documents.content.label')}
          className="min-h-80 font-mono text-[0.8125rem] leading-relaxed"
          autoFocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setDraft(null)} disabled={update.isPending}>
            {t('documents.content.cancel')}
          </Button>
          <Button onClick={() => void save()} isLoading={update.isPending}>
            {t('documents.content.save')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-3">
      {/* Polite live region: the change from extracting to done or failed is announced. */}
      <div
        ref={stateRef}
        tabIndex={-1}
        aria-live="polite"
        className="grid rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background empty:hidden"
      >
        {isExtracting ? <ExtractingNotice /> : null}
        {isFailed ? (
          <ExtractionFailedNotice
            document={document}
            onRetry={isReadOnly ? undefined : () => void retryExtraction()}
            isRetrying={retry.isPending}
          />
        ) : null}
      </div>
      {isReadOnly || isExtracting ? null : (
        <div className="flex justify-end">
          <Button variant="outline" size="sm" onClick={() => setDraft(document.content)}>
            <Pencil aria-hidden="true" />
            {t('documents.content.edit')}
          </Button>
        </div>
      )}
      {hasText ? (
        <section
          aria-label={t('documents.content.label')}
          className="max-h-[70vh] overflow-auto rounded-lg border bg-muted/40 p-4"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
        >
          <pre className="whitespace-pre-wrap break-words font-mono text-[0.8125rem] leading-relaxed">
            {document.content}
          </pre>
        </section>
      ) : isExtracting || isFailed ? null : (
        <EmptyState
          icon={FileText}
          title={t('documents.extraction.no-text-title')}
          description={
            isReadOnly
              ? t('documents.extraction.no-text-description-read-only')
              : t('documents.extraction.no-text-description')
          }
          headingLevel={3}
        />
      )}
    </div>
  );
}
