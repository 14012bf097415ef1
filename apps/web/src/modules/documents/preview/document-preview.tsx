import type { ExtractionStatus } from '@sheaf/contracts/documents';
import { FileQuestionMark } from 'lucide-react';
import { Component, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state';
import { documentFileUrl } from './document-file';
import { ImagePreview } from './image-preview';
import {
  type DocumentPreviewKind,
  documentPreviewUrl,
  ExtractedTextPreview,
  HtmlPreview,
  isOfficeMimeType,
} from './office-preview';
import { getPreviewKind } from './preview-kind';
import { PreviewError, PreviewLoading } from './preview-states';
import { TextPreview } from './text-preview';

// Its own chunk: pdf.js (and its worker) load only when a PDF is shown.
const loadPdfPreview = () => import('./pdf-preview');

export type DocumentPreviewProps = {
  organizationId: string;
  document: {
    id: string;
    name: string;
    mimeType: string;
    originalSize: number;
    /** The rendering the server made (an Office file's HTML or PDF), if any. */
    preview?: DocumentPreviewKind | null;
    /** The extracted text, shown for an Office file without a rendering. */
    content?: string;
    extractionStatus?: ExtractionStatus;
  };
};

/** The preview of a document's file, chosen by its MIME type. */
export function DocumentPreview({ organizationId, document }: DocumentPreviewProps) {
  const { t } = useTranslation();
  if (document.preview === 'html') {
    return (
      <HtmlPreview
        key={document.id}
        url={documentPreviewUrl(organizationId, document.id)}
        name={document.name}
      />
    );
  }
  if (document.preview === 'pdf') {
    return <LazyPdfPreview key={document.id} url={documentPreviewUrl(organizationId, document.id)} />;
  }
  if (isOfficeMimeType(document.mimeType)) {
    return <ExtractedTextPreview key={document.id} document={document} />;
  }
  const kind = getPreviewKind(document.mimeType);
  switch (kind) {
    case 'image':
      return (
        <ImagePreview
          key={document.id}
          organizationId={organizationId}
          documentId={document.id}
          name={document.name}
        />
      );
    case 'pdf':
      return <LazyPdfPreview key={document.id} url={documentFileUrl(organizationId, document.id)} />;
    case 'text':
    case 'octet-stream':
      return (
        <TextPreview
          key={document.id}
          organizationId={organizationId}
          document={document}
          sniff={kind === 'octet-stream'}
        />
      );
    case 'unsupported':
      return (
        <EmptyState
          icon={FileQuestionMark}
          title={t('documents.preview.unsupported-title')}
          description={t('documents.preview.unsupported-description', { mimeType: document.mimeType })}
        />
      );
  }
}

function LazyPdfPreview({ url }: { url: string }) {
  // A new lazy component on retry: React keeps a failed import's error otherwise.
  const [PdfPreview, setPdfPreview] = useState(() => lazy(loadPdfPreview));
  return (
    <PreviewErrorBoundary onRetry={() => setPdfPreview(() => lazy(loadPdfPreview))}>
      <Suspense fallback={<PreviewLoading />}>
        <PdfPreview url={url} />
      </Suspense>
    </PreviewErrorBoundary>
  );
}

/** Catches a chunk that fails to load (a new deployment, a network error) and offers to retry. */
class PreviewErrorBoundary extends Component<
  { children: ReactNode; onRetry: () => void },
  { hasError: boolean }
> {
  override state = { hasError: false };

  static getDerivedStateFromError(): { hasError: boolean } {
    return { hasError: true };
  }

  override render() {
    if (this.state.hasError) {
      return (
        <PreviewError
          onRetry={() => {
            this.setState({ hasError: false });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}
