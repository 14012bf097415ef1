import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createGiganticDrawnPagePdf,
  createHugeBlankPagePdf,
  createHugeHeaderPng,
  createHugeScannedPagePdf,
  createManyBlankPagesPdf,
  createTruncatedPdf,
} from '../../test/hostile-files';
import {
  assemblePdf,
  createImageOnlyPdf,
  createJapaneseTextPdf,
  createJpxScanPdf,
  createTextPdf,
  createTextPng,
} from '../../test/test-files';
import { createExtractionEngine, joinTextItems, ocrRenderScale, type PdfTextItem } from './extraction.engine';
import { ExtractionError } from './extraction.models';

/** The engine is given bytes as the extraction job reads them (pdf.js refuses Node Buffers). */
const bytes = (buffer: Buffer) => new Uint8Array(buffer);
const pdf = (buffer: Buffer) => ({ kind: 'pdf' as const, mimeType: 'application/pdf', data: bytes(buffer) });

/** The ExtractionError an extraction rejects with (fails the test if it resolves or rejects otherwise). */
async function extractionError(extraction: Promise<string>): Promise<ExtractionError> {
  const error = await extraction.then(
    (text) => new Error(`Expected a failure, got text ${JSON.stringify(text.slice(0, 100))}`),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

describe('the text extraction engine', () => {
  const engine = createExtractionEngine({ ocr: { languages: ['eng'] } });
  afterAll(() => engine.close());

  it('reads a PDF text layer', async () => {
    const text = await engine.extract(pdf(createTextPdf([['Quarterly report', 'Harbour Consulting']])));
    expect(text).toContain('Quarterly report');
  });

  it('reads text in standard and system fonts named without being embedded, accents and symbols included', async () => {
    // Their text comes from the encoding and pdf.js's metrics: the font programs are never read.
    const fonts = [
      '<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /WinAnsiEncoding >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Courier-Bold /Encoding /WinAnsiEncoding >>',
      '<< /Type /Font /Subtype /TrueType /BaseFont /Arial,Bold /Encoding /WinAnsiEncoding >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Symbol >>',
    ];
    const content = [
      'BT /F1 12 Tf 56 780 Td (Fa\\347ade r\\351sum\\351 na\\357ve) Tj ET',
      'BT /F2 12 Tf 56 760 Td (Invoice 2024-117) Tj ET',
      'BT /F3 12 Tf 56 740 Td (Stra\\337e \\200 1.250,00) Tj ET',
      'BT /F4 12 Tf 56 720 Td (abg) Tj ET',
    ].join('\n');
    const file = assemblePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R /F2 6 0 R /F3 7 0 R /F4 8 0 R >> >> /Contents 4 0 R >>',
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
      ...fonts,
    ]);
    const text = await engine.extract(pdf(file));
    expect(text).toContain('Façade résumé naïve');
    expect(text).toContain('Invoice 2024-117');
    expect(text).toContain('Straße € 1.250,00');
    expect(text).toContain('αβγ');
  });

  it('reads a Japanese text layer whose font is not embedded, through its predefined CMap', async () => {
    const text = await engine.extract(pdf(createJapaneseTextPdf('請求書 東京都港区 株式会社サンプル')));
    expect(text).toContain('請求書');
    expect(text).toContain('株式会社サンプル');
  });

  it('OCRs a scan stored as JPEG 2000', async () => {
    const text = await engine.extract(pdf(createJpxScanPdf()));
    expect(text.toLowerCase()).toContain('harbour invoice');
  }, 60_000);

  it('reads words Chromium printed with ligature glyphs whole, without spaces inside them', async () => {
    const fixture = fs.readFileSync(
      path.join(import.meta.dirname, '../../test/fixtures/ligatures-chromium.pdf'),
    );
    // The fixture is worth its bytes: pdf.js hands its words over in pieces cut at the ligatures.
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const document = await getDocument({ data: bytes(fixture), verbosity: 0 }).promise;
    const { items } = await (await document.getPage(1)).getTextContent();
    await document.destroy();
    const pieces = items.flatMap((item) => ('str' in item ? [item.str] : []));
    expect(pieces).toContain('fi');
    expect(pieces).not.toContain('fiscal');

    const text = await engine.extract(pdf(fixture));
    const words = text.split(/\s+/).map((word) => word.replace(/[.,]$/, ''));
    for (const word of ['fiscal', 'office', 'affluent', 'fluent', 'waffle']) expect(words).toContain(word);
  });

  it('reads nothing from a blank 5000 × 5000 pt page, without rendering it', async () => {
    expect(await engine.extract(pdf(createHugeBlankPagePdf()))).toBe('');
  });

  it('reads nothing from 3,000 blank pages, without rendering them', async () => {
    expect(await engine.extract(pdf(createManyBlankPagesPdf(3000)))).toBe('');
  });

  it('OCRs a 5000 × 5000 pt scanned page rendered smaller, within the pixel budget', async () => {
    const small = createExtractionEngine({
      ocr: { languages: ['eng'] },
      limits: { maxPagePixels: 4_000_000 },
    });
    try {
      const text = await small.extract(pdf(createHugeScannedPagePdf('Harbour invoice 4711')));
      expect(text.toLowerCase()).toContain('harbour invoice');
    } finally {
      await small.close();
    }
  }, 60_000);

  it('refuses a page too large to render at any useful scale with extraction.too_large', async () => {
    const error = await extractionError(engine.extract(pdf(createGiganticDrawnPagePdf())));
    expect(error.code).toBe('extraction.too_large');
    expect(error.message).toBe(
      'The page is too large to read (200,000 × 200,000 points; the limit is 25 megapixels).',
    );
  });

  it('refuses a PDF cut in half with extraction.unreadable', async () => {
    const error = await extractionError(engine.extract(pdf(createTruncatedPdf())));
    expect(error.code).toBe('extraction.unreadable');
  });

  it('refuses a PNG claiming 50,000 × 50,000 pixels with extraction.too_large, before decoding it', async () => {
    const error = await extractionError(
      engine.extract({ kind: 'image', mimeType: 'image/png', data: bytes(createHugeHeaderPng()) }),
    );
    expect(error.code).toBe('extraction.too_large');
    expect(error.message).toBe(
      'The image is too large to read (50,000 × 50,000 pixels; the limit is 50 megapixels).',
    );
  });

  it('refuses an image whose bytes are no image with extraction.unreadable', async () => {
    for (const mimeType of ['image/png', 'image/webp']) {
      const error = await extractionError(
        engine.extract({ kind: 'image', mimeType, data: bytes(Buffer.from('no pixels here')) }),
      );
      expect(error.code).toBe('extraction.unreadable');
    }
  });

  it('refuses a file over the size limit with extraction.too_large', async () => {
    const small = createExtractionEngine({ ocr: { languages: ['eng'] }, limits: { maxFileBytes: 100 } });
    const error = await extractionError(
      small.extract({ kind: 'text', mimeType: 'text/plain', data: new Uint8Array(101) }),
    );
    expect(error.code).toBe('extraction.too_large');
  });

  it('OCRs no more pages than ocrMaxPages', async () => {
    const none = createExtractionEngine({ ocr: { languages: ['eng'] }, limits: { ocrMaxPages: 0 } });
    expect(await none.extract(pdf(createImageOnlyPdf(['Harbour invoice 4711'])))).toBe('');
  });

  it('still OCRs an image within the limits', async () => {
    const text = await engine.extract({
      kind: 'image',
      mimeType: 'image/png',
      data: bytes(createTextPng(['Harbour invoice 4711'])),
    });
    expect(text.toLowerCase()).toContain('harbour invoice');
  }, 60_000);
});

