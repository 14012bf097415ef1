/**
 * A lossless WebP (VP8L, RFC 9649) encoder for images of at most 16 colours, such as a page of text
 * reduced to 4 greys. libwebp through sharp took 6–7 ms for a 400 × 566 page even at effort 0 (its
 * analysis and hash-chain matching are made for any image); a page of text needs little of it.
 * This writes one colour-indexing transform (the palette, pixels bundled 2, 4 or 8 to a byte), then
 * the bundled pixels with one set of prefix codes and two kinds of backward references — a run of
 * the bytes straight above (blank lines and the space between lines repeat the row above) and a run
 * of the byte to the left — which is about as small as libwebp's effort 0 output, in about a
 * tenth of the time.
 */

/** Largest palette this encoder writes (4 bits an index). */
export const MAX_PALETTE_COLOURS = 16;

const MAX_WIDTH = 1 << 14;
/** Longest backward reference VP8L allows. */
const MAX_COPY_LENGTH = 4096;
/** A copy shorter than this is written as literals: a literal byte costs little in these images. */
const MIN_COPY_LENGTH = 3;
const MAX_CODE_LENGTH = 15;
const MAX_CODE_LENGTH_CODE_LENGTH = 7;
/** Green alphabet without a colour cache: 256 literals, then 24 length prefix codes. */
const GREEN_ALPHABET = 256 + 24;
const CHANNEL_ALPHABET = 256;
const DISTANCE_ALPHABET = 40;
/** Order in which the code-length code's lengths are stored. */
const CODE_LENGTH_ORDER = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
/** Distance codes of the two references used: 1 is the pixel above, 2 the pixel to the left. */
const DISTANCE_CODE_ABOVE = 1;
const DISTANCE_CODE_LEFT = 2;

/** Writes bits least significant first, as VP8L reads them. */
class BitWriter {
  private bytes = new Uint8Array(4096);
  private length = 0;
  private accumulator = 0;
  private bitCount = 0;

  /** Writes the `count` (at most 16) low bits of `value`. */
  write(value: number, count: number) {
    if (count === 0) return;
    this.accumulator |= (value & ((1 << count) - 1)) << this.bitCount;
    this.bitCount += count;
    while (this.bitCount >= 8) {
      this.pushByte(this.accumulator & 0xff);
      this.accumulator >>>= 8;
      this.bitCount -= 8;
    }
  }

  private pushByte(byte: number) {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = byte;
  }

  /** The bytes written, the last one padded with zero bits. */
  finish(): Uint8Array {
    if (this.bitCount > 0) this.pushByte(this.accumulator & 0xff);
    this.accumulator = 0;
    this.bitCount = 0;
    return this.bytes.subarray(0, this.length);
  }
}

/**
 * Code lengths of a length-limited prefix code for these symbol counts: Huffman's, with the rarest
 * counts raised until no code is longer than `limit` (the code stays complete). Unused symbols get 0.
 */
export function codeLengthsOf(counts: ArrayLike<number>, limit: number): Uint8Array {
  const lengths = new Uint8Array(counts.length);
  const used: number[] = [];
  for (let symbol = 0; symbol < counts.length; symbol++) if (counts[symbol]! > 0) used.push(symbol);
  if (used.length === 0) return lengths;
  if (used.length === 1) {
    lengths[used[0]!] = 1;
    return lengths;
  }
  for (let floor = 1; ; floor *= 2) {
    // Two-queue Huffman: leaves sorted by weight, merged nodes come out in weight order.
    const weights = used.map((symbol) => Math.max(counts[symbol]!, floor));
    const order = used.map((_, index) => index).sort((a, b) => weights[a]! - weights[b]!);
    const nodeWeight: number[] = order.map((index) => weights[index]!);
    const parent: number[] = new Array(used.length * 2 - 1).fill(-1);
    let leaf = 0;
    let merged = used.length;
    const take = () => {
      if (leaf < used.length && (merged >= nodeWeight.length || nodeWeight[leaf]! <= nodeWeight[merged]!)) {
        return leaf++;
      }
      return merged++;
    };
    while (nodeWeight.length < used.length * 2 - 1) {
      const first = take();
      const second = take();
      const node = nodeWeight.length;
      nodeWeight.push(nodeWeight[first]! + nodeWeight[second]!);
      parent[first] = node;
      parent[second] = node;
    }
    const depth: number[] = new Array(nodeWeight.length).fill(0);
    let longest = 0;
    for (let node = nodeWeight.length - 2; node >= 0; node--) {
      depth[node] = depth[parent[node]!]! + 1;
      if (node < used.length) longest = Math.max(longest, depth[node]!);
    }
    if (longest > limit) continue;
    order.forEach((index, position) => {
      lengths[used[index]!] = depth[position]!;
    });
    return lengths;
  }
}

