import { describe, expect, it } from 'vitest';
import { getPreviewKind, isProbablyText, normalizeMimeType, TEXT_SNIFF_LENGTH } from './preview-kind';

const encoder = new TextEncoder();

function bytesOf(...parts: (string | number[])[]): Uint8Array {
  const chunks = parts.map((part) =>
    typeof part === 'string' ? encoder.encode(part) : Uint8Array.from(part),
  );
  const result = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    result.set(chunk, offset);
    offset += chunk.length;
  }
  return result;
}

function repeat(byte: number, count: number): number[] {
  return Array.from({ length: count }, () => byte);
}

describe('normalizeMimeType', () => {
  it('lower-cases the type and drops its parameters and spaces', () => {
    expect(normalizeMimeType(' Text/Plain ; charset=UTF-8')).toBe('text/plain');
  });
});

describe('getPreviewKind', () => {
  it.each(['image/jpeg', 'image/png', 'image/gif', 'image/webp'])('shows %s as an image', (mimeType) => {
    expect(getPreviewKind(mimeType)).toBe('image');
  });

  it('shows application/pdf as a PDF', () => {
    expect(getPreviewKind('application/pdf')).toBe('pdf');
  });

  it.each(['text/plain', 'text/csv', 'text/markdown', 'text/html'])(
    'shows any text type such as %s as text',
    (mimeType) => {
      expect(getPreviewKind(mimeType)).toBe('text');
    },
  );

  it.each(['application/yaml', 'application/x-yaml', 'text/yaml'])(
    'shows the YAML type %s as text',
    (mimeType) => {
      expect(getPreviewKind(mimeType)).toBe('text');
    },
  );

  it.each(['application/json', 'application/ld+json', 'application/vnd.api+json'])(
    'shows the JSON type %s as text',
    (mimeType) => {
      expect(getPreviewKind(mimeType)).toBe('text');
    },
  );

  it.each(['application/xml', 'text/xml', 'application/atom+xml', 'image/svg+xml'])(
    'shows the XML type %s as text',
    (mimeType) => {
      expect(getPreviewKind(mimeType)).toBe('text');
    },
  );

  it('sniffs application/octet-stream content', () => {
    expect(getPreviewKind('application/octet-stream')).toBe('octet-stream');
  });

  it('ignores case and parameters', () => {
    expect(getPreviewKind('Application/PDF')).toBe('pdf');
    expect(getPreviewKind('text/plain; charset=utf-8')).toBe('text');
    expect(getPreviewKind('APPLICATION/JSON;charset=UTF-8')).toBe('text');
  });

  it.each([
    'image/tiff',
    'image/bmp',
    'image/avif',
    'application/zip',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'video/mp4',
    'application/jsonx',
  ])('does not support %s', (mimeType) => {
    expect(getPreviewKind(mimeType)).toBe('unsupported');
  });

  it.each(['', 'text', 'text/', '/plain', 'not a type'])(
    'does not support the malformed type "%s"',
    (mimeType) => {
      expect(getPreviewKind(mimeType)).toBe('unsupported');
    },
  );
});