describe('ocrRenderScale', () => {
  it('keeps the usual 2.5 for an A4 page', () => {
    expect(ocrRenderScale({ width: 595, height: 842, maxPixels: 25_000_000 })).toBe(2.5);
  });

  it('scales a large page down to the pixel budget', () => {
    const scale = ocrRenderScale({ width: 5000, height: 5000, maxPixels: 25_000_000 })!;
    expect(scale).toBeCloseTo(1);
    expect(5000 * scale * 5000 * scale).toBeLessThanOrEqual(25_000_000 * 1.0001);
  });

  it('gives up on pages that would need less than a useful scale, or have no area', () => {
    expect(ocrRenderScale({ width: 200_000, height: 200_000, maxPixels: 25_000_000 })).toBeUndefined();
    expect(ocrRenderScale({ width: 0, height: 842, maxPixels: 25_000_000 })).toBeUndefined();
  });
});

describe('joinTextItems', () => {
  const item = (str: string, x: number, width: number, { y = 700, hasEOL = false } = {}): PdfTextItem => ({
    str,
    hasEOL,
    dir: 'ltr',
    width,
    transform: [12, 0, 0, 12, x, y],
  });

  it('joins items that touch on one line, as pieces of one word around a ligature', () => {
    expect(joinTextItems([item('ﬁ', 100, 7), item('scal', 107.1, 20)])).toBe('ﬁscal');
  });

  it('puts a space between items apart on a line, and a line break after an end of line', () => {
    expect(
      joinTextItems([
        item('fiscal', 100, 30),
        item('year', 134, 20, { hasEOL: true }),
        item('next', 100, 20, { y: 686 }),
      ]),
    ).toBe('fiscal year\nnext');
  });

  it('adds no second space where the text has its own', () => {
    expect(joinTextItems([item('fiscal ', 100, 33), item('year', 140, 20)])).toBe('fiscal year');
  });

  it('separates items on different lines that pdf.js did not mark', () => {
    expect(joinTextItems([item('top', 100, 18), item('bottom', 118, 30, { y: 600 })])).toBe('top bottom');
  });
});
