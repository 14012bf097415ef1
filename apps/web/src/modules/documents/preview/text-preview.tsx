import { useQuery } from '@tanstack/react-query';
import { Binary } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state';
import { decodeText } from './decode-text';
import { documentFileQueryKey, fetchDocumentFileHead } from './document-file';
import { isProbablyText } from './preview-kind';
import { PreviewError, PreviewLoading } from './preview-states';

/** Only the start of a long text file is fetched and shown. */
export const TEXT_PREVIEW_MAX_BYTES = 1024 * 1024;

type TextPreviewData = { isBinary: true } | { isBinary: false; text: string; isTruncated: boolean };

/**
 * A text file shown as text, or, for application/octet-stream (`sniff`), its start checked first and a
 * binary notice shown when it does not look like text.
 */
export function TextPreview({
  organizationId,
  document,
  sniff,
}: {
  organizationId: string;
  document: { id: string; mimeType: string; originalSize: number };
  sniff: boolean;
}) {
  const { t } = useTranslation();
  const query = useQuery({
    // Under the file's key (so invalidating the file refreshes it); it holds the decoded start of the file.
    queryKey: [...documentFileQueryKey(organizationId, document.id), 'text', { sniff }] as const,
    queryFn: async ({ signal }): Promise<TextPreviewData> => {
      const blob = await fetchDocumentFileHead(organizationId, document.id, {
        size: document.originalSize,
        length: TEXT_PREVIEW_MAX_BYTES,
        signal,
      });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      if (sniff && !isProbablyText(bytes)) {
        return { isBinary: true };
      }
      const isTruncated = document.originalSize > bytes.length;
      return {
        isBinary: false,
        text: decodeText(bytes, { mimeType: document.mimeType, isCut: isTruncated }),
        isTruncated,
      };
    },
  });

  if (query.isPending) {
    return <PreviewLoading />;
  }
  if (query.isError) {
    return <PreviewError onRetry={() => void query.refetch()} />;
  }
  if (query.data.isBinary) {
    return (
      <EmptyState
        icon={Binary}
        title={t('documents.preview.binary-title')}
        description={t('documents.preview.binary-description')}
      />
    );
  }
  return (
    <div className="grid gap-2">
      {query.data.isTruncated ? (
        <p className="text-xs text-muted-foreground">{t('documents.preview.truncated')}</p>
      ) : null}
      <pre className="max-h-[75vh] overflow-auto whitespace-pre-wrap break-words rounded-xl border bg-muted p-4 font-mono text-xs leading-relaxed">
        {query.data.text}
      </pre>
    </div>
  );
}
