/** How a document's text is obtained, by its MIME type. */
export type ExtractionKind = 'text' | 'pdf' | 'image' | 'none';

const TEXT_APPLICATION_TYPES = new Set([
  'application/json',
  'application/ld+json',
  'application/xml',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
  'application/javascript',
  'application/x-sh',
  'application/sql',
]);

const OCR_IMAGE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/bmp',
  'image/tiff',
  'image/x-portable-bitmap',
]);

export function extractionKindOf(mimeType: string): ExtractionKind {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('text/') || TEXT_APPLICATION_TYPES.has(type) || /\+(xml|json|yaml)$/.test(type))
    return 'text';
  if (OCR_IMAGE_TYPES.has(type)) return 'image';
  return 'none';
}

/** Text decoded as UTF-8 (BOM dropped), falling back to Windows-1252 when the bytes are not UTF-8. */
export function decodeText(data: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/** Content as stored: no NUL characters (PostgreSQL text refuses them), tidy line ends, trimmed. */
export function normalizeExtractedText(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing NUL is the point
      .replace(/\u0000/g, '')
      .replace(/\r\n?/g, '\n')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** Whether a PDF's text layer is too thin to be the real text (a scan): then its pages are OCRed. */
export function isTextLayerEmpty({ text, pageCount }: { text: string; pageCount: number }): boolean {
  const letters = text.replace(/\s+/g, '').length;
  return letters < Math.max(8, pageCount * 4);
}
