import type { ExtractionErrorCode } from '@sheaf/contracts/documents';
import { createExtractionEngine, type OcrOptions } from './extraction.engine';
import { ExtractionError, type ExtractionKind, type ExtractionLimits } from './extraction.models';

/**
 * Entry of an extraction worker: a child process the pool forks, extracting one document's text per
 * message, so PDF parsing, page rendering and OCR never block the HTTP event loop nor share its
 * memory. Built to dist/extraction.worker.js. Its settings come as JSON in the first argument.
 */
export type ExtractionWorkerData = { ocr: OcrOptions; limits: ExtractionLimits };
export type ExtractionRequest = { id: number; kind: ExtractionKind; mimeType: string; data: Uint8Array };
/**
 * A failure carries its code and the message for the user; `detail` is the original error's
 * message when it was not an ExtractionError (for the logs).
 */
export type ExtractionReply =
  | { id: number; text: string }
  | { id: number; error: string; code: ExtractionErrorCode; detail?: string };

const send = (reply: ExtractionReply) => process.send?.(reply);

function toReply(id: number, error: unknown): ExtractionReply {
  if (error instanceof ExtractionError) return { id, error: error.message, code: error.code };
  return {
    id,
    error: 'The text could not be extracted.',
    code: 'extraction.failed',
    detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  };
}

const { ocr, limits } = JSON.parse(process.argv[2] ?? '{}') as ExtractionWorkerData;
const engine = createExtractionEngine({ ocr, limits });

process.on('message', (request: ExtractionRequest) => {
  // pdf.js refuses Buffers: the bytes as a plain Uint8Array, whatever the channel made of them.
  const data = new Uint8Array(request.data.buffer, request.data.byteOffset, request.data.byteLength);
  engine.extract({ ...request, data }).then(
    (text) => send({ id: request.id, text }),
    (error: unknown) => send(toReply(request.id, error)),
  );
});
// The pool is gone (its process ended or dropped this worker): nothing left to work for.
process.on('disconnect', () => process.exit(0));