/** A prefix code ready to write: each symbol's bits (reversed, as written) and their count. */
type PrefixCode = { codes: Uint16Array; lengths: Uint8Array };

/**
 * Canonical codes for these lengths. A code of one used symbol takes no bits: VP8L decoders read
 * such a code as that symbol, always.
 */
function prefixCodeOf(lengths: Uint8Array): PrefixCode {
  const codes = new Uint16Array(lengths.length);
  let usedCount = 0;
  for (const length of lengths) if (length > 0) usedCount++;
  if (usedCount <= 1) return { codes, lengths: new Uint8Array(lengths.length) };
  const countOfLength = new Uint16Array(MAX_CODE_LENGTH + 1);
  for (const length of lengths) if (length > 0) countOfLength[length]!++;
  // The codes of each length start where the shorter ones ended, one bit longer.
  const nextCode = new Uint16Array(MAX_CODE_LENGTH + 1);
  let code = 0;
  for (let length = 1; length <= MAX_CODE_LENGTH; length++) {
    nextCode[length] = code;
    code = (code + countOfLength[length]!) << 1;
  }
  for (let symbol = 0; symbol < lengths.length; symbol++) {
    const length = lengths[symbol]!;
    if (length === 0) continue;
    let value = nextCode[length]!++;
    let reversed = 0;
    for (let bit = 0; bit < length; bit++) {
      reversed = (reversed << 1) | (value & 1);
      value >>= 1;
    }
    codes[symbol] = reversed;
  }
  return { codes, lengths };
}

function writeSymbol(writer: BitWriter, code: PrefixCode, symbol: number) {
  writer.write(code.codes[symbol]!, code.lengths[symbol]!);
}

/**
 * Writes the prefix code of these symbol counts and answers it: a simple code for one or two
 * literal-range symbols, else a normal code whose lengths are themselves written with the
 * code-length code (runs of zeros as 17 and 18).
 */
function writePrefixCode(writer: BitWriter, counts: ArrayLike<number>): PrefixCode {
  const used: number[] = [];
  for (let symbol = 0; symbol < counts.length && used.length <= 2; symbol++) {
    if (counts[symbol]! > 0) used.push(symbol);
  }
  if (used.length <= 2 && used.every((symbol) => symbol < 256)) {
    const symbols = used.length === 0 ? [0] : used;
    writer.write(1, 1); // simple code
    writer.write(symbols.length - 1, 1);
    const wide = symbols[0]! > 1;
    writer.write(wide ? 1 : 0, 1);
    writer.write(symbols[0]!, wide ? 8 : 1);
    if (symbols.length === 2) writer.write(symbols[1]!, 8);
    const lengths = new Uint8Array(counts.length);
    for (const symbol of symbols) lengths[symbol] = 1;
    return prefixCodeOf(lengths);
  }

  const lengths = codeLengthsOf(counts, MAX_CODE_LENGTH);
  // The lengths as code-length symbols: 0–15 themselves, 17 (3–10 zeros), 18 (11–138 zeros).
  const tokens: Array<[symbol: number, extra: number]> = [];
  for (let symbol = 0; symbol < lengths.length; ) {
    const length = lengths[symbol]!;
    let run = 1;
    while (symbol + run < lengths.length && lengths[symbol + run] === length) run++;
    if (length === 0 && run >= 3) {
      const taken = Math.min(run, 138);
      tokens.push(taken >= 11 ? [18, taken - 11] : [17, taken - 3]);
      symbol += taken;
    } else {
      tokens.push([length, 0]);
      symbol += 1;
    }
  }
  const tokenCounts = new Uint32Array(19);
  for (const [symbol] of tokens) tokenCounts[symbol]!++;
  const tokenLengths = codeLengthsOf(tokenCounts, MAX_CODE_LENGTH_CODE_LENGTH);
  // prefixCodeOf drops the lengths of a one-symbol code; the header still names that symbol.
  const tokenCode = prefixCodeOf(tokenLengths);
  let stored = CODE_LENGTH_ORDER.length;
  while (stored > 4 && tokenLengths[CODE_LENGTH_ORDER[stored - 1]!] === 0) stored--;
  writer.write(0, 1); // normal code
  writer.write(stored - 4, 4);
  for (let index = 0; index < stored; index++) writer.write(tokenLengths[CODE_LENGTH_ORDER[index]!]!, 3);
  writer.write(0, 1); // every symbol's length follows
  for (const [symbol, extra] of tokens) {
    writeSymbol(writer, tokenCode, symbol);
    if (symbol === 17) writer.write(extra, 3);
    else if (symbol === 18) writer.write(extra, 7);
  }
  return prefixCodeOf(lengths);
}

