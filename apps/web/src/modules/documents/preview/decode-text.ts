/** The charset named by a MIME type's parameters (`text/plain; charset=iso-8859-1`), lower-cased. */
export function charsetOf(mimeType: string): string | undefined {
  for (const parameter of mimeType.split(';').slice(1)) {
    const [name, value] = parameter.split('=');
    if (name?.trim().toLowerCase() === 'charset' && value) {
      const charset = value.trim().replace(/^"|"$/g, '').toLowerCase();
      return charset || undefined;
    }
  }
  return undefined;
}

function encodingOf(bytes: Uint8Array, mimeType: string): string {
  // A byte order mark wins over the declared charset, as browsers do.
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return charsetOf(mimeType) ?? 'utf-8';
}

/**
 * Decodes the start of a text file for display: the BOM or the declared charset, else UTF-8; invalid bytes
 * become U+FFFD. When the file was cut (`isCut`), a character split by the cut is dropped, not garbled.
 */
export function decodeText(
  bytes: Uint8Array,
  { mimeType, isCut }: { mimeType: string; isCut: boolean },
): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encodingOf(bytes, mimeType));
  } catch {
    // An unknown charset label.
    decoder = new TextDecoder('utf-8');
  }
  // In streaming mode the decoder keeps an incomplete trailing sequence back instead of emitting U+FFFD.
  return decoder.decode(bytes, { stream: isCut });
}
