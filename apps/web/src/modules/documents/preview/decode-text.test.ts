import { describe, expect, it } from 'vitest';
import { charsetOf, decodeText } from './decode-text';

const encoder = new TextEncoder();

describe('charsetOf', () => {
  it('reads the charset parameter, lower-cased and unquoted', () => {
    expect(charsetOf('text/plain; format=flowed; Charset="ISO-8859-1"')).toBe('iso-8859-1');
  });

  it('finds none when the type has no charset', () => {
    expect(charsetOf('text/plain')).toBeUndefined();
    expect(charsetOf('text/plain; charset=')).toBeUndefined();
  });
});

describe('decodeText', () => {
  it('decodes UTF-8 by default', () => {
    expect(decodeText(encoder.encode('Grüße 日本'), { mimeType: 'text/plain', isCut: false })).toBe(
      'Grüße 日本',
    );
  });

  it('decodes with the declared charset', () => {
    const latin1 = Uint8Array.from([0x63, 0x61, 0x66, 0xe9]);
    expect(decodeText(latin1, { mimeType: 'text/plain; charset=iso-8859-1', isCut: false })).toBe('café');
  });

  it('falls back to UTF-8 for an unknown charset', () => {
    expect(decodeText(encoder.encode('é'), { mimeType: 'text/plain; charset=klingon', isCut: false })).toBe(
      'é',
    );
  });

  it('follows a UTF-16 byte order mark and drops it', () => {
    const utf16 = Uint8Array.from([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00]);
    expect(decodeText(utf16, { mimeType: 'text/plain; charset=utf-8', isCut: false })).toBe('hi');
  });

  it('drops a UTF-8 byte order mark', () => {
    expect(
      decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41]), { mimeType: 'text/plain', isCut: false }),
    ).toBe('A');
  });

  it('drops a character split by the cut of a longer file', () => {
    const cut = encoder.encode('ab€').subarray(0, 4);
    expect(decodeText(cut, { mimeType: 'text/plain', isCut: true })).toBe('ab');
  });

  it('shows invalid bytes at the end of a whole file as a replacement character', () => {
    const cut = encoder.encode('ab€').subarray(0, 4);
    expect(decodeText(cut, { mimeType: 'text/plain', isCut: false })).toBe('ab\uFFFD');
  });
});