/** A length or distance as VP8L writes it: a prefix symbol and its extra bits. */
function prefixOf(value: number): { symbol: number; extraBits: number; extra: number } {
  if (value <= 4) return { symbol: value - 1, extraBits: 0, extra: 0 };
  const offset = value - 1;
  const highest = 31 - Math.clz32(offset);
  const second = (offset >> (highest - 1)) & 1;
  const extraBits = highest - 1;
  return { symbol: 2 * highest + second, extraBits, extra: offset & ((1 << extraBits) - 1) };
}

/**
 * The indices bundled as VP8L's colour-indexing transform stores them: 8 to a byte for 2 colours,
 * 4 for up to 4, 2 for up to 16, the first pixel in the lowest bits; each row starts a new byte.
 */
function bundle(indices: Uint8Array, width: number, height: number, colours: number) {
  for (let at = 0; at < indices.length; at++) {
    if (indices[at]! >= colours) throw new RangeError(`Index ${indices[at]} is outside the palette`);
  }
  const widthBits = colours <= 2 ? 3 : colours <= 4 ? 2 : 1;
  const bitsPerIndex = 8 >> widthBits;
  const perByte = 1 << widthBits;
  const packedWidth = Math.ceil(width / perByte);
  const packed = new Uint8Array(packedWidth * height);
  let out = 0;
  for (let y = 0, row = 0; y < height; y++, row += width) {
    for (let x = 0; x < width; x += perByte, out++) {
      const end = Math.min(perByte, width - x);
      let byte = 0;
      for (let k = 0, shift = 0; k < end; k++, shift += bitsPerIndex) byte |= indices[row + x + k]! << shift;
      packed[out] = byte;
    }
  }
  return { packed, packedWidth };
}

/**
 * The bundled pixels parsed greedily into literals (the byte, ≥ 0) and copies (−(length × 4 +
 * distance code)) of the bytes straight above or of the byte to the left, whichever runs longer.
 */
function parseCopies(packed: Uint8Array, packedWidth: number) {
  const total = packed.length;
  const tokens = new Int32Array(total);
  let count = 0;
  for (let position = 0; position < total; ) {
    const limit = Math.min(MAX_COPY_LENGTH, total - position);
    let above = 0;
    if (position >= packedWidth) {
      while (above < limit && packed[position + above] === packed[position + above - packedWidth]) above++;
    }
    let left = 0;
    if (position >= 1) {
      const previous = packed[position - 1];
      while (left < limit && packed[position + left] === previous) left++;
    }
    if (above >= MIN_COPY_LENGTH || left >= MIN_COPY_LENGTH) {
      const fromAbove = above >= left;
      const length = fromAbove ? above : left;
      tokens[count++] = -(length * 4 + (fromAbove ? DISTANCE_CODE_ABOVE : DISTANCE_CODE_LEFT));
      position += length;
    } else {
      tokens[count++] = packed[position]!;
      position += 1;
    }
  }
  return { tokens, count };
}

/** Unpacks 0xAARRGGBB into [alpha, red, green, blue]. */
const channelsOf = (argb: number) => [
  (argb >>> 24) & 0xff,
  (argb >>> 16) & 0xff,
  (argb >>> 8) & 0xff,
  argb & 0xff,
];

/**
 * A lossless WebP of an image given as palette indices (one byte a pixel, row by row) and its
 * palette (0xAARRGGBB colours, at most 16). Opaque palettes only: the alpha hint says none is used.
 */
