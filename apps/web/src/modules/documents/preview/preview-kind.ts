/** How a document's file is previewed, decided from its MIME type. */
export type PreviewKind = 'pdf' | 'image' | 'text' | 'octet-stream' | 'unsupported';

const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

const TEXT_APPLICATION_TYPES: ReadonlySet<string> = new Set([
  'application/yaml',
  'application/x-yaml',
  'text/yaml',
  'application/json',
  'application/xml',
  'text/xml',
]);

/** Lower-cased type/subtype, without parameters such as `; charset=utf-8`. */
export function normalizeMimeType(mimeType: string): string {
  return (mimeType.split(';')[0] ?? '').trim().toLowerCase();
}

export function getPreviewKind(mimeType: string): PreviewKind {
  const type = normalizeMimeType(mimeType);
  if (type === 'application/pdf') {
    return 'pdf';
  }
  if (IMAGE_TYPES.has(type)) {
    return 'image';
  }
  if (type === 'application/octet-stream') {
    return 'octet-stream';
  }
  const [topLevel, subtype] = type.split('/');
  if (!topLevel || !subtype) {
    return 'unsupported';
  }
  if (
    topLevel === 'text' ||
    TEXT_APPLICATION_TYPES.has(type) ||
    subtype.endsWith('+json') ||
    subtype.endsWith('+xml')
  ) {
    return 'text';
  }
  return 'unsupported';
}

/** How much of the file the octet-stream heuristic looks at. */
export const TEXT_SNIFF_LENGTH = 8192;

const BINARY_SIGNATURES: readonly (readonly number[])[] = [
  [0xff, 0xd8, 0xff], // JPEG
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x50, 0x4b, 0x03, 0x04], // ZIP (and docx, xlsx, jar…)
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x4d, 0x5a], // MZ (exe, dll)
];

const TAB = 0x09;
const LF = 0x0a;
const FORM_FEED = 0x0c;
const CR = 0x0d;

function hasBinarySignature(bytes: Uint8Array): boolean {
  return BINARY_SIGNATURES.some(
    (signature) =>
      bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte),
  );
}

function isContinuationByte(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 0x80 && byte <= 0xbf;
}

/**
 * Length of the valid UTF-8 sequence starting at `index` (2 to 4), or 0 when it is not one. Overlong forms,
 * surrogates and code points above U+10FFFF are invalid. A sequence cut by the end of the sample counts as
 * valid when `isCut` (the file goes on; the rest of it was not read).
 */
function utf8SequenceLength(bytes: Uint8Array, index: number, isCut: boolean): number {
  const lead = bytes[index] ?? 0;
  let length: number;
  // The allowed range of the second byte, which rules out overlong forms, surrogates and > U+10FFFF.
  let secondMin = 0x80;
  let secondMax = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead === 0xe0) secondMin = 0xa0;
    if (lead === 0xed) secondMax = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead === 0xf0) secondMin = 0x90;
    if (lead === 0xf4) secondMax = 0x8f;
  } else {
    return 0;
  }
  for (let offset = 1; offset < length; offset++) {
    const position = index + offset;
    if (position >= bytes.length) {
      return isCut ? bytes.length - index : 0;
    }
    const byte = bytes[position] ?? 0;
    const isAllowed = offset === 1 ? byte >= secondMin && byte <= secondMax : isContinuationByte(byte);
    if (!isAllowed) {
      return 0;
    }
  }
  return length;
}

/**
 * The application/octet-stream heuristic: text when under 10% of the first bytes are control characters
 * (below 0x20 except tab, LF, CR and form feed), no known binary signature starts the file, and over 70%
 * are printable (0x20–0x7e, tab, LF, CR, and bytes of valid UTF-8 sequences). Empty content is text.
 */
export function isProbablyText(bytes: Uint8Array): boolean {
  const isCut = bytes.length > TEXT_SNIFF_LENGTH;
  const sample = isCut ? bytes.subarray(0, TEXT_SNIFF_LENGTH) : bytes;
  if (sample.length === 0) {
    return true;
  }
  if (hasBinarySignature(sample)) {
    return false;
  }
  let controlCount = 0;
  let printableCount = 0;
  let index = 0;
  while (index < sample.length) {
    const byte = sample[index] ?? 0;
    if (byte < 0x80) {
      if (byte === TAB || byte === LF || byte === CR) {
        printableCount++;
      } else if (byte < 0x20) {
        // Form feed is neither a control character nor printable for this heuristic.
        if (byte !== FORM_FEED) controlCount++;
      } else if (byte <= 0x7e) {
        printableCount++;
      }
      index++;
      continue;
    }
    const sequenceLength = utf8SequenceLength(sample, index, isCut);
    if (sequenceLength === 0) {
      index++;
    } else {
      printableCount += sequenceLength;
      index += sequenceLength;
    }
  }
  return controlCount / sample.length < 0.1 && printableCount / sample.length > 0.7;
}
