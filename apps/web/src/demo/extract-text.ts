import { decodeText } from '../modules/documents/preview/decode-text';
import { readBytes } from './context';

/** Text of a PDF's text layer, read with pdf.js (loaded only when a PDF is uploaded). */
async function extractPdfText(file: Blob): Promise<string> {
  const [{ GlobalWorkerOptions, getDocument, version }, { default: workerUrl }] = await Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url'),
  ]);
  GlobalWorkerOptions.workerSrc = workerUrl;
  const task = getDocument({
    data: await readBytes(file),
    isEvalSupported: false,
    standardFontDataUrl: `${import.meta.env.BASE_URL}assets/pdfjs-${version}/standard_fonts/`,
  });
  try {
    const pdf = await task.promise;
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const { items } = await page.getTextContent();
      pages.push(
        items
          .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : ''))
          .join('')
          .trim(),
      );
    }
    // NFKC, as the server folds extracted text (ligatures such as "ﬁ" become "fi").
    return pages.join('\n\n').normalize('NFKC');
  } finally {
    await task.destroy();
  }
}

/** The demo's extraction: the PDF text layer, plain text decoded, nothing for other types (no OCR in the demo). */
export async function extractText(file: Blob, mimeType: string): Promise<string> {
  if (mimeType === 'application/pdf') return extractPdfText(file);
  if (mimeType.startsWith('text/')) return decodeText(await readBytes(file), { mimeType, isCut: false });
  return '';
}
