import { readImageSize } from './extraction.models';
import { encodePaletteWebp } from './extraction.webp-palette';

/**
 * Thumbnails: a WebP, 400 px wide, of a PDF's first page or of an image, made in the extraction
 * worker while the file is parsed for its text (MuPDF draws a PDF's page, `sharp` scales images,
 * pages of text are encoded by extraction.webp-palette, anything else by `sharp`). A file that cannot be rendered simply has none: a thumbnail never fails the text.
 */

/** Width of every thumbnail, in pixels. */
export const THUMBNAIL_WIDTH = 400;
/**
 * Tallest thumbnail: twice its width (an A4 page is 1.41×). Taller pages and images (a receipt
 * roll, a long screenshot) show their top; this also bounds the pixmap of a page of any shape.
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

/** The 4 greys a page of text is stored in (0xAARRGGBB), darkest first. */
const TEXT_PAGE_GREYS = [0xff000000, 0xff606060, 0xffb0b0b0, 0xffffffff] as const;

/**
 * A page of text's pixels as indices into TEXT_PAGE_GREYS, in one pass; undefined as soon as a
 * pixel shows colour, or when more than TEXT_PAGE_MAX_MID_TONES of them are mid-tones (a photo).
 */
function textPageGreysOf(pixels: Uint8Array | Uint8ClampedArray, count: number, channels: number) {
  const greys = new Uint8Array(count);
  const maxMidTones = TEXT_PAGE_MAX_MID_TONES * count;
  let midTones = 0;
  for (let index = 0, offset = 0; index < count; index++, offset += channels) {
    const red = pixels[offset]!;
    const green = pixels[offset + 1]!;
    const blue = pixels[offset + 2]!;
    const redGreen = red - green;
    const greenBlue = green - blue;
    if (redGreen > 24 || redGreen < -24 || greenBlue > 24 || greenBlue < -24) return undefined;
    const luma = (red * 77 + green * 150 + blue * 29) >> 8;
    if (luma > 32 && luma < 224) midTones++;
    greys[index] = luma < 48 ? 0 : luma < 128 ? 1 : luma < 208 ? 2 : 3;
  }
  return midTones <= maxMidTones ? greys : undefined;
}

/**
 * WebP of opaque pixels already at the thumbnail's size (RGB or RGBA; alpha is ignored): 4 greys
 * losslessly for a page of text (TEXT_PAGE_MAX_MID_TONES, our own palette encoder:
 * extraction.webp-palette), else lossy at quality 70, or 40 when that is over THUMBNAIL_MAX_BYTES
 * (sharp, effort 0: it runs in the extraction's path, for every document).
 */
async function encodeWebp(
  pixels: Uint8Array | Uint8ClampedArray,
  raw: { width: number; height: number; channels: 3 | 4 },
) {
  const { width, height, channels } = raw;
  const greys = textPageGreysOf(pixels, width * height, channels);
  if (greys) {
    const webp = encodePaletteWebp({ indices: greys, width, height, palette: TEXT_PAGE_GREYS });
    if (webp.byteLength <= THUMBNAIL_MAX_BYTES) return webp;
  }
  const sharp = await loadSharp();
  const input = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
  const lossy = (quality: number) =>
    sharp(input, { raw }).removeAlpha().webp({ quality, effort: 0, smartSubsample: true }).toBuffer();
  let webp = await lossy(THUMBNAIL_QUALITY);
  if (webp.byteLength > THUMBNAIL_MAX_BYTES) webp = await lossy(THUMBNAIL_LOW_QUALITY);
  return new Uint8Array(webp.buffer, webp.byteOffset, webp.byteLength);
}

let mupdfModule: Promise<typeof import('mupdf')> | undefined;
/**
 * MuPDF (its WebAssembly build), loaded on the first PDF thumbnail. It draws a page of text in about
 * a third of the time pdf.js on a canvas took (one fillText a character there), and brings the
 * standard 14 fonts' outlines itself: Helvetica or Times named without being embedded are drawn
 * the same on every machine. Text is still read by pdf.js; MuPDF only paints page 1.
 */
