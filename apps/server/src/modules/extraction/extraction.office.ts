import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sanitizeHtml from 'sanitize-html';
import yauzl from 'yauzl';
import { PREVIEW_HTML_STYLESHEET } from '../documents/documents.models';
import {
  decodeText,
  ExtractionError,
  type ExtractionLimits,
  type ExtractionOutput,
} from './extraction.models';
import {
  type OfficeFormat,
  SOFFICE_PREVIEW_FORMATS,
  SPREADSHEET_FORMATS,
  ZIP_OFFICE_FORMATS,
} from './extraction.office-types';

/**
 * Office, OpenDocument, EPUB, RTF and HTML files, read in an extraction worker: their text through
 * officeparser, a .docx's preview through mammoth (sanitized HTML), or any Office file's preview as
 * PDF through LibreOffice when `soffice` is installed. A zip container is checked before any library
 * inflates it (checkZipContainer). Nothing in a file is run or fetched: the libraries read XML only,
 * mammoth is told not to read external images, and the preview keeps no external URL.
 */

/** Entries smaller than this once inflated are not checked for their ratio (as Apache POI does). */
const RATIO_GRACE_BYTES = 100_000;

const megabytes = (bytes: number) => `${Math.round(bytes / 100_000) / 10} MB`;
const count = (value: number) => Math.round(value).toLocaleString('en-US');

const unreadable = (message: string, cause?: unknown) =>
  new ExtractionError('extraction.unreadable', message, cause === undefined ? undefined : { cause });
const DAMAGED = 'The file is damaged or incomplete and could not be read.';

function openZip(data: Uint8Array): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      Buffer.from(data.buffer, data.byteOffset, data.byteLength),
      // Sizes validated while inflating: an entry larger than it declares fails at once.
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true },
      (error, zipfile) => (error ? reject(unreadable(DAMAGED, error)) : resolve(zipfile)),
    );
  });
}

/** Every entry of the central directory, without inflating anything. */
function readEntries(zipfile: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zipfile.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zipfile.readEntry();
    });
    zipfile.on('end', () => resolve(entries));
    zipfile.on('error', (error: Error) => reject(unreadable(DAMAGED, error)));
    zipfile.readEntry();
  });
}

function openEntry(zipfile: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    zipfile.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
  });
}

/**
 * Checks an Office file's zip container against the limits before any library inflates it: the
 * entry count, then each entry's declared inflated size and compression ratio and their total (from
 * the central directory alone), then the real inflated sizes, entry by entry through a stream that
 * keeps nothing (a declared size is a claim: an entry inflating past it fails). A zip bomb or a
 * workbook of 100,000 sheets ends `extraction.too_large`; a truncated or damaged container
 * `extraction.unreadable`.
 */
export async function checkZipContainer(data: Uint8Array, limits: ExtractionLimits): Promise<void> {
  const zipfile = await openZip(data);
  try {
    if (zipfile.entryCount > limits.maxZipEntries) {
      throw new ExtractionError(
        'extraction.too_large',
        `The file holds too many parts to read (${count(zipfile.entryCount)}; the limit is ${count(limits.maxZipEntries)}).`,
      );
    }
    const entries = await readEntries(zipfile);
    let declared = 0;
    for (const entry of entries) {
      declared += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize > RATIO_GRACE_BYTES && ratio > limits.maxZipCompressionRatio) {
        throw new ExtractionError(
          'extraction.too_large',
          `The file inflates too much to read safely (a part grows ${count(ratio)} times; the limit is ${count(limits.maxZipCompressionRatio)}).`,
        );
      }
    }
    const tooLarge = (size: number) =>
      new ExtractionError(
        'extraction.too_large',
        `The file is too large once unpacked (${megabytes(size)}; the limit is ${megabytes(limits.maxZipUncompressedBytes)}).`,
      );
    if (declared > limits.maxZipUncompressedBytes) throw tooLarge(declared);
    let inflated = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/') || entry.uncompressedSize === 0) continue;
      try {
        const stream = await openEntry(zipfile, entry);
        await pipeline(
          stream,
          new Writable({
            write(chunk: Buffer, _encoding, callback) {
              inflated += chunk.length;
              callback(inflated > limits.maxZipUncompressedBytes ? tooLarge(inflated) : null);
            },
          }),
        );
      } catch (error) {
        if (error instanceof ExtractionError) throw error;
        throw unreadable(DAMAGED, error);
      }
    }
  } finally {
    zipfile.close();
  }
}

type OfficeNode = {
  type?: string;
  text?: string;
  children?: OfficeNode[];
  metadata?: { sheetName?: string } & Record<string, unknown>;
};

/**
 * A spreadsheet's text in reading order: each sheet's name, then its rows, cells separated by tabs,
 * sheets by a blank line; cut at `maxBytes` of UTF-8 (then `capped`).
 */
