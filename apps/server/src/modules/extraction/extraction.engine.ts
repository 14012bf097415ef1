import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  decodeText,
  type ExtractionKind,
  isTextLayerEmpty,
  normalizeExtractedText,
} from './extraction.models';

/**
 * The text extraction itself: runs inside an extraction worker thread (never on the HTTP event
 * loop). PDF text layer through pdf.js; OCR through the `tesseract` program when installed, else
 * tesseract.js with the bundled `@tesseract.js-data/<lang>` data (offline).
 */
const require = createRequire(import.meta.url);

/** Pages of a scanned PDF that are OCRed at most (each takes seconds). */
const MAX_OCR_PAGES = 50;
/** Render scale for OCR: 2.5 × 72 dpi = 180 dpi, readable for Tesseract at a fraction of 300 dpi's cost. */
const OCR_RENDER_SCALE = 2.5;

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

export function createExtractionEngine({ ocr }: { ocr: OcrOptions }) {
  const useProgram = hasTesseractProgram();
  let tesseractWorker: Promise<TesseractWorker> | undefined;
  let pdfjs: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined;
  // pdf.js's data folders, read from disk in Node: fonts PDFs name without embedding them, the
  // CMaps of CJK text layers, the WebAssembly image decoders (JPEG 2000 has no other) and the
  // ICC profiles of CMYK images.
  const pdfjsFolder = path.dirname(require.resolve('pdfjs-dist/package.json'));
  const pdfjsData = {
    standardFontDataUrl: `${path.join(pdfjsFolder, 'standard_fonts')}/`,
    cMapUrl: `${path.join(pdfjsFolder, 'cmaps')}/`,
    cMapPacked: true,
    wasmUrl: `${path.join(pdfjsFolder, 'wasm')}/`,
    iccUrl: `${path.join(pdfjsFolder, 'iccs')}/`,
  };

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

  /** Images Tesseract cannot read directly are redrawn as PNG first. */
  async function toOcrImage(data: Buffer, mimeType: string): Promise<Buffer> {
    if (mimeType === 'image/png' || mimeType === 'image/jpeg') return data;
    const { createCanvas, loadImage } = await import('@napi-rs/canvas');
    const image = await loadImage(data);
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, image.width, image.height);
    context.drawImage(image, 0, 0);
    return canvas.encode('png');
  }

  async function extractPdf(data: Uint8Array): Promise<string> {
    const { getDocument } = await loadPdfjs();
    const document = await getDocument({
      data,
      ...pdfjsData,
      disableFontFace: true,
      isEvalSupported: false,
      useSystemFonts: false,
      verbosity: 0,
    }).promise;
    try {
      const pages: string[] = [];
      for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
        const page = await document.getPage(pageNumber);
        const content = await page.getTextContent();
        let text = '';
        for (const item of content.items) {
          if (!('str' in item)) continue;
          text += item.str;
          if (item.hasEOL) text += '\n';
          else if (item.str !== '' && !item.str.endsWith(' ')) text += ' ';
        }
        pages.push(text);
        page.cleanup();
      }
      const text = pages.join('\n\n');
      if (!isTextLayerEmpty({ text, pageCount: document.numPages })) return text;

      // A scan: render each page and OCR it. The canvas comes from pdf.js's own factory: it
      // bundles its own @napi-rs/canvas, and mixing two copies of that native module crashes.
      const canvasFactory = (document as unknown as { canvasFactory: PdfCanvasFactory }).canvasFactory;
      const ocrPages: string[] = [];
      for (let pageNumber = 1; pageNumber <= Math.min(document.numPages, MAX_OCR_PAGES); pageNumber++) {
        const page = await document.getPage(pageNumber);
        const viewport = page.getViewport({ scale: OCR_RENDER_SCALE });
        const { canvas, context } = canvasFactory.create(
          Math.ceil(viewport.width),
          Math.ceil(viewport.height),
        );
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
        ocrPages.push(await ocrImage(await canvas.encode('png')));
        canvasFactory.destroy({ canvas, context });
        page.cleanup();
      }
      return ocrPages.join('\n\n');
    } finally {
      await document.destroy();
    }
  }

  return {
    async extract({ kind, data, mimeType }: { kind: ExtractionKind; data: Uint8Array; mimeType: string }) {
      let text = '';
      if (kind === 'text') text = decodeText(data);
      else if (kind === 'pdf') text = await extractPdf(data);
      else if (kind === 'image') text = await ocrImage(await toOcrImage(Buffer.from(data), mimeType));
      return normalizeExtractedText(text);
    },
    async close() {
      if (tesseractWorker) await (await tesseractWorker.catch(() => undefined))?.terminate();
    },
  };
}
