/** A minimal PNG encoder (8-bit palette, stored deflate blocks): the demo's seed image, made without a canvas. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

const u32 = (value: number) => [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];

function chunk(type: string, data: Uint8Array): number[] {
  const typed = new Uint8Array([...type].map((character) => character.charCodeAt(0)).concat([...data]));
  return [...u32(data.length), ...typed, ...u32(crc32(typed))];
}

/** Zlib data of `raw` in stored (uncompressed) blocks. */
function zlibStored(raw: Uint8Array): Uint8Array {
  const out: number[] = [0x78, 0x01];
  for (let offset = 0; offset < raw.length || offset === 0; offset += 65535) {
    const block = raw.subarray(offset, offset + 65535);
    const isLast = offset + 65535 >= raw.length;
    out.push(
      isLast ? 1 : 0,
      block.length & 255,
      block.length >> 8,
      ~block.length & 255,
      (~block.length >> 8) & 255,
    );
    for (const byte of block) out.push(byte);
    if (isLast) break;
  }
  out.push(...u32(adler32(raw)));
  return new Uint8Array(out);
}

/** A PNG of `width`×`height` whose pixel (x, y) has the palette index `pixel(x, y)`. */
export function makePalettePng({
  width,
  height,
  palette,
  pixel,
}: {
  width: number;
  height: number;
  palette: [number, number, number][];
  pixel: (x: number, y: number) => number;
}): Uint8Array {
  const raw = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width + 1)] = 0;
    for (let x = 0; x < width; x += 1) raw[y * (width + 1) + 1 + x] = pixel(x, y);
  }
  const header = new Uint8Array([...u32(width), ...u32(height), 8, 3, 0, 0, 0]);
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk('IHDR', header),
    ...chunk('PLTE', new Uint8Array(palette.flat())),
    ...chunk('IDAT', zlibStored(raw)),
    ...chunk('IEND', new Uint8Array()),
  ]);
}
