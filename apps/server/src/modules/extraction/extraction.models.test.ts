import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { createTextPng } from '../../test/test-files';
import { ExtractionError, normalizeExtractedText, readImageSize } from './extraction.models';

describe('normalizeExtractedText', () => {
  it('folds ligatures and other compatibility characters into plain letters (NFKC)', () => {
    expect(normalizeExtractedText('ﬁscal oﬀice aﬄuent ﬂuent waﬄe ﬃ')).toBe(
      'fiscal office affluent fluent waffle ffi',
    );
    expect(normalizeExtractedText('ＡＢＣ１２３')).toBe('ABC123');
  });

  it('removes soft hyphens and zero-width characters, which split words invisibly', () => {
    expect(normalizeExtractedText('\uFEFFin\u00ADvoice to\u200Btal\u200C sum\u200D due\u2060 now')).toBe(
      'invoice total sum due now',
    );
  });

  it('joins a word a line end broke with a hyphen, before a lowercase letter only', () => {
    expect(normalizeExtractedText('the fis-\ncal year')).toBe('the fiscal year');
    expect(normalizeExtractedText('the fis- \n  cal year')).toBe('the fiscal year');
    expect(normalizeExtractedText('Jean-\nPierre')).toBe('Jean-\nPierre');
    expect(normalizeExtractedText('pages 12-\n13')).toBe('pages 12-\n13');
    expect(normalizeExtractedText('a list -\nitem')).toBe('a list -\nitem');
  });

  it('joins a word broken at a soft hyphen at a line end', () => {
    expect(normalizeExtractedText('the fis\u00AD\ncal year')).toBe('the fiscal year');
  });

  it('keeps removing NUL characters, tidying line ends and trimming', () => {
    expect(normalizeExtractedText('  a\u0000b  \r\nc\r\n\r\n\r\n\r\nd \t\n  ')).toBe('ab\nc\n\nd');
  });

  it('changes nothing on a second pass', () => {
    const samples = [
      'e\u200B\u0301 ﬁ-\nscal \u00AD\n ab-\n\ncd',
      'x-\n-\nb  \r\n\r\n\r\nTail\u00A0\n',
      'Ｆull\u3000width ﬀ-\nﬁ',
    ];
    for (const sample of samples) {
      const once = normalizeExtractedText(sample);
      expect(normalizeExtractedText(once)).toBe(once);
    }
  });
});

describe('readImageSize', () => {
  const canvas = createCanvas(321, 123);
  canvas.getContext('2d').fillRect(0, 0, 10, 10);

  it('reads the size PNG, JPEG and WebP images declare', async () => {
    expect(readImageSize(createTextPng(['Hello']))).toEqual({ width: 1200, height: 170 });
    expect(readImageSize(await canvas.encode('jpeg'))).toEqual({ width: 321, height: 123 });
    expect(readImageSize(await canvas.encode('webp'))).toEqual({ width: 321, height: 123 });
  });

  it('reads the size GIF, BMP, TIFF and PBM headers declare', () => {
    const gif = Buffer.from('GIF89a\x41\x01\x7b\x00\x00\x00\x00', 'latin1');
    expect(readImageSize(gif)).toEqual({ width: 321, height: 123 });

    const bmp = Buffer.alloc(54);
    bmp.write('BM', 0, 'latin1');
    bmp.writeUInt32LE(40, 14);
    bmp.writeInt32LE(321, 18);
    bmp.writeInt32LE(-123, 22); // top-down rows
    expect(readImageSize(bmp)).toEqual({ width: 321, height: 123 });

    const tiff = Buffer.alloc(8 + 2 + 2 * 12 + 4);
    tiff.write('MM\x00*', 0, 'latin1');
    tiff.writeUInt32BE(8, 4);
    tiff.writeUInt16BE(2, 8);
    tiff.writeUInt16BE(256, 10); // ImageWidth, LONG
    tiff.writeUInt16BE(4, 12);
    tiff.writeUInt32BE(1, 14);
    tiff.writeUInt32BE(70_000, 18);
    tiff.writeUInt16BE(257, 22); // ImageLength, SHORT
    tiff.writeUInt16BE(3, 24);
    tiff.writeUInt32BE(1, 26);
    tiff.writeUInt16BE(123, 30);
    expect(readImageSize(tiff)).toEqual({ width: 70_000, height: 123 });

    expect(readImageSize(Buffer.from('P4\n# scanner\n321 123\n\x00', 'latin1'))).toEqual({
      width: 321,
      height: 123,
    });
  });

  it('knows nothing of unknown formats and headers cut short', () => {
    expect(readImageSize(Buffer.from('not an image at all'))).toBeUndefined();
    expect(readImageSize(createTextPng(['Hello']).subarray(0, 18))).toBeUndefined();
    expect(readImageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeUndefined();
  });
});

describe('ExtractionError', () => {
  it('is an Error carrying its code', () => {
    const error = new ExtractionError('extraction.unreadable', 'The PDF is damaged.');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ExtractionError');
    expect(error.code).toBe('extraction.unreadable');
  });
});
