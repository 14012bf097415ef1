import type { DocumentPreviewKind, ExtractionStatus } from '@sheaf/contracts/documents';
import { documentsEndpoints } from '@sheaf/contracts/documents';
import { fillPath } from '@sheaf/contracts/endpoint';
import { FileText, FileWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../../shared/http/api-client';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PreviewLoading } from './preview-states';

/** Where a document's rendered preview (an Office file's HTML or PDF) is served. */
export function documentPreviewUrl(organizationId: string, documentId: string): string {
  return `${apiClient.baseUrl}${fillPath(documentsEndpoints.preview.path, { organizationId, documentId })}`;
}

/**
 * Office, OpenDocument, EPUB and RTF files: the browser shows none of them itself. They are shown
 * through a rendering the server made (`preview`), else as their extracted text.
 */
const OFFICE_TYPE =
  /^(application\/(vnd\.openxmlformats-officedocument\.|vnd\.ms-(word|excel|powerpoint)\.[\w.-]*macroenabled|vnd\.oasis\.opendocument\.|epub\+zip$|rtf$)|text\/rtf$)/;

export function isOfficeMimeType(mimeType: string): boolean {
  return OFFICE_TYPE.test((mimeType.split(';')[0] ?? '').trim().toLowerCase());
}

/**
 * A sanitized HTML rendering (a .docx through mammoth, an HTML file) in a sandboxed frame: no
 * scripts, no same origin, no forms or popups. The server's CSP also forbids anything but data:
 * images and its own stylesheet.
 */
export function HtmlPreview({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  return (
    <iframe
      src={url}
      sandbox=""
      referrerPolicy="no-referrer"
      title={t('documents.preview.rendered-title', { name })}
      className="h-[75vh] w-full rounded-xl border bg-white"
    />
  );
}

/** An Office file without a rendering: its extracted text, or where its extraction stands. */
export function ExtractedTextPreview({
  document,
}: {
  document: { content?: string; extractionStatus?: ExtractionStatus };
}) {
  const { t } = useTranslation();
  const status = document.extractionStatus ?? 'done';
  if (status === 'pending' || status === 'processing') {
    return <PreviewLoading />;
  }
  if (status === 'failed') {
    return (
      <EmptyState
        icon={FileWarning}
        title={t('documents.preview.office-failed-title')}
        description={t('documents.preview.office-failed-description')}
      />
    );
  }
  const text = document.content ?? '';
  if (text.trim() === '') {
    return (
      <EmptyState
        icon={FileText}
        title={t('documents.preview.office-empty-title')}
        description={t('documents.preview.office-empty-description')}
      />
    );
  }
  return (
    <section className="grid gap-2" aria-label={t('documents.preview.extracted-text')}>
      <p className="text-xs text-muted-foreground">{t('documents.preview.extracted-text-note')}</p>
      <pre
        // Scrollable: reachable and scrollable by keyboard.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
        tabIndex={0}
        className="max-h-[75vh] overflow-auto whitespace-pre-wrap break-words rounded-xl border bg-muted p-4 font-mono text-xs leading-relaxed"
      >
        {text}
      </pre>
    </section>
  );
}

export type { DocumentPreviewKind };