export function spreadsheetText(
  sheets: readonly OfficeNode[],
  maxBytes: number,
): { text: string; capped: boolean } {
  const parts: string[] = [];
  let bytes = 0;
  const add = (part: string): boolean => {
    const size = Buffer.byteLength(part, 'utf8');
    if (bytes + size <= maxBytes) {
      parts.push(part);
      bytes += size;
      return true;
    }
    // The part that crosses the limit is cut on a character boundary.
    const room = Buffer.from(part, 'utf8').subarray(0, maxBytes - bytes);
    parts.push(new TextDecoder().decode(room).replace(/\uFFFD$/, ''));
    bytes = maxBytes;
    return false;
  };
  const cellText = (node: OfficeNode): string =>
    (node.text ?? (node.children ?? []).map(cellText).join(' ')).replace(/[\t\r\n]+/g, ' ').trim();
  for (const [index, sheet] of sheets.entries()) {
    if (sheet.type !== 'sheet') continue;
    const name = sheet.metadata?.sheetName;
    if (!add(`${index > 0 ? '\n\n' : ''}${name ? `${name}\n` : ''}`))
      return { text: parts.join(''), capped: true };
    for (const row of sheet.children ?? []) {
      if (row.type !== 'row') continue;
      const cells = (row.children ?? []).map(cellText);
      while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
      if (cells.length === 0) continue;
      if (!add(`${cells.join('\t')}\n`)) return { text: parts.join(''), capped: true };
    }
  }
  return { text: parts.join(''), capped: false };
}

/**
 * The HTML of a preview, made safe to show: no scripts, styles, event handlers, forms, frames or
 * objects; links only to anchors inside the document; images only as `data:` URLs of raster images
 * (from inside the file). Wrapped in a page with our stylesheet, which the preview's CSP allows by
 * its hash.
 */
export function sanitizePreviewHtml(html: string): string {
  const body = sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'sub',
      'sup',
      'small',
      'ul',
      'ol',
      'li',
      'dl',
      'dt',
      'dd',
      'table',
      'caption',
      'thead',
      'tbody',
      'tfoot',
      'tr',
      'th',
      'td',
      'blockquote',
      'pre',
      'code',
      'hr',
      'img',
      'a',
      'span',
      'div',
      'section',
      'article',
      'figure',
      'figcaption',
    ],
    allowedAttributes: {
      a: ['href', 'id', 'name'],
      img: ['src', 'alt', 'width', 'height'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan', 'scope'],
      li: ['id'],
      ol: ['start'],
    },
    allowedSchemes: [],
    allowedSchemesByTag: { img: ['data'] },
    allowProtocolRelative: false,
    // Their text is dropped with them (sanitize-html's default for these).
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'head'],
    transformTags: {
      a: (tagName, attribs) => {
        const { href, ...rest } = attribs;
        return { tagName, attribs: href?.startsWith('#') ? { ...rest, href } : rest };
      },
    },
    exclusiveFilter: (frame) =>
      frame.tag === 'img' &&
      !/^data:image\/(png|jpeg|gif|webp|bmp);base64,[a-z0-9+/=\s]+$/i.test(frame.attribs.src ?? ''),
  });
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8">',
    `<style>${PREVIEW_HTML_STYLESHEET}</style>`,
    `</head><body>${body}</body></html>`,
  ].join('');
}

const RASTER_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);
/** Images inside a .docx larger than this are left out of its preview (base64 makes them a third larger). */
const MAX_PREVIEW_IMAGE_BYTES = 5_000_000;

/** A .docx as HTML (mammoth): embedded raster images inlined, linked (external) ones never read. */
async function docxToHtml(data: Uint8Array): Promise<string> {
  const mammoth = (await import('mammoth')).default;
  const result = await mammoth.convertToHtml(
    { buffer: Buffer.from(data.buffer, data.byteOffset, data.byteLength) },
    {
      // Images linked by URL or path stay unread: mammoth rejects them before any access.
      externalFileAccess: false,
      convertImage: mammoth.images.imgElement(async (image) => {
        if (!RASTER_IMAGE_TYPES.has(image.contentType)) return { src: '' };
        const base64 = await image.readAsBase64String();
        if (base64.length * 0.75 > MAX_PREVIEW_IMAGE_BYTES) return { src: '' };
        return { src: `data:${image.contentType};base64,${base64}` };
      }),
    } as Parameters<typeof mammoth.convertToHtml>[1],
  );
  return result.value;
}

/** How long LibreOffice may take to convert one file (within the extraction's own time limit). */
const SOFFICE_TIMEOUT_SECONDS = 60;

let sofficeAvailable: boolean | undefined;

/** Whether `soffice` (LibreOffice) is on the PATH; SHEAF_DISABLE_SOFFICE=1 turns its use off. */
export function hasSoffice(): boolean {
  if (process.env.SHEAF_DISABLE_SOFFICE === '1') return false;
  sofficeAvailable ??= (() => {
    try {
      return spawnSync('soffice', ['--version'], { stdio: 'ignore', timeout: 30_000 }).status === 0;
    } catch {
      return false;
    }
  })();
  return sofficeAvailable;
}

