import type { ExtractionErrorCode } from '@sheaf/contracts/documents';
import { createExtractionEngine, type OcrOptions } from './extraction.engine';
import {
  ExtractionError,
  type ExtractionKind,
  type ExtractionLimits,
  type ExtractionOutput,
  type ExtractionWants,
} from './extraction.models';

/**
 * Entry of an extraction worker: a child process the pool forks, extracting one document's text per
 * message, so PDF parsing, page rendering and OCR never block the HTTP event loop nor share its
 * memory. Built to dist/extraction.worker.js. Its settings come as JSON in the first argument.
 */
export type ExtractionWorkerData = { ocr: OcrOptions; limits: ExtractionLimits };
export type ExtractionRequest = {
  id: number;
  kind: ExtractionKind;
  mimeType: string;
  data: Uint8Array;
  wants: ExtractionWants;
};
/**
 * A failure carries its code and the message for the user; `detail` is the original error's
 * message when it was not an ExtractionError (for the logs).
 */
export type ExtractionReply =
  | { id: number; output: ExtractionOutput }
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

/**
 * A one-line PDF read once at start: pdf.js, its fake worker and the code of its font handling are
 * loaded before the first real file arrives (half a second otherwise). Without an xref table:
 * pdf.js rebuilds it, as it does for many real files.
 */
const WARM_UP_PDF = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 50] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >> endobj',
  '4 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >> endobj',
  '5 0 obj << /Length 36 >> stream',
  'BT /F1 12 Tf 10 20 Td (Ready) Tj ET',
  'endstream endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
].join('\n');
engine
  .process({
    kind: 'pdf',
    mimeType: 'application/pdf',
    data: new TextEncoder().encode(WARM_UP_PDF),
    wants: { thumbnail: false },
  })
  .catch(() => {
    // Only a warm-up: a real file tells what is wrong, if anything.
  });

process.on('message', (request: ExtractionRequest) => {
  // pdf.js refuses Buffers: the bytes as a plain Uint8Array, whatever the channel made of them.
  const data = new Uint8Array(request.data.buffer, request.data.byteOffset, request.data.byteLength);
  engine.process({ ...request, data }).then(
    (output) => send({ id: request.id, output }),
    (error: unknown) => send(toReply(request.id, error)),
  );
});
// The pool is gone (its process ended or dropped this worker): nothing left to work for.
process.on('disconnect', () => process.exit(0));
