import { documentsEndpoints } from '@sheaf/contracts/documents';
import { fillPath } from '@sheaf/contracts/endpoint';
import { apiClient } from '../../../shared/http/api-client';
import { call } from '../../../shared/http/call';

export function documentFilePath(organizationId: string, documentId: string): string {
  return fillPath(documentsEndpoints.file.path, { organizationId, documentId });
}

export function documentFileUrl(organizationId: string, documentId: string): string {
  return `${apiClient.baseUrl}${documentFilePath(organizationId, documentId)}`;
}

/** Under the organization's key, so an organization-wide invalidation refreshes previews too. */
export function documentFileQueryKey(organizationId: string, documentId: string) {
  return ['organizations', organizationId, 'documents', documentId, 'file'] as const;
}

/** The whole file. */
export function fetchDocumentFile(
  organizationId: string,
  documentId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Blob> {
  return call(documentsEndpoints.file, { params: { organizationId, documentId } }, { signal });
}

/**
 * The first `length` bytes of a file of `size` bytes. A Range request is sent only when the file is longer
 * (a range on an empty file would be unsatisfiable); a server that ignores it answers the whole file,
 * which is cut here.
 */
export async function fetchDocumentFileHead(
  organizationId: string,
  documentId: string,
  { size, length, signal }: { size: number; length: number; signal?: AbortSignal },
): Promise<Blob> {
  const headers: Record<string, string> = size > length ? { range: `bytes=0-${length - 1}` } : {};
  const blob = await call(
    documentsEndpoints.file,
    { params: { organizationId, documentId } },
    { headers, signal },
  );
  return blob.size > length ? blob.slice(0, length) : blob;
}