describe('isProbablyText', () => {
  it('counts empty content as text', () => {
    expect(isProbablyText(new Uint8Array())).toBe(true);
  });

  it('counts plain ASCII with tabs and line breaks as text', () => {
    expect(isProbablyText(bytesOf('name:\tSheaf\r\nversion: 1\n'))).toBe(true);
  });

  it('counts valid UTF-8 in any script as text', () => {
    expect(isProbablyText(bytesOf('Grüße, ça va? Привет, 日本語テキスト 🎉'))).toBe(true);
  });

  it.each([
    ['JPEG', [0xff, 0xd8, 0xff]],
    ['PNG', [0x89, 0x50, 0x4e, 0x47]],
    ['GIF', [0x47, 0x49, 0x46, 0x38]],
    ['PDF', [0x25, 0x50, 0x44, 0x46]],
    ['ZIP', [0x50, 0x4b, 0x03, 0x04]],
    ['ELF', [0x7f, 0x45, 0x4c, 0x46]],
    ['EXE', [0x4d, 0x5a]],
  ])(
    'counts content starting with the %s signature as binary, even when the rest is text',
    (_name, signature) => {
      expect(isProbablyText(bytesOf(signature, 'plain text follows here, and it goes on for a while.'))).toBe(
        false,
      );
    },
  );

  it('only looks for signatures at the start of the content', () => {
    expect(isProbablyText(bytesOf('the header says %PDF and MZ in the middle'))).toBe(true);
  });

  it('counts content with 10% control characters as binary', () => {
    expect(isProbablyText(bytesOf(repeat(0x00, 10), 'a'.repeat(90)))).toBe(false);
  });

  it('counts content with just under 10% control characters as text', () => {
    expect(isProbablyText(bytesOf(repeat(0x01, 9), 'a'.repeat(91)))).toBe(true);
  });

  it('does not count tab, line feed, carriage return or form feed as control characters', () => {
    expect(
      isProbablyText(
        bytesOf(repeat(0x09, 5), repeat(0x0a, 5), repeat(0x0d, 5), repeat(0x0c, 5), 'a'.repeat(80)),
      ),
    ).toBe(true);
  });

  it('counts content exactly 70% printable as binary', () => {
    // 30 bytes that are neither control nor printable: DEL and form feed.
    expect(isProbablyText(bytesOf(repeat(0x7f, 20), repeat(0x0c, 10), 'a'.repeat(70)))).toBe(false);
  });

  it('counts content just over 70% printable as text', () => {
    expect(isProbablyText(bytesOf(repeat(0x7f, 29), 'a'.repeat(71)))).toBe(true);
  });

  it('does not count bytes of invalid UTF-8 as printable', () => {
    // Latin-1 "é" alone, a stray continuation byte, an overlong "/" and a UTF-16 surrogate.
    const invalid = [0xe9, 0x80, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xf5, 0x80, 0x80];
    expect(isProbablyText(bytesOf(repeat(0xe9, 31), 'a'.repeat(69)))).toBe(false);
    expect(isProbablyText(bytesOf(invalid, invalid, invalid, 'a'.repeat(69)))).toBe(false);
  });

  it('counts a UTF-8 sequence missing its continuation bytes as not printable', () => {
    expect(isProbablyText(bytesOf(repeat(0xe6, 31), 'a'.repeat(69)))).toBe(false);
  });

  it('only looks at the first 8 KiB', () => {
    expect(isProbablyText(bytesOf('a'.repeat(TEXT_SNIFF_LENGTH), repeat(0x00, TEXT_SNIFF_LENGTH)))).toBe(
      true,
    );
    expect(isProbablyText(bytesOf(repeat(0x00, TEXT_SNIFF_LENGTH), 'a'.repeat(TEXT_SNIFF_LENGTH)))).toBe(
      false,
    );
  });

  // 5,732 printable bytes, DEL (neither control nor printable) up to the last 3 bytes of the first 8 KiB, then
  // the first 3 bytes of "🎉": whether those 3 bytes count decides the 70% printable threshold.
  const almostPrintable = [
    ...repeat(0x61, 5732),
    ...repeat(0x7f, TEXT_SNIFF_LENGTH - 5732 - 3),
    0xf0,
    0x9f,
    0x8e,
  ];

  it('counts a UTF-8 character cut by the 8 KiB limit as printable when the file goes on', () => {
    expect(isProbablyText(bytesOf(almostPrintable, [0x89], 'more text'))).toBe(true);
  });

  it('counts a UTF-8 character cut by the end of the file as not printable', () => {
    expect(isProbablyText(bytesOf(almostPrintable))).toBe(false);
  });

  it('counts binary noise as binary', () => {
    const noise = Uint8Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 256);
    expect(isProbablyText(noise)).toBe(false);
  });
});
