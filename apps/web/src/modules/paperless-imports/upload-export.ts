import { fillPath } from '@sheaf/contracts/endpoint';
import { type PaperlessImportDto, paperlessImportsEndpoints } from '@sheaf/contracts/paperless-imports';
import { apiClient } from '../../shared/http/api-client';
import { ApiError } from '../../shared/http/api-error';

/** How much of the file has been sent: bytes sent of the file's bytes. */
export type UploadProgress = { loaded: number; total: number };

export type UploadExportOptions = {
  organizationId: string;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** The API's base URL (the app's client's by default). */
  baseUrl?: string;
};

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POST /paperless-imports with the zip in the multipart field `file`. Sent with XMLHttpRequest, the
 * one browser API that reports how much of a request body has gone (fetch does not), so the page
 * shows the upload's progress. Errors come back as the HTTP client's (`ApiError`, with the code).
 */
export function uploadPaperlessExport({
  organizationId,
  file,
  onProgress,
  signal,
  baseUrl = apiClient.baseUrl,
}: UploadExportOptions): Promise<PaperlessImportDto> {
  const url = `${baseUrl}${fillPath(paperlessImportsEndpoints.upload.path, { organizationId })}`;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    });
    const onAbort = () => request.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    request.addEventListener('load', () => {
      settle();
      const data = parseBody(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        resolve((data as { import: PaperlessImportDto }).import);
        return;
      }
      reject(
        new ApiError({
          status: request.status,
          statusText: request.statusText,
          data,
          url,
          retryAfter: request.getResponseHeader('retry-after'),
        }),
      );
    });
    request.addEventListener('error', () => {
      settle();
      reject(new TypeError('The upload failed: the server could not be reached'));
    });
    request.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    });
    const body = new FormData();
    body.append('file', file, file.name);
    request.send(body);
  });
}
