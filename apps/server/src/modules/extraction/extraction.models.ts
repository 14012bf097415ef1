import type { ExtractionErrorCode } from '@sheaf/contracts/documents';
import { officeFormatOf } from './extraction.office-types';

/** How a document's text is obtained, by its MIME type. */
export type ExtractionKind = 'text' | 'pdf' | 'image' | 'none' | 'office' | 'email';

/**
 * What one pass over a file gives: its text, and what else the file allowed to be made on the way
 * (while it is parsed once, in the worker). Each addition is optional: a file gives what it can.
 */
export type ExtractionOutput = {
  /** The normalized text ('' when none was found). */
  text: string;
  /**
   * True when the text was cut at `limits.maxSpreadsheetTextBytes` (a spreadsheet's cells go on past
   * it): the document shows the `extraction.text_capped` notice (extraction.office).
   */
  textCapped?: boolean;
  /**
   * A rendering to show instead of the file (extraction.office): a .docx as sanitized HTML (mammoth),
   * or an Office file as PDF when LibreOffice (`soffice`) is installed. Stored beside the original
   * under `derivedKeyOf(storage_key, 'preview')`.
   */
  preview?: { kind: 'html' | 'pdf'; data: Uint8Array };
  /**
   * A WebP, 400 px wide, of the first page or image (extraction.thumbnails), when `wants.thumbnail`
   * and the file could be rendered within the limits.
   */
  thumbnail?: Uint8Array;
  /** Why the thumbnail's render failed (the text is unaffected); the job logs it. */
  thumbnailError?: string;
  /** An e-mail file's message (extraction.email): its date and the attachments to import. */
  email?: ExtractedEmail;
};

/**
 * What an e-mail file (`message/rfc822`) gives besides its text: the message's date (`YYYY-MM-DD`,
 * the day where it was sent) and its attached files, the first EMAIL_MAX_ATTACHMENTS of them; the
 * names of the others are in `skipped` (and in the text).
 */
export type ExtractedEmail = {
  date: string | null;
  attachments: Array<{ position: number; name: string; mimeType: string; content: Uint8Array }>;
  skipped: Array<{ position: number; name: string }>;
};

/** What a pass should make besides the text. */
export type ExtractionWants = {
  /**
   * The text (default true). False: the thumbnail alone, of a PDF or an image (a document whose
   * text came from elsewhere); the output's text is empty and nothing else is read.
   */
  text?: boolean;
  /** A thumbnail of the first page or image (the extraction job wants one; tests of text alone do not). */
  thumbnail: boolean;
  /** A rendered preview of an Office file (the extraction job wants one; tests of text alone do not). */
  preview?: boolean;
};

const TEXT_APPLICATION_TYPES = new Set([
  'application/json',
  'application/ld+json',
  'application/xml',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
  'application/javascript',
  'application/x-sh',
  'application/sql',
]);

const OCR_IMAGE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/bmp',
  'image/tiff',
  'image/x-portable-bitmap',
]);

export function extractionKindOf(mimeType: string): ExtractionKind {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  if (officeFormatOf(type)) return 'office';
  if (type === 'application/pdf') return 'pdf';
  if (type === 'message/rfc822') return 'email';
  if (type.startsWith('text/') || TEXT_APPLICATION_TYPES.has(type) || /\+(xml|json|yaml)$/.test(type))
    return 'text';
  if (OCR_IMAGE_TYPES.has(type)) return 'image';
  return 'none';
}

/**
 * An extraction that failed for a reason worth telling the user: `code` is stored with the document
 * (`extractionError`), `message` is a short English sentence. Anything else that goes wrong in the
 * engine or its worker becomes `extraction.failed`.
 */
export class ExtractionError extends Error {
  readonly code: ExtractionErrorCode;

  constructor(code: ExtractionErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ExtractionError';
    this.code = code;
  }
}

/**
 * Files larger than this are not extracted (`extraction.too_large`): the job reads the whole file
 * into memory and pdf.js holds it there too. The job checks the stored size before reading.
 */
export const EXTRACTION_MAX_FILE_BYTES = 100_000_000;

