import { readImageSize } from './extraction.models';

/**
 * Thumbnails: a WebP, 400 px wide, of a PDF's first page or of an image, made in the extraction
 * worker while the file is parsed for its text (pdf.js renders the page, `sharp` scales images and
 * encodes WebP). A file that cannot be rendered simply has none: a thumbnail never fails the text.
 */

/** Width of every thumbnail, in pixels. */
export const THUMBNAIL_WIDTH = 400;
/**
 * Tallest thumbnail: twice its width (an A4 page is 1.41×). Taller pages and images (a receipt
 * roll, a long screenshot) show their top; this also bounds the canvas of a page of any shape.
 */
export const THUMBNAIL_MAX_HEIGHT = 2 * THUMBNAIL_WIDTH;
/**
 * Largest thumbnail worth keeping as encoded first (the budget is 30 KB for a text page): past it,
 * encoded again at THUMBNAIL_LOW_QUALITY.
 */
export const THUMBNAIL_MAX_BYTES = 30_000;
const THUMBNAIL_QUALITY = 70;
const THUMBNAIL_LOW_QUALITY = 40;
/**
 * A page of text is mostly paper and ink: when no more than this share of its pixels are mid-tones
 * (antialiased letter edges), it is stored as 4 grays, losslessly — a dense A4 page of small text
 * is 12–17 KB so, against 45 KB lossy at quality 70 (letter edges are what lossy WebP is worst at),
 * and quicker to encode. Photos (grey ones too) and colour keep lossy WebP.
 */
const TEXT_PAGE_MAX_MID_TONES = 0.25;

/**
 * Pages larger than the pixel budget allows even at 18 dpi (a quarter of 72 dpi, the OCR's smallest
 * useful scale) get no thumbnail: the same pages the OCR refuses as too large, hostile rather than
 * documents, however cheap a 400 px render of them would be.
 */
const MIN_USEFUL_SCALE = 0.25;

function isWithinPageBudget({ width, height }: { width: number; height: number }, maxPixels: number) {
  return width > 0 && height > 0 && width * height * MIN_USEFUL_SCALE ** 2 <= maxPixels;
}

/** The canvas of pdf.js's own factory (its bundled @napi-rs/canvas: never mix in a second copy). */
type ThumbnailCanvas = { width: number; height: number; data: () => Buffer };
type ThumbnailContext = {
  fillStyle: string;
  fillRect: (x: number, y: number, width: number, height: number) => void;
};
export type ThumbnailCanvasFactory = {
  create: (width: number, height: number) => { canvas: ThumbnailCanvas; context: ThumbnailContext };
  destroy: (canvasAndContext: { canvas: ThumbnailCanvas; context: ThumbnailContext }) => void;
};

/** The part of a pdf.js page a thumbnail needs. */
export type ThumbnailPdfPage = {
  getViewport: (options: { scale: number }) => { width: number; height: number };
  render: (options: { canvas: never; canvasContext: never; viewport: never }) => {
    promise: Promise<unknown>;
  };
};

/** The part of a pdf.js document a thumbnail needs. */
export type ThumbnailPdfDocument = {
  numPages: number;
  getPage: (pageNumber: number) => Promise<ThumbnailPdfPage & { cleanup: () => unknown }>;
};

let sharpModule: Promise<typeof import('sharp')> | undefined;
/**
 * sharp, loaded on the first thumbnail. One libvips thread: the pool already runs a worker process
 * per core, each on one file at a time, and a thread pool per worker only made them contend (and
 * no cache: every file is new).
 */
const loadSharp = () => {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
};

/**
 * WebP of opaque pixels already at the thumbnail's size (RGB or RGBA; alpha is ignored): 4 grays
 * losslessly for a page of text (TEXT_PAGE_MAX_MID_TONES), else lossy at quality 70, or 40 when
 * that is over THUMBNAIL_MAX_BYTES. Effort 0 throughout: it runs in the extraction's path, for
 * every document.
 */
async function encodeWebp(pixels: Buffer, raw: { width: number; height: number; channels: 3 | 4 }) {
  const sharp = await loadSharp();
  const { width, height, channels } = raw;
  const count = width * height;
  // One pass: are the pixels grey, how many are mid-tones, and their 4-grey version meanwhile.
  const grays = Buffer.allocUnsafe(count);
  let colour = false;
  let midTones = 0;
  for (let index = 0, offset = 0; index < count; index++, offset += channels) {
    const red = pixels[offset]!;
    const green = pixels[offset + 1]!;
    const blue = pixels[offset + 2]!;
    if (Math.abs(red - green) > 24 || Math.abs(green - blue) > 24) {
      colour = true;
      break;
    }
    const luma = (red * 77 + green * 150 + blue * 29) >> 8;
    if (luma > 32 && luma < 224) midTones++;
    grays[index] = luma < 48 ? 0 : luma < 128 ? 96 : luma < 208 ? 176 : 255;
  }
  let webp: Buffer | undefined;
  if (!colour && midTones <= TEXT_PAGE_MAX_MID_TONES * count) {
    webp = await sharp(grays, { raw: { width, height, channels: 1 } })
      .webp({ lossless: true, effort: 0 })
      .toBuffer();
  }
  const lossy = (quality: number) =>
    sharp(pixels, { raw }).removeAlpha().webp({ quality, effort: 0, smartSubsample: true }).toBuffer();
  if (!webp || webp.byteLength > THUMBNAIL_MAX_BYTES) webp = await lossy(THUMBNAIL_QUALITY);
  if (webp.byteLength > THUMBNAIL_MAX_BYTES) webp = await lossy(THUMBNAIL_LOW_QUALITY);
  return new Uint8Array(webp.buffer, webp.byteOffset, webp.byteLength);
}

