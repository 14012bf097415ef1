import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { extractEmail } from './extraction.email';
import {
  DEFAULT_EXTRACTION_LIMITS,
  decodeText,
  ExtractionError,
  type ExtractionKind,
  type ExtractionLimits,
  type ExtractionOutput,
  type ExtractionWants,
  isTextLayerEmpty,
  normalizeExtractedText,
  readImageSize,
} from './extraction.models';
import { extractOffice } from './extraction.office';
import { officeFormatOf } from './extraction.office-types';
import {
  renderHtmlThumbnail,
  renderImageThumbnail,
  renderPdfThumbnail,
  type ThumbnailResult,
  tryThumbnail,
} from './extraction.thumbnails';

/**
 * The text extraction itself: runs inside an extraction worker process (never on the HTTP event
 * loop). PDF text layer through pdf.js; OCR through the `tesseract` program when installed, else
 * tesseract.js with the bundled `@tesseract.js-data/<lang>` data (offline).
 */
const require = createRequire(import.meta.url);

/** Render scale for OCR: 2.5 × 72 dpi = 180 dpi, readable for Tesseract at a fraction of 300 dpi's cost. */
const OCR_RENDER_SCALE = 2.5;
/** Below 18 dpi ordinary text is a few pixels high: a page that needs less is not worth rendering. */
const MIN_OCR_RENDER_SCALE = 0.25;
/** Longest side of a rendered page, whatever its area: canvases and Tesseract refuse longer ones. */
const MAX_RENDER_SIDE = 16_384;

/**
 * The scale at which a page of `width` × `height` points is rendered for OCR: the usual 2.5, or
 * less so the canvas stays within `maxPixels`; undefined when even the smallest useful scale does
 * not fit (the page is then not OCRed).
 */
export function ocrRenderScale({
  width,
  height,
  maxPixels,
}: {
  width: number;
  height: number;
  maxPixels: number;
}): number | undefined {
  if (!(width > 0 && height > 0)) return undefined;
  const scale = Math.min(
    OCR_RENDER_SCALE,
    Math.sqrt(maxPixels / (width * height)),
    MAX_RENDER_SIDE / width,
    MAX_RENDER_SIDE / height,
  );
  return scale >= MIN_OCR_RENDER_SCALE ? scale : undefined;
}

/** The part of a pdf.js text item the text layer is assembled from. */
export type PdfTextItem = { str: string; hasEOL: boolean; dir: string; width: number; transform: number[] };

/**
 * Below this gap (a fraction of the font size) two text items on one line touch: they are parts of
 * one word. PDF writers split words around ligature glyphs ("ﬁ" + "scal"), kerning and font
 * changes; a real word space is about a quarter of the font size or more.
 */
const TOUCHING_GAP = 0.15;

/** Whether `next` continues the word `previous` ends: left to right, same baseline, no gap. */
function touches(previous: PdfTextItem, next: PdfTextItem): boolean {
  if (previous.dir !== 'ltr' || next.dir !== 'ltr') return false;
  const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = previous.transform;
  const [nextA = 0, nextB = 0, , , nextX = 0, nextY = 0] = next.transform;
  const fontSize = Math.hypot(c, d) || Math.hypot(a, b);
  const scale = Math.hypot(a, b);
  if (!(fontSize > 0 && scale > 0)) return false;
  // Same direction (a rotated line is not the same line).
  if (Math.abs(a * nextB - b * nextA) > 0.01 * scale * Math.hypot(nextA, nextB)) return false;
  // Along the baseline from the end of `previous`, and across it.
  const [unitX, unitY] = [a / scale, b / scale];
  const endX = x + unitX * previous.width;
  const endY = y + unitY * previous.width;
  const gap = (nextX - endX) * unitX + (nextY - endY) * unitY;
  const offset = (nextY - endY) * unitX - (nextX - endX) * unitY;
  return Math.abs(offset) < 0.2 * fontSize && gap > -0.5 * fontSize && gap < TOUCHING_GAP * fontSize;
}