/**
 * A new LibreOffice profile that runs no macro (security "very high", execution disabled), updates no
 * link when loading and loads nothing from untrusted referers: a converted file gets no say.
 */
const SOFFICE_PROFILE = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>1</value></prop></item>
<item oor:path="/org.openoffice.Office.Impress/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>0</value></prop></item>
</oor:items>`;

/**
 * An Office file converted to PDF by LibreOffice, in a temporary folder with a profile of its own
 * (see SOFFICE_PROFILE), under `timeout` (which kills the whole LibreOffice process group, even if
 * this worker is killed first); undefined when the conversion fails or takes too long.
 */
export async function convertWithSoffice(
  data: Uint8Array,
  format: OfficeFormat,
): Promise<Uint8Array | undefined> {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sheaf-soffice-'));
  try {
    const profile = path.join(folder, 'profile');
    await fs.promises.mkdir(path.join(profile, 'user'), { recursive: true });
    await fs.promises.writeFile(path.join(profile, 'user', 'registrymodifications.xcu'), SOFFICE_PROFILE);
    const input = path.join(folder, `document.${format}`);
    await fs.promises.writeFile(input, data);
    const status = await new Promise<number | null>((resolve) => {
      const child = spawn(
        'timeout',
        [
          '--kill-after=5',
          String(SOFFICE_TIMEOUT_SECONDS),
          'soffice',
          `-env:UserInstallation=file://${profile}`,
          '--headless',
          '--norestore',
          '--nologo',
          '--nolockcheck',
          '--nodefault',
          '--convert-to',
          'pdf',
          '--outdir',
          folder,
          input,
        ],
        { stdio: 'ignore', cwd: folder, env: { ...process.env, HOME: folder } },
      );
      child.on('error', () => resolve(null));
      child.on('close', (code) => resolve(code));
    });
    if (status !== 0) return undefined;
    const pdf = await fs.promises.readFile(path.join(folder, 'document.pdf')).catch(() => undefined);
    return pdf && pdf.length > 0 ? new Uint8Array(pdf) : undefined;
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

const officeParserUnreadable = (error: unknown) =>
  error instanceof ExtractionError
    ? error
    : error instanceof Error &&
        /allocation failed|invalid (typed )?array length|invalid string length/i.test(error.message)
      ? error
      : unreadable('The file is damaged, or not what its type says, and could not be read.', error);

/**
 * One Office (or OpenDocument, EPUB, RTF, HTML) file: its text (a spreadsheet's capped), and when
 * `wantsPreview` its preview. Rejects with an ExtractionError for a hostile or damaged file.
 */
export async function extractOffice({
  format,
  data,
  limits,
  wantsPreview,
}: {
  format: OfficeFormat;
  data: Uint8Array;
  limits: ExtractionLimits;
  wantsPreview: boolean;
}): Promise<Omit<ExtractionOutput, 'text'> & { text: string }> {
  if (ZIP_OFFICE_FORMATS.has(format)) await checkZipContainer(data, limits);
  const { OfficeParser } = await import('officeparser');
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let text: string;
  let textCapped = false;
  try {
    const ast = await OfficeParser.parseOffice(buffer, {
      // The format is ours, never guessed: officeparser's sniffer is not loaded.
      fileType: format,
      extractAttachments: false,
      ocr: false,
      includeRawContent: false,
    });
    if (SPREADSHEET_FORMATS.has(format)) {
      const result = spreadsheetText(ast.content as OfficeNode[], limits.maxSpreadsheetTextBytes);
      text = result.text;
      textCapped = result.capped;
    } else {
      const { value } = await ast.to('text');
      text = typeof value === 'string' ? value : '';
    }
  } catch (error) {
    throw officeParserUnreadable(error);
  }
  const output: Omit<ExtractionOutput, 'text'> & { text: string } = { text };
  if (textCapped) output.textCapped = true;
  if (wantsPreview) {
    const preview = await makePreview({ format, data, buffer });
    if (preview) output.preview = preview;
  }
  return output;
}

async function makePreview({
  format,
  data,
  buffer,
}: {
  format: OfficeFormat;
  data: Uint8Array;
  buffer: Buffer;
}): Promise<ExtractionOutput['preview']> {
  if (SOFFICE_PREVIEW_FORMATS.has(format) && hasSoffice()) {
    const pdf = await convertWithSoffice(data, format);
    if (pdf) return { kind: 'pdf', data: pdf };
  }
  try {
    if (format === 'docx') {
      return { kind: 'html', data: new TextEncoder().encode(sanitizePreviewHtml(await docxToHtml(data))) };
    }
    if (format === 'html') {
      return { kind: 'html', data: new TextEncoder().encode(sanitizePreviewHtml(decodeText(buffer))) };
    }
  } catch {
    // No preview: the extracted text is shown instead.
  }
  return undefined;
}

/** The ETag of a stored preview: a digest of its bytes. */
export const previewEtagOf = (data: Uint8Array) =>
  createHash('sha256').update(data).digest('hex').slice(0, 16);