export function encodePaletteWebp({
  indices,
  width,
  height,
  palette,
}: {
  indices: Uint8Array;
  width: number;
  height: number;
  palette: readonly number[];
}): Uint8Array {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError('The image has no pixels');
  }
  if (width > MAX_WIDTH || height > MAX_WIDTH)
    throw new RangeError('WebP images are at most 16384 pixels a side');
  if (indices.length !== width * height) throw new RangeError('One index a pixel is expected');
  if (palette.length < 1 || palette.length > MAX_PALETTE_COLOURS) {
    throw new RangeError(`A palette has 1 to ${MAX_PALETTE_COLOURS} colours`);
  }
  const { packed, packedWidth } = bundle(indices, width, height, palette.length);

  const writer = new BitWriter();
  writer.write(0x2f, 8); // VP8L signature
  writer.write(width - 1, 14);
  writer.write(height - 1, 14);
  writer.write(0, 1); // alpha not used
  writer.write(0, 3); // version

  // The colour-indexing transform: the palette as a 1-row image, each colour the difference from
  // the one before (per channel, modulo 256).
  writer.write(1, 1);
  writer.write(3, 2);
  writer.write(palette.length - 1, 8);
  const deltas = palette.map((colour, index) => {
    const current = channelsOf(colour);
    const previous = index === 0 ? [0, 0, 0, 0] : channelsOf(palette[index - 1]!);
    return current.map((channel, at) => (channel - previous[at]! + 256) & 0xff) as [
      number,
      number,
      number,
      number,
    ];
  });
  writer.write(0, 1); // no colour cache
  // Green's alphabet includes the length prefixes in every image, the palette's too.
  const channelCounts = [GREEN_ALPHABET, CHANNEL_ALPHABET, CHANNEL_ALPHABET, CHANNEL_ALPHABET].map(
    (size) => new Uint32Array(size),
  );
  for (const [alpha, red, green, blue] of deltas) {
    channelCounts[0]![green]!++;
    channelCounts[1]![red]!++;
    channelCounts[2]![blue]!++;
    channelCounts[3]![alpha]!++;
  }
  const paletteGreen = writePrefixCode(writer, channelCounts[0]!);
  const paletteRed = writePrefixCode(writer, channelCounts[1]!);
  const paletteBlue = writePrefixCode(writer, channelCounts[2]!);
  const paletteAlpha = writePrefixCode(writer, channelCounts[3]!);
  writePrefixCode(writer, new Uint32Array(DISTANCE_ALPHABET));
  for (const [alpha, red, green, blue] of deltas) {
    writeSymbol(writer, paletteGreen, green);
    writeSymbol(writer, paletteRed, red);
    writeSymbol(writer, paletteBlue, blue);
    writeSymbol(writer, paletteAlpha, alpha);
  }
  writer.write(0, 1); // no more transforms

  const { tokens, count } = parseCopies(packed, packedWidth);
  const greenCounts = new Uint32Array(GREEN_ALPHABET);
  const distanceCounts = new Uint32Array(DISTANCE_ALPHABET);
  for (let at = 0; at < count; at++) {
    const token = tokens[at]!;
    if (token >= 0) {
      greenCounts[token]!++;
    } else {
      greenCounts[256 + prefixOf(-token >> 2).symbol]!++;
      distanceCounts[(-token & 3) - 1]!++;
    }
  }
  const zeroChannel = new Uint32Array(CHANNEL_ALPHABET);
  zeroChannel[0] = 1;
  writer.write(0, 1); // no colour cache
  writer.write(0, 1); // one set of prefix codes for the whole image
  const green = writePrefixCode(writer, greenCounts);
  // Red, blue and alpha of a bundled pixel are 0: one-symbol codes, no bits a pixel.
  writePrefixCode(writer, zeroChannel);
  writePrefixCode(writer, zeroChannel);
  writePrefixCode(writer, zeroChannel);
  const distance = writePrefixCode(writer, distanceCounts);
  for (let at = 0; at < count; at++) {
    const token = tokens[at]!;
    if (token >= 0) {
      writeSymbol(writer, green, token);
      continue;
    }
    const length = prefixOf(-token >> 2);
    writeSymbol(writer, green, 256 + length.symbol);
    writer.write(length.extra, length.extraBits);
    // Distance codes 1 and 2 are prefix symbols 0 and 1, without extra bits.
    writeSymbol(writer, distance, (-token & 3) - 1);
  }
  const data = writer.finish();

  // RIFF container: "RIFF" size "WEBP", then the "VP8L" chunk (padded to an even length).
  const padded = data.length + (data.length & 1);
  const file = new Uint8Array(20 + padded);
  const view = new DataView(file.buffer);
  file.set([0x52, 0x49, 0x46, 0x46], 0);
  view.setUint32(4, 12 + padded, true);
  file.set([0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4c], 8);
  view.setUint32(16, data.length, true);
  file.set(data, 20);
  return file;
}
