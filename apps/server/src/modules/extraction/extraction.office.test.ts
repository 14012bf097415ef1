import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_HTML_STYLESHEET } from '../documents/documents.models';
import { createExtractionEngine } from './extraction.engine';
import { DEFAULT_EXTRACTION_LIMITS, ExtractionError, extractionKindOf } from './extraction.models';
import { checkZipContainer, hasSoffice, sanitizePreviewHtml, spreadsheetText } from './extraction.office';
import {
  createDocm,
  createDocx,
  createDocxWithExternalImage,
  createEpub,
  createManySheetsXlsx,
  createOdf,
  createPptx,
  createRtf,
  createXlsx,
  createZipBombDocx,
  ONE_PIXEL_PNG,
  truncated,
} from './extraction.office.test-helpers';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

const office = (mimeType: string, data: Buffer) => ({
  kind: extractionKindOf(mimeType),
  mimeType,
  data: new Uint8Array(data),
  wants: { thumbnail: false, preview: true },
});

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => new Error('Expected the extraction to fail'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

describe('Office, OpenDocument, EPUB, RTF and HTML extraction', () => {
  // No LibreOffice here: the tests of the HTML preview must not depend on whether it is installed.
  const previous = process.env.SHEAF_DISABLE_SOFFICE;
  beforeAll(() => {
    process.env.SHEAF_DISABLE_SOFFICE = '1';
  });
  const engine = createExtractionEngine({ ocr: { languages: ['eng'] } });
  afterAll(async () => {
    await engine.close();
    if (previous === undefined) delete process.env.SHEAF_DISABLE_SOFFICE;
    else process.env.SHEAF_DISABLE_SOFFICE = previous;
  });

  it('reads the paragraphs of a .docx made by the docx package', async () => {
    const output = await engine.process(
      office(DOCX, await createDocx(['The heron crosses the estuary at dawn.', 'Invoice 2026-114'])),
    );
    expect(output.text).toContain('The heron crosses the estuary at dawn.');
    expect(output.text).toContain('Invoice 2026-114');
    expect(output.textCapped).toBeUndefined();
  });

  it('reads a workbook made by exceljs sheet by sheet and row by row, cells apart', async () => {
    const data = await createXlsx([
      {
        name: 'Budget',
        rows: [
          ['Item', 'Amount'],
          ['Lighthouse paint', 1250],
          ['Rope', 80],
        ],
      },
      { name: 'Notes', rows: [['Quarterly harbour maintenance']] },
    ]);
    const { text } = await engine.process(office(XLSX, data));
    expect(text).toBe(
      'Budget\nItem\tAmount\nLighthouse paint\t1250\nRope\t80\n\nNotes\nQuarterly harbour maintenance',
    );
  });

  it('caps the text of a large spreadsheet at the limit and says so', async () => {
    const rows = Array.from({ length: 3000 }, (_, index) => [`Row ${index} of the long ledger`, index]);
    const capped = createExtractionEngine({
      ocr: { languages: ['eng'] },
      limits: { maxSpreadsheetTextBytes: 10_000 },
    });
    try {
      const output = await capped.process(office(XLSX, await createXlsx([{ name: 'Ledger', rows }])));
      expect(output.textCapped).toBe(true);
      expect(Buffer.byteLength(output.text)).toBeLessThanOrEqual(10_000);
      expect(output.text).toContain('Row 0 of the long ledger');
      expect(output.text).not.toContain('Row 2999');
    } finally {
      await capped.close();
    }
  });

  it('reads the slides of a .pptx made by pptxgenjs', async () => {
    const { text } = await engine.process(
      office(PPTX, await createPptx(['Migration of the grey heron', 'Second slide on tides'])),
    );
    expect(text).toContain('Migration of the grey heron');
    expect(text).toContain('Second slide on tides');
  });

  it('reads OpenDocument text, spreadsheet and presentation files', async () => {
    const odt = await engine.process(
      office(
        'application/vnd.oasis.opendocument.text',
        await createOdf('odt', { paragraphs: ['Ferry timetable for Porto'] }),
      ),
    );
    expect(odt.text).toContain('Ferry timetable for Porto');
    const ods = await engine.process(
      office(
        'application/vnd.oasis.opendocument.spreadsheet',
        await createOdf('ods', {
          rows: [
            ['Anchor', 'Chain'],
            ['Buoy', 'Lantern'],
          ],
        }),
      ),
    );
    expect(ods.text).toContain('Anchor\tChain');
    expect(ods.text).toContain('Buoy\tLantern');
    const odp = await engine.process(
      office(
        'application/vnd.oasis.opendocument.presentation',
        await createOdf('odp', { slides: ['Tidal charts explained'] }),
      ),
    );
    expect(odp.text).toContain('Tidal charts explained');
  });

  it('reads an EPUB book chapter by chapter', async () => {
    const { text } = await engine.process(
      office(
        'application/epub+zip',
        await createEpub('Sea stories', ['The keeper lit the lamp.', 'Storm over Sagres.']),
      ),
    );
    expect(text).toContain('The keeper lit the lamp.');
    expect(text).toContain('Storm over Sagres.');
    expect(text.indexOf('The keeper')).toBeLessThan(text.indexOf('Storm over'));
  });

  it('reads RTF text with its accents', async () => {
    const { text } = await engine.process(
      office('application/rtf', createRtf(['Reçu de la capitainerie', 'Total: 42 €'])),
    );
    expect(text).toContain('Reçu de la capitainerie');
    expect(text).toContain('Total: 42 €');
  });

  it('reads HTML as text, without its tags, scripts and styles, and previews it sanitized', async () => {
    const html = Buffer.from(
      '<html><head><title>Page</title><style>body{color:red}</style><script>document.write("injected words")</script></head><body><h1>Harbour news</h1><p onclick="steal()">Boats <b>return</b> at noon.</p><img src="http://127.0.0.1:1/pixel.png"></body></html>',
    );
    const output = await engine.process(office('text/html', html));
    expect(output.text).toContain('Harbour news');
    expect(output.text).toContain('Boats return at noon.');
    expect(output.text).not.toMatch(/injected|color:red|<\w/);
    const preview = new TextDecoder().decode(output.preview!.data);
    expect(output.preview?.kind).toBe('html');
    expect(preview).toContain('<h1>Harbour news</h1>');
    expect(preview).not.toMatch(/<script|onclick|127\.0\.0\.1|injected/i);
  });

  it('previews a .docx as sanitized HTML, its embedded image inlined as a data: URL', async () => {
    const data = await createDocx(['Annual report of the lighthouse', '<script>alert("x")</script>'], {
      image: ONE_PIXEL_PNG,
      link: { text: 'the port authority', url: 'https://example.com/tracker' },
    });
    const output = await engine.process(office(DOCX, data));
    expect(output.preview?.kind).toBe('html');
    const preview = new TextDecoder().decode(output.preview!.data);
    expect(preview).toContain('<p>Annual report of the lighthouse</p>');
    // The script-looking text is text, escaped; no element.
    expect(preview).toContain('&lt;script&gt;');
    expect(preview).not.toMatch(/<script/i);
    expect(preview).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+"/);
    // The link keeps its text, not its external URL.
    expect(preview).toContain('the port authority');
    expect(preview).not.toContain('example.com');
    expect(preview).toContain(`<style>${PREVIEW_HTML_STYLESHEET}</style>`);
  });

  describe('with a server that records every request', () => {
    const requests: string[] = [];
    const server = http.createServer((request, response) => {
      requests.push(request.url ?? '');
      response.writeHead(200, { 'Content-Type': 'image/png' }).end(ONE_PIXEL_PNG);
    });
    let url: string;
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tracking.png`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('never fetches the image a .docx links from outside, and leaves it out of the preview', async () => {
      const data = await createDocxWithExternalImage(['Minutes of the harbour board'], url);
      const output = await engine.process(office(DOCX, data));
      expect(output.text).toContain('Minutes of the harbour board');
      const preview = new TextDecoder().decode(output.preview!.data);
      expect(preview).toContain('Minutes of the harbour board');
      expect(preview).not.toContain('127.0.0.1');
      // Time for any stray request to arrive.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(requests).toEqual([]);
    });
  });

  describe('hostile files', () => {
    it('refuses a zip bomb before inflating it: too large', async () => {
      const error = await failure(engine.process(office(DOCX, await createZipBombDocx(60))));
      expect(error.code).toBe('extraction.too_large');
      expect(error.message).toMatch(/inflates too much/);
    });

    it('refuses a zip whose parts add up past the limit once inflated, from their real sizes', async () => {
      const data = await createDocx(['Small enough to read, not once unpacked.']);
      const error = await failure(
        checkZipContainer(new Uint8Array(data), {
          ...DEFAULT_EXTRACTION_LIMITS,
          maxZipUncompressedBytes: 1_000,
        }),
      );
      expect(error.code).toBe('extraction.too_large');
      expect(error.message).toMatch(/too large once unpacked/);
    });

    it('refuses a workbook of 100,000 sheets: too large', async () => {
      const data = await createManySheetsXlsx(100_000);
      const error = await failure(engine.process(office(XLSX, data)));
      expect(error.code).toBe('extraction.too_large');
      expect(error.message).toMatch(/too many parts/);
    }, 60_000);

    it('ends a truncated .docx as unreadable', async () => {
      const data = await createDocx(['This document was cut in half in transit.', 'x'.repeat(5000)]);
      const error = await failure(engine.process(office(DOCX, truncated(data))));
      expect(error.code).toBe('extraction.unreadable');
    });

    it('ends a file that is not what its type says as unreadable', async () => {
      const error = await failure(
        engine.process(office(XLSX, Buffer.from('just some words, not a workbook'))),
      );
      expect(error.code).toBe('extraction.unreadable');
    });

    it('reads the text of a macro-enabled .docm and never runs its macro', async () => {
      fs.rmSync('/tmp/sheaf-macro-ran', { force: true });
      const data = await createDocm(['Quarterly figures, macros included.']);
      const output = await engine.process(office('application/vnd.ms-word.document.macroenabled.12', data));
      expect(output.text).toContain('Quarterly figures, macros included.');
      expect(output.text).not.toMatch(/AutoOpen|Shell/);
      expect(fs.existsSync('/tmp/sheaf-macro-ran')).toBe(false);
    });
  });
});

describe('a spreadsheet’s text', () => {
  const sheet = (name: string, rows: string[][]) => ({
    type: 'sheet',
    metadata: { sheetName: name },
    children: rows.map((cells) => ({ type: 'row', children: cells.map((text) => ({ type: 'cell', text })) })),
  });

  it('keeps empty cells between others but drops trailing ones and empty rows', () => {
    const { text, capped } = spreadsheetText([sheet('A', [['x', '', 'z', ''], ['', ''], ['y']])], 1000);
    expect(text).toBe('A\nx\t\tz\ny\n');
    expect(capped).toBe(false);
  });

  it('cuts multi-byte text on a character boundary at the limit', () => {
    const { text, capped } = spreadsheetText([sheet('É', [['ééééé', 'ààààà']])], 8);
    expect(capped).toBe(true);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(8);
    expect(text).not.toContain('\uFFFD');
  });
});

describe('the preview sanitizer', () => {
  it('keeps structure and drops scripts, handlers, forms, frames, styles and external URLs', () => {
    const html = sanitizePreviewHtml(
      '<h2 style="color:red">Title</h2><p><a href="javascript:alert(1)">a</a><a href="#note-1">note</a><a href="https://evil.example">b</a></p><img src="x" onerror="alert(1)"><img src="data:image/svg+xml;base64,PHN2Zz4="><iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="q"></form><table><tr><td colspan="2">cell</td></tr></table><svg><script>alert(1)</script></svg>',
    );
    const body = html.slice(html.indexOf('<body>'));
    expect(body).toContain('<h2>Title</h2>');
    expect(body).toContain('<a href="#note-1">note</a>');
    expect(body).toContain('<td colspan="2">cell</td>');
    expect(body).not.toMatch(
      /javascript:|onerror|<iframe|<form|<input|<svg|<script|evil\.example|style=|<img/i,
    );
  });
});

describe('LibreOffice conversion', () => {
  it.skipIf(!hasSoffice())(
    'converts a .docx linking an image from outside without fetching it, and runs no macro',
    async () => {
      const requests: string[] = [];
      const server = http.createServer((request, response) => {
        requests.push(request.url ?? '');
        response.writeHead(200, { 'Content-Type': 'image/png' }).end(ONE_PIXEL_PNG);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tracking.png`;
      const engine = createExtractionEngine({ ocr: { languages: ['eng'] } });
      try {
        fs.rmSync('/tmp/sheaf-macro-ran', { force: true });
        const linked = await engine.process(
          office(DOCX, await createDocxWithExternalImage(['Linked picture'], url)),
        );
        expect(linked.preview?.kind).toBe('pdf');
        const macro = await engine.process(
          office('application/vnd.ms-word.document.macroenabled.12', await createDocm(['Macro inside'])),
        );
        expect(macro.preview?.kind).toBe('pdf');
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(requests).toEqual([]);
        expect(fs.existsSync('/tmp/sheaf-macro-ran')).toBe(false);
      } finally {
        await engine.close();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
    120_000,
  );

  it.skipIf(!hasSoffice())(
    'previews a .docx as a PDF when soffice is installed, which gives its thumbnail',
    async () => {
      const engine = createExtractionEngine({ ocr: { languages: ['eng'] } });
      try {
        const output = await engine.process({
          ...office(DOCX, await createDocx(['Converted by LibreOffice'])),
          wants: { thumbnail: true, preview: true },
        });
        expect(output.text).toContain('Converted by LibreOffice');
        expect(output.preview?.kind).toBe('pdf');
        // A WebP (RIFF … WEBP) of the PDF's first page.
        expect(Buffer.from(output.thumbnail!.subarray(8, 12)).toString()).toBe('WEBP');
        expect(Buffer.from(output.preview!.data.subarray(0, 5)).toString()).toBe('%PDF-');
        const pdfText = await engine.extract({
          kind: 'pdf',
          mimeType: 'application/pdf',
          data: output.preview!.data.slice(),
        });
        expect(pdfText).toContain('Converted by LibreOffice');
      } finally {
        await engine.close();
      }
    },
    120_000,
  );
});
