import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';

/** Assembles PDF objects (numbered from 1, the first being the catalog) with a correct xref table. */
export function assemblePdf(objects: Array<string | Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(offset);
    const body = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof object === 'string' ? Buffer.from(object, 'latin1') : object,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(body);
    offset += body.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((value) => `${String(value).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
  ].join('\n');
  parts.push(Buffer.from(`${xref}\n`, 'latin1'));
  return Buffer.concat(parts);
}

const escapePdfText = (text: string) => text.replace(/[\\()]/g, (character) => `\\${character}`);

/** A PDF with a real text layer: one page per entry, each a list of lines (Helvetica, A4). */
export function createTextPdf(pages: string[][]): Buffer {
  const pageCount = pages.length;
  // 1 catalog, 2 pages, 3 font, then per page: page object and content stream.
  const kids = pages.map((_, index) => `${4 + index * 2} 0 R`).join(' ');
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  pages.forEach((lines, index) => {
    const content = [
      'BT',
      '/F1 12 Tf',
      '14 TL',
      '56 780 Td',
      ...lines.map((line) => `(${escapePdfText(line)}) Tj T*`),
      'ET',
    ].join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + index * 2} 0 R >>`,
    );
    objects.push(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  });
  return assemblePdf(objects);
}

/** Black text on white, large enough for OCR, as grayscale pixels. */
function renderText(lines: string[], { width = 1200, lineHeight = 90, fontSize = 64 } = {}) {
  const height = lineHeight * lines.length + 80;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.font = `${fontSize}px sans-serif`;
  for (const [index, line] of lines.entries()) context.fillText(line, 40, 40 + fontSize + index * lineHeight);
  return { canvas, width, height };
}

/** A PNG image of the given lines of text. */
export function createTextPng(lines: string[]): Buffer {
  return renderText(lines).canvas.toBuffer('image/png');
}

/** A scanned-like PDF: one page holding only an image of the text, no text layer. */
export function createImageOnlyPdf(lines: string[]): Buffer {
  const { canvas, width, height } = renderText(lines);
  const rgba = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const gray = Buffer.alloc(width * height);
  for (let index = 0; index < width * height; index++) gray[index] = rgba[index * 4]!;
  return createSingleImagePdf({
    width,
    height,
    imageDictionary: '/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode',
    image: deflateSync(gray),
  });
}

/** One page (A4 wide) holding only one image, as a scanner writes it. */
function createSingleImagePdf({
  width,
  height,
  imageDictionary,
  image,
}: {
  width: number;
  height: number;
  /** The image's encoding: its filter, colour space and bits per component. */
  imageDictionary: string;
  image: Buffer;
}): Buffer {
  const pageWidth = 595;
  const pageHeight = Math.round((height / width) * pageWidth);
  const content = `q ${pageWidth} 0 0 ${pageHeight} 0 0 cm /Im1 Do Q`;
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>`,
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} ${imageDictionary} /Length ${image.length} >>\nstream\n`,
        'latin1',
      ),
      image,
      Buffer.from('\nendstream', 'latin1'),
    ]),
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ]);
}

/**
 * A scan stored as JPEG 2000 (`JPXDecode`), as some scanners and archival PDFs do: the image is
 * `fixtures/scan-harbour-invoice.j2k`, 900×220 grey pixels reading "Archived scan" and "Harbour
 * invoice 4711" (drawn with @napi-rs/canvas, encoded with `opj_compress -r 20`).
 */
export function createJpxScanPdf(): Buffer {
  return createSingleImagePdf({
    width: 900,
    height: 220,
    imageDictionary: '/BitsPerComponent 8 /Filter /JPXDecode',
    image: fs.readFileSync(path.join(import.meta.dirname, 'fixtures/scan-harbour-invoice.j2k')),
  });
}

/**
 * A Japanese text layer the way many Japanese PDFs hold one: a font that is not embedded, with a
 * predefined CMap (`UniJIS-UCS2-H`) mapping the UCS-2 codes of the text to Adobe-Japan1 glyphs.
 * Reading it back needs that CMap and the Adobe-Japan1 to Unicode one (pdf.js's `cmaps` folder).
 */
export function createJapaneseTextPdf(text: string): Buffer {
  const codes = Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase();
  const content = `BT /F1 24 Tf 56 760 Td <${codes}> Tj ET`;
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type0 /BaseFont /KozMinPr6N-Regular /Encoding /UniJIS-UCS2-H /DescendantFonts [5 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /KozMinPr6N-Regular /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 6 >> /FontDescriptor << /Type /FontDescriptor /FontName /KozMinPr6N-Regular /Flags 4 /FontBBox [0 -120 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 740 /StemV 80 >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ]);
}