const loadMupdf = () => {
  mupdfModule ??= import('mupdf');
  return mupdfModule;
};

/**
 * A thumbnail of a PDF's first page (also of files converted to PDF first, such as Office files
 * through LibreOffice): MuPDF draws it straight at 400 px wide into a white pixmap of at most
 * 400 × 800 pixels, whatever the page's size. Undefined for a PDF without pages, one that needs a
 * password, a page without area, or one the extraction's pixel budget refuses at any useful scale
 * (the OCR rule: such a page is hostile, not a document).
 */
export async function renderPdfThumbnail({
  data,
  maxPagePixels,
}: {
  data: Uint8Array;
  maxPagePixels: number;
}): Promise<Uint8Array | undefined> {
  const mupdf = await loadMupdf();
  const document = mupdf.Document.openDocument(data, 'application/pdf');
  try {
    if (document.needsPassword()) return undefined;
    return await renderFirstPage(mupdf, document, maxPagePixels);
  } finally {
    document.destroy();
  }
}

/** Page 1 of a document MuPDF opened, drawn and encoded (see renderPdfThumbnail). */
async function renderFirstPage(
  mupdf: typeof import('mupdf'),
  document: import('mupdf').Document,
  maxPagePixels: number,
): Promise<Uint8Array | undefined> {
  if (document.countPages() < 1) return undefined;
  const page = document.loadPage(0);
  const owned: Array<{ destroy: () => void }> = [page];
  try {
    // The page's box as shown: rotation applied, in points.
    const [left, top, right, bottom] = page.getBounds();
    const box = { width: right - left, height: bottom - top };
    if (!isWithinPageBudget(box, maxPagePixels)) return undefined;
    const scale = THUMBNAIL_WIDTH / box.width;
    const width = THUMBNAIL_WIDTH;
    const height = Math.max(1, Math.min(THUMBNAIL_MAX_HEIGHT, Math.round(box.height * scale)));
    const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, width, height], false);
    owned.push(pixmap);
    pixmap.clear(255);
    const device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
    owned.push(device);
    // Page space to the pixmap: the box's corner at the origin, then scaled; anything past the
    // pixmap (the rest of a tall page) is clipped, never drawn.
    page.run(
      device,
      mupdf.Matrix.concat(mupdf.Matrix.translate(-left, -top), mupdf.Matrix.scale(scale, scale)),
    );
    device.close();
    return await encodeWebp(pixmap.getPixels(), { width, height, channels: 3 });
  } finally {
    for (const resource of owned.reverse()) resource.destroy();
  }
}

/**
 * HTML past this is cut before it is laid out for a thumbnail: the first page never needs more, and
 * MuPDF lays out the whole document before drawing a page of it.
 */
const HTML_THUMBNAIL_MAX_BYTES = 1_000_000;

/**
 * A thumbnail of an HTML rendering (the sanitized preview of a .docx, an HTML file or an e-mail):
 * MuPDF lays it out on A4 pages, 11 pt text, and draws the first one as a PDF page is. The HTML
 * holds nothing to fetch (sanitizePreviewHtml keeps `data:` images only), and MuPDF has no network.
 */
export async function renderHtmlThumbnail({
  html,
  maxPagePixels,
}: {
  html: Uint8Array;
  maxPagePixels: number;
}): Promise<Uint8Array | undefined> {
  const mupdf = await loadMupdf();
  const document = mupdf.Document.openDocument(html.subarray(0, HTML_THUMBNAIL_MAX_BYTES), 'text/html');
  try {
    document.layout(595, 842, 11);
    return await renderFirstPage(mupdf, document, maxPagePixels);
  } finally {
    document.destroy();
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
