import fs from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import { assemblePdf } from './test-files';

/**
 * Files built to hurt a text extractor: huge pages, huge image headers, cut-off files, thousands of
 * pages. Generated here rather than committed, as most are big or trivially described.
 */

const stream = (content: string) =>
  `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;

/** One page of `width` × `height` points, drawing what `content` says (nothing by default). */
function createSinglePagePdf({
  width,
  height,
  content = '',
}: {
  width: number;
  height: number;
  content?: string;
}) {
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << >> /Contents 4 0 R >>`,
    stream(content),
  ]);
}

/** An image-less PDF of one blank 5000 × 5000 pt page (1.76 m square): 156 megapixels at 2.5×. */
export function createHugeBlankPagePdf(): Buffer {
  return createSinglePagePdf({ width: 5000, height: 5000 });
}

/**
 * A page of 5000 × 5000 pt holding an image of `text` across its width: rendered for OCR at the
 * usual 2.5× it would be 156 megapixels; within the budget it is rendered smaller, still readable.
 */
export function createHugeScannedPagePdf(text: string): Buffer {
  const [width, height] = [1200, 170];
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.font = '64px sans-serif';
  context.fillText(text, 40, 104);
  const rgba = context.getImageData(0, 0, width, height).data;
  const gray = Buffer.alloc(width * height);
  for (let index = 0; index < gray.length; index++) gray[index] = rgba[index * 4]!;
  const image = deflateSync(gray);
  const content = `q 5000 0 0 ${Math.round((5000 * height) / width)} 0 2000 cm /Im1 Do Q`;
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 5000 5000] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>',
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${image.length} >>\nstream\n`,
        'latin1',
      ),
      image,
      Buffer.from('\nendstream', 'latin1'),
    ]),
    stream(content),
  ]);
}

/** A page of 200,000 × 200,000 pt with a drawing: too large to render at any useful scale. */
export function createGiganticDrawnPagePdf(): Buffer {
  return createSinglePagePdf({ width: 200_000, height: 200_000, content: '0 g 100 100 4000 4000 re f' });
}

/** A PDF of `pageCount` blank A4 pages (no content stream at all). */
export function createManyBlankPagesPdf(pageCount = 3000): Buffer {
  const kids = Array.from({ length: pageCount }, (_, index) => `${index + 3} 0 R`).join(' ');
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`,
    ...Array.from({ length: pageCount }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'),
  ]);
}

/** A real PDF (Chromium's, compressed objects and all) cut in half, as an interrupted download leaves it. */
export function createTruncatedPdf(): Buffer {
  const whole = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/ligatures-chromium.pdf'));
  return whole.subarray(0, Math.floor(whole.length / 2));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A valid PNG signature and IHDR claiming `width` × `height` RGB pixels (50,000² = 2.5 gigapixels,
 * 7.5 GB decoded), then a tiny IDAT: a decoder that trusts the header allocates it all.
 */
export function createHugeHeaderPng({ width = 50_000, height = 50_000 } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * One A4 page whose content is `operatorCount` save/restore pairs (`q Q`), deflated: 10 million of
 * them fit in 40 kB and keep pdf.js busy for half a minute, building an operator list of gigabytes.
 * Slow on purpose (timeouts) and heavy on purpose (memory limits).
 */
export function createOperatorFloodPdf(operatorCount = 10_000_000): Buffer {
  const content = deflateSync(Buffer.from('q Q\n'.repeat(operatorCount), 'latin1'));
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << >> /Contents 4 0 R >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      content,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  ]);
}
