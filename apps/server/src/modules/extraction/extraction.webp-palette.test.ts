import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { codeLengthsOf, encodePaletteWebp, MAX_PALETTE_COLOURS } from './extraction.webp-palette';

/** A seeded generator, so that a failing image can be made again. */
function randomOf(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Decodes with libwebp (through sharp) and answers each pixel as 0xRRGGBB. */
async function decode(webp: Uint8Array) {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  const pixels: number[] = [];
  for (let offset = 0; offset < data.length; offset += info.channels) {
    pixels.push((data[offset]! << 16) | (data[offset + 1]! << 8) | data[offset + 2]!);
  }
  return { width: info.width, height: info.height, pixels };
}

const rgbOf = (argb: number) => argb & 0xffffff;

describe('the palette WebP encoder', () => {
  it('writes images libwebp decodes pixel for pixel, for every palette size, width and kind of content', async () => {
    const random = randomOf(31);
    for (let trial = 0; trial < 120; trial++) {
      const width = 1 + Math.floor(random() * (trial < 40 ? 10 : 420));
      const height = 1 + Math.floor(random() * (trial < 40 ? 10 : 120));
      const colours = 1 + (trial % MAX_PALETTE_COLOURS);
      const palette = Array.from(
        { length: colours },
        () => (0xff000000 | Math.floor(random() * 0xffffff)) >>> 0,
      );
      const indices = new Uint8Array(width * height);
      for (let index = 0; index < indices.length; index++) {
        const kind = trial % 3;
        // Noise, a sparse page (mostly index 0, as paper), and two blocks (long copies).
        indices[index] =
          kind === 0
            ? Math.floor(random() * colours)
            : kind === 1
              ? random() < 0.05
                ? Math.floor(random() * colours)
                : 0
              : index % width < width / 2
                ? 0
                : colours - 1;
      }
      const webp = encodePaletteWebp({ indices, width, height, palette });
      const decoded = await decode(webp);
      expect({ trial, width: decoded.width, height: decoded.height }).toEqual({ trial, width, height });
      const expected = Array.from(indices, (index) => rgbOf(palette[index]!));
      expect(decoded.pixels).toEqual(expected);
    }
  });

  it('keeps a page of text in 4 greys small: blank lines and spaces become copies', async () => {
    const width = 400;
    const height = 566;
    const greys = [0xff000000, 0xff606060, 0xffb0b0b0, 0xffffffff];
    const indices = new Uint8Array(width * height).fill(3);
    const random = randomOf(7);
    // 40 lines of "words": 9 px tall strokes of dark and mid greys, 14 px apart.
    for (let line = 0; line < 40; line++) {
      for (let y = 20 + line * 14; y < 29 + line * 14; y++) {
        for (let x = 40; x < 360; x++) if (random() < 0.3) indices[y * width + x] = Math.floor(random() * 3);
      }
    }
    const webp = encodePaletteWebp({ indices, width, height, palette: greys });
    expect(Buffer.from(webp.subarray(12, 16)).toString('latin1')).toBe('VP8L');
    expect(webp.byteLength).toBeLessThan(30_000);
    const decoded = await decode(webp);
    expect(decoded.pixels).toEqual(Array.from(indices, (index) => rgbOf(greys[index]!)));

    const blank = encodePaletteWebp({
      indices: new Uint8Array(width * height).fill(3),
      width,
      height,
      palette: greys,
    });
    expect(blank.byteLength).toBeLessThan(200);
  });

  it('refuses an index outside the palette, an image without pixels and too many colours', () => {
    const palette = [0xff000000, 0xffffffff];
    expect(() => encodePaletteWebp({ indices: Uint8Array.of(0, 2), width: 2, height: 1, palette })).toThrow(
      /outside the palette/,
    );
    expect(() => encodePaletteWebp({ indices: new Uint8Array(0), width: 0, height: 1, palette })).toThrow(
      /no pixels/,
    );
    expect(() => encodePaletteWebp({ indices: new Uint8Array(3), width: 2, height: 1, palette })).toThrow(
      /One index a pixel/,
    );
    const tooMany = Array.from({ length: MAX_PALETTE_COLOURS + 1 }, (_, index) => 0xff000000 + index);
    expect(() =>
      encodePaletteWebp({ indices: new Uint8Array(1), width: 1, height: 1, palette: tooMany }),
    ).toThrow(/1 to 16 colours/);
  });

  it('limits prefix codes to the longest length allowed and keeps them complete', () => {
    // Fibonacci counts give Huffman codes as long as there are symbols.
    const counts = [1, 1];
    while (counts.length < 30) counts.push(counts.at(-1)! + counts.at(-2)!);
    for (const limit of [7, 15]) {
      const lengths = codeLengthsOf(counts, limit);
      expect(Math.max(...lengths)).toBeLessThanOrEqual(limit);
      expect(Math.min(...lengths)).toBeGreaterThan(0);
      // Complete: the Kraft sum is exactly 1.
      expect(Array.from(lengths).reduce((sum, length) => sum + 2 ** -length, 0)).toBe(1);
    }
    expect(Array.from(codeLengthsOf([0, 5, 0], 15))).toEqual([0, 1, 0]);
    expect(Array.from(codeLengthsOf([0, 0], 15))).toEqual([0, 0]);
  });
});
