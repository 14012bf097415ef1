import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { documentFileQueryKey, fetchDocumentFile } from './document-file';
import { PreviewError, PreviewLoading } from './preview-states';

/** An object URL for the blob, revoked when the blob changes or the component unmounts. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return url;
}

export function ImagePreview({
  organizationId,
  documentId,
  name,
}: {
  organizationId: string;
  documentId: string;
  name: string;
}) {
  const query = useQuery({
    queryKey: documentFileQueryKey(organizationId, documentId),
    queryFn: ({ signal }) => fetchDocumentFile(organizationId, documentId, { signal }),
  });
  const url = useObjectUrl(query.data);
  // The URL whose image failed to decode (a corrupt file); a refetch brings a new URL to try.
  const [brokenUrl, setBrokenUrl] = useState<string>();

  if (query.isError || (url !== undefined && url === brokenUrl)) {
    return <PreviewError onRetry={() => void query.refetch()} />;
  }
  if (!url) {
    return <PreviewLoading />;
  }
  return (
    <div className="max-h-[80vh] overflow-auto rounded-xl border bg-muted p-3 sm:p-4">
      <img
        src={url}
        alt={name}
        className="mx-auto block h-auto max-w-full"
        onError={() => setBrokenUrl(url)}
      />
    </div>
  );
}
