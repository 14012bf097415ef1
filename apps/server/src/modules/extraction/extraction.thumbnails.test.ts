import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createGiganticDrawnPagePdf,
  createHugeBlankPagePdf,
  createHugeHeaderPng,
} from '../../test/hostile-files';
import { createTextPng } from '../../test/test-files';
import { createExtractionEngine } from './extraction.engine';
import { ExtractionError } from './extraction.models';
import { createDocx } from './extraction.office.test-helpers';
import { renderImageThumbnail, THUMBNAIL_WIDTH, tryThumbnail } from './extraction.thumbnails';
import { createFullTextPagePdf, describeThumbnail } from './extraction.thumbnails.test-helpers';

const bytes = (buffer: Buffer) => new Uint8Array(buffer);

describe('thumbnails made by the extraction engine', () => {
  const engine = createExtractionEngine({ ocr: { languages: ['eng'] } });
  afterAll(() => engine.close());

  const pdf = (buffer: Buffer) => ({
    kind: 'pdf' as const,
    mimeType: 'application/pdf',
    data: bytes(buffer),
    wants: { thumbnail: true },
  });

  it("renders a PDF's first page as a 400 px wide WebP of at most 30 KB, its text drawn, beside the text", async () => {
    const output = await engine.process(pdf(createFullTextPagePdf()));
    expect(output.text).toContain('Invoice 4711');
    expect(output.text).toContain('Second page');
    expect(output.thumbnailError).toBeUndefined();
    const thumbnail = output.thumbnail!;
    expect(thumbnail.byteLength).toBeLessThanOrEqual(30_000);
    const described = await describeThumbnail(thumbnail);
    // A4 is 595 × 842 points: 400 × 566 pixels.
    expect(described).toMatchObject({ width: THUMBNAIL_WIDTH, height: 566, format: 'webp' });
    // Text in a standard font the PDF does not embed is drawn, not left blank.
    expect(described.darkest).toBeLessThan(100);
  });

  it("draws a .docx's HTML rendering as an A4 page when LibreOffice makes none, its text showing", async () => {
    const previous = process.env.SHEAF_DISABLE_SOFFICE;
    process.env.SHEAF_DISABLE_SOFFICE = '1';
    try {
      const output = await engine.process({
        kind: 'office',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        data: bytes(
          await createDocx(['Harbour lease', ...Array.from({ length: 30 }, (_, line) => `Clause ${line}`)]),
        ),
        wants: { thumbnail: true, preview: true },
      });
      expect(output.preview?.kind).toBe('html');
      expect(output.thumbnailError).toBeUndefined();
      const described = await describeThumbnail(output.thumbnail!);
      // A4 laid out: 400 × 566.
      expect(described).toMatchObject({ width: THUMBNAIL_WIDTH, height: 566, format: 'webp' });
      expect(described.darkest).toBeLessThan(100);
    } finally {
      if (previous === undefined) delete process.env.SHEAF_DISABLE_SOFFICE;
      else process.env.SHEAF_DISABLE_SOFFICE = previous;
    }
  });

  it('makes no thumbnail when none is wanted', async () => {
    const output = await engine.process({ ...pdf(createFullTextPagePdf()), wants: { thumbnail: false } });
    expect(output.thumbnail).toBeUndefined();
  });

  it('renders an image as a 400 px wide WebP, white where it was transparent', async () => {
    const output = await engine.process({
      kind: 'image',
      mimeType: 'image/png',
      data: bytes(createTextPng(['Harbour invoice'])),
      wants: { thumbnail: true },
    });
    expect(output.text.toLowerCase()).toContain('harbour invoice');
    const described = await describeThumbnail(output.thumbnail!);
    // The PNG is 1200 × 170.
    expect(described).toMatchObject({ width: THUMBNAIL_WIDTH, height: 57, format: 'webp' });

    const transparent = await sharp({
      create: { width: 100, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const white = await renderImageThumbnail({ data: bytes(transparent), maxImagePixels: 1_000_000 });
    const { channels } = await sharp(white!).stats();
    expect(channels.slice(0, 3).map(({ min }) => min)).toEqual([255, 255, 255]);
  }, 30_000);

  it('keeps a page of text as 4 greys losslessly, and a colour picture as lossy WebP', async () => {
    const text = (await engine.process(pdf(createFullTextPagePdf()))).thumbnail!;
    // The RIFF chunk after "WEBP": VP8L is lossless, "VP8 " lossy.
    const chunkOf = (webp: Uint8Array) => Buffer.from(webp.subarray(12, 16)).toString('latin1');
    expect(chunkOf(text)).toBe('VP8L');
    const { channels } = await sharp(text).stats();
    expect(channels[0]!.min).toBe(0);

    const width = 800;
    const height = 600;
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        pixels.set(
          [(x * 255) / width, (y * 255) / height, ((x + y) * 127) / (width + height)],
          (y * width + x) * 3,
        );
      }
    }
    const picture = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg()
      .toBuffer();
    const thumbnail = await renderImageThumbnail({ data: bytes(picture), maxImagePixels: 10_000_000 });
    expect(chunkOf(thumbnail!)).toBe('VP8 ');
    expect(await describeThumbnail(thumbnail!)).toMatchObject({ width: 400, height: 300 });
  });

  it('shows the top of a page taller than twice its width, on a canvas of at most 400 × 800', async () => {
    const tall = await sharp({
      create: { width: 300, height: 3000, channels: 3, background: { r: 10, g: 20, b: 30 } },
    })
      .png()
      .toBuffer();
    const thumbnail = await renderImageThumbnail({ data: bytes(tall), maxImagePixels: 10_000_000 });
    expect(await describeThumbnail(thumbnail!)).toMatchObject({ width: 400, height: 800 });
  });

  it('gives a blank 5000 × 5000 pt page a small thumbnail, rendered at 400 px', async () => {
    const output = await engine.process(pdf(createHugeBlankPagePdf()));
    expect(await describeThumbnail(output.thumbnail!)).toMatchObject({ width: 400, height: 400 });
  });

  it('gives a page too large for the pixel budget no thumbnail, and the extraction its usual error', async () => {
    const failure = await engine.process(pdf(createGiganticDrawnPagePdf())).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ExtractionError);
    expect((failure as ExtractionError).code).toBe('extraction.too_large');
  });

  it('never decodes a PNG whose header claims 2.5 gigapixels: no thumbnail, extraction.too_large', async () => {
    const data = bytes(createHugeHeaderPng());
    expect(await renderImageThumbnail({ data, maxImagePixels: 50_000_000 })).toBeUndefined();
    const failure = await engine
      .process({ kind: 'image', mimeType: 'image/png', data, wants: { thumbnail: true } })
      .catch((error: unknown) => error);
    expect((failure as ExtractionError).code).toBe('extraction.too_large');
  });

  it('turns a render that fails into a reason, never a failure', async () => {
    // A PNG whose header is fine but whose pixels are missing: sharp refuses it.
    const data = bytes(createHugeHeaderPng({ width: 64, height: 64 }));
    const result = await tryThumbnail(() => renderImageThumbnail({ data, maxImagePixels: 1_000_000 }));
    expect(result.thumbnail).toBeUndefined();
    expect(result.thumbnailError).toMatch(/^Error: /);
    expect(await tryThumbnail(async () => undefined)).toEqual({});
  });
});