/**
 * A page's text from its pdf.js text items: a line break where pdf.js marks an end of line, a space
 * between items, except where the text has its own or the items touch (one word split in pieces).
 */
export function joinTextItems(items: ReadonlyArray<PdfTextItem | object>): string {
  let text = '';
  let previous: PdfTextItem | undefined;
  for (const item of items) {
    if (!('str' in item)) continue;
    if (item.str !== '') {
      const separated = previous === undefined || /\s$/.test(text) || /^\s/.test(item.str);
      if (!separated && !touches(previous!, item)) text += ' ';
      text += item.str;
      previous = item;
    }
    if (item.hasEOL) {
      text += '\n';
      previous = undefined;
    }
  }
  return text;
}

/** The names pdf.js gives the errors of a file it cannot parse. */
const PDF_UNREADABLE_ERRORS = new Set([
  'InvalidPDFException',
  'FormatError',
  'MissingPDFException',
  'UnknownErrorException',
]);

/** An ExtractionError for what can be classified; other errors as they are. */
function classifyError(error: unknown): unknown {
  if (error instanceof ExtractionError || !(error instanceof Error)) return error;
  if (error.name === 'PasswordException') {
    return new ExtractionError('extraction.unreadable', 'The PDF is protected by a password.', {
      cause: error,
    });
  }
  // Allocation failures: the file asks for more memory than there is (an ArrayBuffer, a string).
  if (/allocation failed|invalid (typed )?array length|invalid string length/i.test(error.message)) {
    return new ExtractionError(
      'extraction.too_large',
      'The file needs more memory to read than is allowed.',
      {
        cause: error,
      },
    );
  }
  if (PDF_UNREADABLE_ERRORS.has(error.name)) {
    return new ExtractionError(
      'extraction.unreadable',
      'The PDF is damaged or incomplete and could not be read.',
      {
        cause: error,
      },
    );
  }
  return error;
}

const megapixels = (pixels: number) => `${Math.round(pixels / 100_000) / 10} megapixels`;
const formatNumber = (value: number) => Math.round(value).toLocaleString('en-US');

export type OcrOptions = { languages: string[] };

type PdfCanvas = { width: number; height: number; encode: (format: 'png') => Promise<Buffer> };
type PdfCanvasContext = {
  fillStyle: string;
  fillRect: (x: number, y: number, width: number, height: number) => void;
};
type PdfCanvasFactory = {
  create: (width: number, height: number) => { canvas: PdfCanvas; context: PdfCanvasContext };
  destroy: (canvasAndContext: { canvas: PdfCanvas; context: PdfCanvasContext }) => void;
};

type TesseractWorker = {
  recognize: (image: Buffer) => Promise<{ data: { text: string } }>;
  terminate: () => Promise<unknown>;
};

/** The operators that put marks on a page: paths filled or stroked, images, shadings, text. */
function paintsAnything(
  operatorList: { fnArray: number[]; argsArray: unknown[] },
  OPS: typeof import('pdfjs-dist/legacy/build/pdf.mjs').OPS,
): boolean {
  const painting = new Set<number>([
    OPS.stroke,
    OPS.closeStroke,
    OPS.fill,
    OPS.eoFill,
    OPS.fillStroke,
    OPS.eoFillStroke,
    OPS.closeFillStroke,
    OPS.closeEOFillStroke,
    OPS.rawFillPath,
    OPS.shadingFill,
    OPS.showText,
    OPS.showSpacedText,
    OPS.nextLineShowText,
    OPS.nextLineSetSpacingShowText,
    OPS.paintImageMaskXObject,
    OPS.paintImageMaskXObjectGroup,
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintInlineImageXObjectGroup,
    OPS.paintImageXObjectRepeat,
    OPS.paintImageMaskXObjectRepeat,
    OPS.paintSolidColorImageMask,
  ]);
  return operatorList.fnArray.some((fn, index) => {
    // pdf.js folds path building into constructPath, whose first argument is how the path is
    // painted; endPath paints nothing (a clipping path).
    if (fn === OPS.constructPath) {
      const args = operatorList.argsArray[index] as [number] | undefined;
      return args?.[0] !== OPS.endPath;
    }
    return painting.has(fn);
  });
}