/** What one extraction may cost. The pool passes them to each worker. */
export type ExtractionLimits = {
  /** Larger files fail with `extraction.too_large` (see EXTRACTION_MAX_FILE_BYTES). */
  maxFileBytes: number;
  /** Pages of a scanned PDF that are OCRed at most, from the first (each takes seconds). */
  ocrMaxPages: number;
  /**
   * Pixels of one PDF page rendered for OCR: the render scale is lowered to stay within them.
   * Canvas memory is native, outside the worker's V8 heap limit: this budget is what bounds it.
   */
  maxPagePixels: number;
  /** Declared pixels of an image (its header, read before decoding): past it, `extraction.too_large`. */
  maxImagePixels: number;
  /** V8 heap of each worker process (`--max-old-space-size`); running out is `extraction.too_large`. */
  maxOldGenerationSizeMb: number;
  /**
   * An Office file (a zip) is refused (`extraction.too_large`) before any library inflates it when
   * its entries add up to more than this once inflated (checked on the real inflated sizes too)…
   */
  maxZipUncompressedBytes: number;
  /** …when it holds more entries than this (a 100,000-sheet workbook)… */
  maxZipEntries: number;
  /** …or when one entry past 100 kB inflates more than this many times its compressed size. */
  maxZipCompressionRatio: number;
  /** Text kept of a spreadsheet (UTF-8 bytes); the rest is cut, and the document says so. */
  maxSpreadsheetTextBytes: number;
};

export const DEFAULT_EXTRACTION_LIMITS: Readonly<ExtractionLimits> = Object.freeze({
  maxFileBytes: EXTRACTION_MAX_FILE_BYTES,
  ocrMaxPages: 50,
  // 25 MP: an A4 page at 2.5× (180 dpi) is 3.1 MP, so ordinary pages keep the full scale. As RGBA,
  // 100 MB of canvas at most.
  maxPagePixels: 25_000_000,
  // 50 MP: a 600 dpi A4 scan is 35 MP. Decoded as RGBA, 200 MB.
  maxImagePixels: 50_000_000,
  maxOldGenerationSizeMb: 512,
  // An Office file's XML is parsed into a DOM several times its size: 200 MB of XML is about what a
  // 512 MB heap reads. Ratio as Apache POI's ZipSecureFile (1 %, entries past 100 kB).
  maxZipUncompressedBytes: 200_000_000,
  maxZipEntries: 10_000,
  maxZipCompressionRatio: 100,
  maxSpreadsheetTextBytes: 1_000_000,
});

