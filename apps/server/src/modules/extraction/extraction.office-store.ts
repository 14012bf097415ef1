import type { DocumentsUsecases } from '../documents/documents.usecases';
import { type ExtractionOutput, extractionKindOf } from './extraction.models';

/** The notice a capped text gets (extractionNotice), in English; the web shows its own translation. */
export const TEXT_CAPPED_MESSAGE =
  'The text was cut: only the first megabyte of the spreadsheet’s cells is kept for search.';

/**
 * After an extraction pass: stores its preview beside the original (or removes an earlier one when
 * this pass made none) and records whether its text was capped. Called by the extraction job for each
 * document, before the text is saved, so a retry replaces what an earlier pass stored and a job run
 * twice stores the same file under the same key. E-mail files have a preview too (their message as
 * HTML), never a notice. Other kinds (PDFs, images…) have neither: nothing to do for them.
 */
export async function saveOfficeExtrasOf({
  documents,
  organizationId,
  documentId,
  mimeType,
  output,
}: {
  documents: Pick<DocumentsUsecases, 'saveExtractionExtras'>;
  organizationId: string;
  documentId: string;
  mimeType: string;
  output: ExtractionOutput;
}): Promise<void> {
  const kind = extractionKindOf(mimeType);
  if (kind !== 'office' && kind !== 'email') return;
  await documents.saveExtractionExtras({
    organizationId,
    documentId,
    preview: output.preview,
    notice: output.textCapped ? { code: 'extraction.text_capped', message: TEXT_CAPPED_MESSAGE } : null,
  });
}