function hasTesseractProgram(): boolean {
  if (process.env.SHEAF_DISABLE_TESSERACT_PROGRAM === '1') return false;
  try {
    return spawnSync('tesseract', ['--version'], { stdio: 'ignore', timeout: 5000 }).status === 0;
  } catch {
    return false;
  }
}

/** A folder holding `<lang>.traineddata.gz` for each language, from the @tesseract.js-data packages. */
function resolveLangPath(languages: string[]): string {
  const folders = languages.map((language) => {
    const packageDir = path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`));
    const candidates = ['4.0.0_best_int', '4.0.0'].map((version) => path.join(packageDir, version));
    const folder = candidates.find((candidate) =>
      fs.existsSync(path.join(candidate, `${language}.traineddata.gz`)),
    );
    if (!folder) throw new Error(`No language data for ${language} in @tesseract.js-data/${language}`);
    return folder;
  });
  const unique = [...new Set(folders)];
  if (unique.length === 1) return unique[0]!;
  const combined = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-tessdata-'));
  languages.forEach((language, index) => {
    fs.symlinkSync(
      path.join(folders[index]!, `${language}.traineddata.gz`),
      path.join(combined, `${language}.traineddata.gz`),
    );
  });
  return combined;
}

type BinaryDataKind = 'cMapUrl' | 'standardFontDataUrl' | 'wasmUrl';

/**
 * pdf.js's reader of its data files (CMaps, WebAssembly decoders), keeping each file once read: the
 * stock one reads a file again for every PDF that needs it. The folders hold a few MB in all.
 */
function createCachedBinaryDataFactory() {
  const files = new Map<string, Promise<Uint8Array>>();
  return class CachedBinaryDataFactory {
    readonly #folders: Record<BinaryDataKind, string | null>;

    constructor({
      cMapUrl = null,
      standardFontDataUrl = null,
      wasmUrl = null,
    }: Partial<Record<BinaryDataKind, string | null>>) {
      this.#folders = { cMapUrl, standardFontDataUrl, wasmUrl };
    }

    async fetch({ kind, filename }: { kind: BinaryDataKind; filename: string }): Promise<Uint8Array> {
      const folder = this.#folders[kind];
      if (!folder) throw new Error(`Ensure that the \`${kind}\` API parameter is provided.`);
      const file = `${folder}${filename}`;
      let data = files.get(file);
      if (!data) {
        data = fs.promises.readFile(file).then((bytes) => new Uint8Array(bytes));
        files.set(file, data);
        data.catch(() => files.delete(file));
      }
      // A copy: pdf.js may transfer what it is given.
      return (await data).slice();
    }
  };
}

/**
 * `limits`: what one extraction may cost (defaults: DEFAULT_EXTRACTION_LIMITS). Failures that can
 * be classified throw an ExtractionError; anything else is a bug or an environment problem.
 */
