/**
 * Where a document's text extraction stands: queued, running, finished (with or without text
 * found), or failed with `extractionError`.
 */
export const EXTRACTION_STATUSES = ['pending', 'processing', 'done', 'failed'] as const;
export type ExtractionStatus = (typeof EXTRACTION_STATUSES)[number];