/**
 * A thumbnail of one pdf.js page: rendered straight at 400 px wide on a white canvas of at most
 * 400 × 800 pixels, whatever the page's size. Undefined for a page without area, or one the
 * extraction's pixel budget refuses at any useful scale (the OCR rule: such a page is hostile, not
 * a document).
 */
export async function renderPageThumbnail({
  page,
  canvasFactory,
  maxPagePixels,
}: {
  page: ThumbnailPdfPage;
  canvasFactory: ThumbnailCanvasFactory;
  maxPagePixels: number;
}): Promise<Uint8Array | undefined> {
  const box = page.getViewport({ scale: 1 });
  if (!isWithinPageBudget(box, maxPagePixels)) return undefined;
  const viewport = page.getViewport({ scale: THUMBNAIL_WIDTH / box.width });
  const width = THUMBNAIL_WIDTH;
  const height = Math.max(1, Math.min(THUMBNAIL_MAX_HEIGHT, Math.round(viewport.height)));
  const canvasAndContext = canvasFactory.create(width, height);
  const { canvas, context } = canvasAndContext;
  try {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    await page.render({
      canvas: canvas as never,
      canvasContext: context as never,
      viewport: viewport as never,
    }).promise;
    // The stored pixels as they are (premultiplied, but the canvas is opaque): no copy as
    // getImageData makes.
    return await encodeWebp(canvas.data(), { width, height, channels: 4 });
  } finally {
    canvasFactory.destroy(canvasAndContext);
  }
}

/**
 * A thumbnail of a loaded PDF's first page (also for files converted to PDF first, such as Office
 * files through LibreOffice). `canvasFactory` is the document's own (`document.canvasFactory`).
 * Undefined when the PDF has no page or its first page cannot be rendered within the budget.
 */
export async function renderPdfThumbnail({
  document,
  canvasFactory,
  maxPagePixels,
}: {
  document: ThumbnailPdfDocument;
  canvasFactory: ThumbnailCanvasFactory;
  maxPagePixels: number;
}): Promise<Uint8Array | undefined> {
  if (document.numPages < 1) return undefined;
  const page = await document.getPage(1);
  try {
    return await renderPageThumbnail({ page, canvasFactory, maxPagePixels });
  } finally {
    page.cleanup();
  }
}

/**
 * A thumbnail of an image file. Its declared size is checked before anything decodes it (as for
 * its text): undefined when the header cannot be read or claims more than `maxImagePixels`. EXIF
 * orientation is applied, transparency shows white, animations show their first frame.
 */
export async function renderImageThumbnail({
  data,
  maxImagePixels,
}: {
  data: Uint8Array;
  maxImagePixels: number;
}): Promise<Uint8Array | undefined> {
  const size = readImageSize(data);
  if (!size || size.width === 0 || size.height === 0 || size.width * size.height > maxImagePixels) {
    return undefined;
  }
  const sharp = await loadSharp();
  const input = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  // sharp checks the pixel count again itself (`limitInputPixels`), for formats read differently.
  const image = sharp(input, { limitInputPixels: maxImagePixels, failOn: 'error', animated: false }).rotate();
  const { width = size.width, height = size.height, autoOrient } = await image.metadata();
  const [orientedWidth, orientedHeight] = autoOrient
    ? [autoOrient.width, autoOrient.height]
    : [width, height];
  const targetHeight = Math.max(
    1,
    Math.min(THUMBNAIL_MAX_HEIGHT, Math.round((orientedHeight * THUMBNAIL_WIDTH) / orientedWidth)),
  );
  const { data: pixels, info } = await image
    .resize({ width: THUMBNAIL_WIDTH, height: targetHeight, fit: 'cover', position: 'top' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return encodeWebp(pixels, { width: info.width, height: info.height, channels: info.channels as 3 | 4 });
}

/** What a thumbnail attempt gives the extraction's output: the WebP, or why there is none. */
export type ThumbnailResult = { thumbnail?: Uint8Array; thumbnailError?: string };

/**
 * Runs a render, never failing the text extraction: an error becomes `thumbnailError` (the job logs
 * it) and the document simply has no thumbnail.
 */
export async function tryThumbnail(render: () => Promise<Uint8Array | undefined>): Promise<ThumbnailResult> {
  try {
    const thumbnail = await render();
    return thumbnail ? { thumbnail } : {};
  } catch (error) {
    return { thumbnailError: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}