export function createExtractionEngine({
  ocr,
  limits: overrides,
}: {
  ocr: OcrOptions;
  limits?: Partial<ExtractionLimits>;
}) {
  const limits: ExtractionLimits = { ...DEFAULT_EXTRACTION_LIMITS, ...overrides };
  const useProgram = hasTesseractProgram();
  let tesseractWorker: Promise<TesseractWorker> | undefined;
  let pdfjs: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined;
  // pdf.js's data folders, read from disk in Node: the CMaps of CJK text layers, the WebAssembly
  // image decoders (JPEG 2000 has no other) and the ICC profiles of CMYK images. Not the outlines
  // of the standard fonts (Helvetica, Times…) that PDFs name without embedding: their text comes
  // from the encoding and pdf.js's built-in metrics alone, and parsing the font program for every
  // such PDF was a third of the time spent on a small one. A page that needs OCR holds no text
  // layer, so no text in those fonts to draw either.
  const pdfjsFolder = path.dirname(require.resolve('pdfjs-dist/package.json'));
  const pdfjsData = {
    cMapUrl: `${path.join(pdfjsFolder, 'cmaps')}/`,
    cMapPacked: true,
    wasmUrl: `${path.join(pdfjsFolder, 'wasm')}/`,
    iccUrl: `${path.join(pdfjsFolder, 'iccs')}/`,
  };

  const binaryDataFactory = createCachedBinaryDataFactory();

  const loadPdfjs = () => {
    pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
    return pdfjs;
  };

  const getTesseractWorker = () => {
    tesseractWorker ??= (async () => {
      const { createWorker } = await import('tesseract.js');
      return (await createWorker(ocr.languages.join('+'), 1, {
        langPath: resolveLangPath(ocr.languages),
        gzip: true,
        cacheMethod: 'none',
      })) as unknown as TesseractWorker;
    })();
    return tesseractWorker;
  };

  async function ocrImage(image: Buffer): Promise<string> {
    if (useProgram) {
      return new Promise<string>((resolve, reject) => {
        const child = spawn('tesseract', ['stdin', 'stdout', '-l', ocr.languages.join('+')], {
          stdio: ['pipe', 'pipe', 'ignore'],
        });
        const chunks: Buffer[] = [];
        child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
        child.on('error', reject);
        child.on('close', (code) =>
          code === 0
            ? resolve(Buffer.concat(chunks).toString('utf8'))
            : reject(new Error(`tesseract exited with ${code}`)),
        );
        child.stdin.on('error', () => {});
        child.stdin.end(image);
      });
    }
    const worker = await getTesseractWorker();
    const { data } = await worker.recognize(image);
    return data.text;
  }

  /**
   * An image's text. Its declared size is checked before anything decodes it: the decoders
   * (canvas, Tesseract) allocate width × height pixels first, in native memory no heap limit covers.
   */
  async function extractImage(data: Buffer, mimeType: string): Promise<string> {
    const size = readImageSize(data);
    if (!size) {
      throw new ExtractionError(
        'extraction.unreadable',
        'The image is damaged or in a format that cannot be read.',
      );
    }
    if (size.width * size.height > limits.maxImagePixels) {
      throw new ExtractionError(
        'extraction.too_large',
        `The image is too large to read (${formatNumber(size.width)} × ${formatNumber(size.height)} pixels; the limit is ${megapixels(limits.maxImagePixels)}).`,
      );
    }
    if (size.width === 0 || size.height === 0) return '';
    return ocrImage(await toOcrImage(data, mimeType));
  }

  /** Images Tesseract cannot read directly are redrawn as PNG first. */
  async function toOcrImage(data: Buffer, mimeType: string): Promise<Buffer> {
    if (mimeType === 'image/png' || mimeType === 'image/jpeg') return data;
    const { createCanvas, loadImage } = await import('@napi-rs/canvas');
    const image = await loadImage(data).catch((error: unknown) => {
      throw new ExtractionError(
        'extraction.unreadable',
        'The image is damaged or in a format that cannot be read.',
        {
          cause: error,
        },
      );
    });
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, image.width, image.height);
    context.drawImage(image, 0, 0);
    return canvas.encode('png');
  }

  /** A PDF opened by pdf.js as extraction reads it: the file in memory, no eval, images within the limit. */
  async function openPdf(data: Uint8Array) {
    const { getDocument } = await loadPdfjs();
    return getDocument({
      data,
      ...pdfjsData,
      BinaryDataFactory: binaryDataFactory,
      // The whole file is already in memory: nothing to fetch in ranges or stream.
      disableRange: true,
      disableStream: true,
      disableAutoFetch: true,
      disableFontFace: true,
      isEvalSupported: false,
      useSystemFonts: false,
      // Images inside the PDF past the pixel limit are left out rather than decoded.
      maxImageSize: limits.maxImagePixels,
      verbosity: 0,
    }).promise;
  }

  /** Page 1's thumbnail of a PDF (extraction.thumbnails: MuPDF draws it, from the file's bytes). */
  function pdfThumbnailOf(data: Uint8Array): Promise<ThumbnailResult> {
    return tryThumbnail(() => renderPdfThumbnail({ data, maxPagePixels: limits.maxPagePixels }));
  }

  /** Page 1's thumbnail of a sanitized HTML preview (extraction.thumbnails: MuPDF lays it out). */
  function htmlThumbnailOf(html: Uint8Array): Promise<ThumbnailResult> {
    return tryThumbnail(() => renderHtmlThumbnail({ html, maxPagePixels: limits.maxPagePixels }));
  }

  /** `thumbnail`: when given, page 1's thumbnail is rendered into it. */
  async function extractPdf(data: Uint8Array, thumbnail?: ThumbnailResult): Promise<string> {
    const { OPS } = await loadPdfjs();
    // Before pdf.js has the bytes (it may take them over).
    if (thumbnail) Object.assign(thumbnail, await pdfThumbnailOf(data));
    const document = await openPdf(data);
    try {
      const pages: string[] = [];
      for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
        const page = await document.getPage(pageNumber);
        try {
          // Not pdf.js's own normalisation of each text item: normalizeExtractedText applies NFKC to
          // the whole text afterwards, which covers it (ligatures, presentation forms) for less work.
          pages.push(joinTextItems((await page.getTextContent({ disableNormalization: true })).items));
        } finally {
          // Frees the page's fonts and parsed resources before the next one.
          page.cleanup();
        }
      }
      const text = pages.join('\n\n');
      if (!isTextLayerEmpty({ text, pageCount: document.numPages })) return text;

      // A scan: render each page that paints something and OCR it. The canvas comes from pdf.js's
      // own factory: it bundles its own @napi-rs/canvas, and mixing two copies of that native
      // module crashes.
      const canvasFactory = (document as unknown as { canvasFactory: PdfCanvasFactory }).canvasFactory;
      const ocrPages: string[] = [];
      let tooLarge: { width: number; height: number } | undefined;
      for (let pageNumber = 1; pageNumber <= Math.min(document.numPages, limits.ocrMaxPages); pageNumber++) {
        const page = await document.getPage(pageNumber);
        try {
          // A page that draws nothing needs no canvas: blank pages, however large or many, cost
          // nothing.
          if (!paintsAnything(await page.getOperatorList(), OPS)) continue;
          const box = page.getViewport({ scale: 1 });
          const scale = ocrRenderScale({
            width: box.width,
            height: box.height,
            maxPixels: limits.maxPagePixels,
          });
          if (scale === undefined) {
            tooLarge ??= { width: box.width, height: box.height };
            continue;
          }
          const viewport = page.getViewport({ scale });
          // Rounded down, so the canvas stays within the budget.
          const { canvas, context } = canvasFactory.create(
            Math.max(1, Math.floor(viewport.width)),
            Math.max(1, Math.floor(viewport.height)),
          );
          try {
            context.fillStyle = '#ffffff';
            context.fillRect(0, 0, canvas.width, canvas.height);
            await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
            const image = await canvas.encode('png');
            // The canvas is released before the seconds of OCR, not after.
            canvasFactory.destroy({ canvas, context });
            ocrPages.push(await ocrImage(image));
          } finally {
            if (canvas.width > 0) canvasFactory.destroy({ canvas, context });
          }
        } finally {
          page.cleanup();
        }
      }
      if (ocrPages.length === 0 && tooLarge) {
        throw new ExtractionError(
          'extraction.too_large',
          `The page is too large to read (${formatNumber(tooLarge.width)} × ${formatNumber(tooLarge.height)} points; the limit is ${megapixels(limits.maxPagePixels)}).`,
        );
      }
      return ocrPages.join('\n\n');
    } finally {
      await document.destroy();
    }
  }

  /**
   * One pass over a file: its normalized text, and what `wants` asks for besides. Rejects with an
   * ExtractionError when it can say why the file cannot be read.
   */
  async function process({
    kind,
    data,
    mimeType,
    wants,
  }: {
    kind: ExtractionKind;
    data: Uint8Array;
    mimeType: string;
    wants: ExtractionWants;
  }): Promise<ExtractionOutput> {
    const thumbnail: ThumbnailResult = {};
    if (data.byteLength > limits.maxFileBytes) {
      throw new ExtractionError(
        'extraction.too_large',
        `The file is too large to read (${formatNumber(data.byteLength / 1_000_000)} MB; the limit is ${formatNumber(limits.maxFileBytes / 1_000_000)} MB).`,
      );
    }
    try {
      if (wants.text === false) {
        // The thumbnail alone: MuPDF or sharp, never pdf.js, the OCR or an Office parser.
        if (!wants.thumbnail) return { text: '' };
        if (kind === 'pdf') return { text: '', ...(await pdfThumbnailOf(data)) };
        if (kind === 'image') {
          const { maxImagePixels } = limits;
          return { text: '', ...(await tryThumbnail(() => renderImageThumbnail({ data, maxImagePixels }))) };
        }
        return { text: '' };
      }
      let text = '';
      if (kind === 'text') text = decodeText(data);
      else if (kind === 'pdf') text = await extractPdf(data, wants.thumbnail ? thumbnail : undefined);
      else if (kind === 'email') {
        const {
          text: emailText,
          email,
          previewHtml,
        } = await extractEmail(data, {
          wantsPreview: wants.preview === true || wants.thumbnail,
        });
        const html = previewHtml === undefined ? undefined : new TextEncoder().encode(previewHtml);
        if (html && wants.thumbnail) Object.assign(thumbnail, await htmlThumbnailOf(html));
        return {
          text: normalizeExtractedText(emailText),
          email,
          ...(html && wants.preview ? { preview: { kind: 'html' as const, data: html } } : {}),
          ...thumbnail,
        };
      } else if (kind === 'office') {
        const office = await extractOffice({
          format: officeFormatOf(mimeType)!,
          data,
          limits,
          wantsPreview: wants.preview === true,
        });
        // A PDF made by LibreOffice for the preview gives the thumbnail too (only its first page is read).
        if (office.preview?.kind === 'pdf' && wants.thumbnail) {
          Object.assign(thumbnail, await pdfThumbnailOf(office.preview.data));
        } else if (office.preview?.kind === 'html' && wants.thumbnail) {
          // A .docx or an HTML file: its sanitized rendering, laid out as pages.
          Object.assign(thumbnail, await htmlThumbnailOf(office.preview.data));
        }
        return { ...office, text: normalizeExtractedText(office.text), ...thumbnail };
      } else if (kind === 'image') {
        text = await extractImage(Buffer.from(data.buffer, data.byteOffset, data.byteLength), mimeType);
        if (wants.thumbnail) {
          const { maxImagePixels } = limits;
          Object.assign(thumbnail, await tryThumbnail(() => renderImageThumbnail({ data, maxImagePixels })));
        }
      }
      return { text: normalizeExtractedText(text), ...thumbnail };
    } catch (error) {
      throw classifyError(error);
    }
  }

  return {
    process,
    /** The normalized text of a file alone; rejects as `process` does. */
    async extract(file: { kind: ExtractionKind; data: Uint8Array; mimeType: string }): Promise<string> {
      return (await process({ ...file, wants: { thumbnail: false } })).text;
    },
    async close() {
      if (tesseractWorker) await (await tesseractWorker.catch(() => undefined))?.terminate();
    },
  };
}