/** Text decoded as UTF-8 (BOM dropped), falling back to Windows-1252 when the bytes are not UTF-8. */
export function decodeText(data: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/**
 * Content as stored and indexed: no NUL characters (PostgreSQL text refuses them), NFKC-folded
 * (ligatures such as "ﬁ" become "fi", full-width forms become ASCII) so a search for "fiscal" finds
 * "ﬁscal", no soft hyphens or zero-width characters (they split words invisibly), words a line end
 * broke with a hyphen joined again ("fis-\ncal" → "fiscal", "Jean-\nPierre" kept), tidy line ends,
 * trimmed.
 */
export function normalizeExtractedText(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing NUL is the point
      .replace(/\u0000/g, '')
      .replace(/\r\n?/g, '\n')
      // A soft hyphen at a line end is where the word was broken: join it whole.
      .replace(/(\p{L})\u00AD[ \t]*\n[ \t]*(?=\p{L})/gu, '$1')
      .replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/g, '')
      // After the removals, so a second pass changes nothing (stored contents are normalised again).
      .normalize('NFKC')
      .replace(/[ \t]+\n/g, '\n')
      // Only before a lowercase letter: "Jean-\nPierre" is a hyphenated name, not a broken word.
      .replace(/(\p{L})[-\u2010]\n[ \t]*(?=\p{Ll})/gu, '$1')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** Whether a PDF's text layer is too thin to be the real text (a scan): then its pages are OCRed. */
export function isTextLayerEmpty({ text, pageCount }: { text: string; pageCount: number }): boolean {
  const letters = text.replace(/\s+/g, '').length;
  return letters < Math.max(8, pageCount * 4);
}

/**
 * The pixel size an image declares in its header (PNG, JPEG, GIF, BMP, WebP, TIFF, PBM/PGM/PPM),
 * read without decoding anything, so an image claiming billions of pixels is refused before a
 * decoder allocates them. Undefined when the format is not one of those or the header is cut short.
 */
export function readImageSize(data: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const ascii = (start: number, length: number) =>
    String.fromCharCode(...data.subarray(start, Math.min(start + length, data.length)));
  try {
    // PNG: the signature, then IHDR (always the first chunk).
    if (ascii(1, 3) === 'PNG' && data[0] === 0x89 && ascii(12, 4) === 'IHDR') {
      return { width: view.getUint32(16), height: view.getUint32(20) };
    }
    if (data[0] === 0xff && data[1] === 0xd8) return readJpegSize(data, view);
    if (ascii(0, 3) === 'GIF') return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
    if (ascii(0, 2) === 'BM') {
      // BITMAPCOREHEADER (12 bytes) has 16-bit sizes; the later headers signed 32-bit ones
      // (a negative height means rows top-down).
      if (view.getUint32(14, true) === 12) {
        return { width: view.getUint16(18, true), height: view.getUint16(20, true) };
      }
      return { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
    }
    if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') return readWebpSize(data, view, ascii(12, 4));
    if (ascii(0, 4) === 'II*\u0000' || ascii(0, 4) === 'MM\u0000*')
      return readTiffSize(view, data[0] === 0x49);
    if (data[0] === 0x50 && data[1]! >= 0x31 && data[1]! <= 0x36) return readNetpbmSize(ascii(0, 1024));
  } catch (error) {
    // A header cut short: DataView reads past the end throw RangeError.
    if (error instanceof RangeError) return undefined;
    throw error;
  }
  return undefined;
}

function readJpegSize(data: Uint8Array, view: DataView) {
  let offset = 2;
  while (offset + 9 < data.length) {
    if (data[offset] !== 0xff) return undefined;
    const marker = data[offset + 1]!;
    // Fill bytes, and markers without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2;
      continue;
    }
    // SOF0–SOF15 hold the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
    }
    // The scan starts, or the image ends, before any frame header.
    if (marker === 0xda || marker === 0xd9) return undefined;
    offset += 2 + view.getUint16(offset + 2);
  }
  return undefined;
}

function readWebpSize(data: Uint8Array, view: DataView, chunk: string) {
  if (chunk === 'VP8 ') {
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // After the 0x2f signature: 14 bits of width − 1, then 14 bits of height − 1.
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    const uint24 = (at: number) => data[at]! | (data[at + 1]! << 8) | (data[at + 2]! << 16);
    return { width: uint24(24) + 1, height: uint24(27) + 1 };
  }
  return undefined;
}

function readTiffSize(view: DataView, littleEndian: boolean) {
  // The first image file directory: ImageWidth (256) and ImageLength (257), SHORT or LONG.
  const directory = view.getUint32(4, littleEndian);
  const entries = view.getUint16(directory, littleEndian);
  let width: number | undefined;
  let height: number | undefined;
  for (let index = 0; index < entries; index++) {
    const entry = directory + 2 + index * 12;
    const tag = view.getUint16(entry, littleEndian);
    if (tag !== 256 && tag !== 257) continue;
    const type = view.getUint16(entry + 2, littleEndian);
    const value =
      type === 3 ? view.getUint16(entry + 8, littleEndian) : view.getUint32(entry + 8, littleEndian);
    if (tag === 256) width = value;
    else height = value;
  }
  return width !== undefined && height !== undefined ? { width, height } : undefined;
}

function readNetpbmSize(header: string) {
  // "P4", then width and height as decimal numbers, with whitespace and # comments between.
  const match = /^P[1-6](?:\s+|#[^\n]*\n)+(\d+)(?:\s+|#[^\n]*\n)+(\d+)/.exec(header);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : undefined;
}
