import { parentPort, workerData } from 'node:worker_threads';
import { createExtractionEngine, type OcrOptions } from './extraction.engine';
import type { ExtractionKind } from './extraction.models';

/**
 * Entry of an extraction worker thread: extracts one document's text per message, so PDF parsing,
 * page rendering and OCR never block the HTTP event loop. Built to dist/extraction.worker.js.
 */
export type ExtractionRequest = { id: number; kind: ExtractionKind; mimeType: string; data: Uint8Array };
export type ExtractionReply = { id: number; text: string } | { id: number; error: string };

const engine = createExtractionEngine({ ocr: (workerData as { ocr: OcrOptions }).ocr });

parentPort?.on('message', (request: ExtractionRequest | 'close') => {
  if (request === 'close') {
    void engine.close().finally(() => process.exit(0));
    return;
  }
  engine.extract(request).then(
    (text) => parentPort?.postMessage({ id: request.id, text } satisfies ExtractionReply),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies ExtractionReply),
  );
});
