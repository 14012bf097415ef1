import { afterAll, describe, expect, it } from 'vitest';
import { createJapaneseTextPdf, createJpxScanPdf, createTextPdf } from '../../test/test-files';
import { createExtractionEngine } from './extraction.engine';

/** The engine is given bytes as the extraction job reads them (pdf.js refuses Node Buffers). */
const bytes = (buffer: Buffer) => new Uint8Array(buffer);

describe('the text extraction engine', () => {
  const engine = createExtractionEngine({ ocr: { languages: ['eng'] } });
  afterAll(() => engine.close());

  it('reads a PDF text layer', async () => {
    const text = await engine.extract({
      kind: 'pdf',
      mimeType: 'application/pdf',
      data: bytes(createTextPdf([['Quarterly report', 'Harbour Consulting']])),
    });
    expect(text).toContain('Quarterly report');
  });

  it('reads a Japanese text layer whose font is not embedded, through its predefined CMap', async () => {
    const text = await engine.extract({
      kind: 'pdf',
      mimeType: 'application/pdf',
      data: bytes(createJapaneseTextPdf('請求書 東京都港区 株式会社サンプル')),
    });
    expect(text).toContain('請求書');
    expect(text).toContain('株式会社サンプル');
  });

  it('OCRs a scan stored as JPEG 2000', async () => {
    const text = await engine.extract({
      kind: 'pdf',
      mimeType: 'application/pdf',
      data: bytes(createJpxScanPdf()),
    });
    expect(text.toLowerCase()).toContain('harbour invoice');
  }, 60_000);
});
