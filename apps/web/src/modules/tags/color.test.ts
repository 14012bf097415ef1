import { describe, expect, test } from 'vitest';
import {
  hexToHsl,
  hexToRgb,
  hslToHex,
  hsvToHsl,
  isValidHex,
  normalizeHex,
  parseColor,
  rgbToHex,
} from './color';

describe('normalizeHex', () => {
  test('expands 3 and 4 digit hex and lower-cases it', () => {
    expect(normalizeHex('#ABC')).toBe('#aabbcc');
    expect(normalizeHex('#abcd')).toBe('#aabbccdd');
    expect(normalizeHex('#D8FF75')).toBe('#d8ff75');
    expect(normalizeHex('#D8FF7580')).toBe('#d8ff7580');
  });

  test('accepts hex without its hash and surrounding spaces', () => {
    expect(normalizeHex(' ff0000 ')).toBe('#ff0000');
  });

  test('refuses 5 and 7 digit hex, other letters and empty text', () => {
    for (const input of ['#abcde', '#abcdef0', '#ggg', '', '#', '##fff', 'red']) {
      expect(normalizeHex(input), input).toBeNull();
      expect(isValidHex(input), input).toBe(false);
    }
  });
});

describe('parseColor', () => {
  test('reads the four hex lengths', () => {
    expect(parseColor('#fff')).toBe('#ffffff');
    expect(parseColor('#FFF8')).toBe('#ffffff88');
    expect(parseColor('#7CC7FF')).toBe('#7cc7ff');
    expect(parseColor('#7cc7ff80')).toBe('#7cc7ff80');
  });

  test('reads rgb() and rgba() with commas, spaces, percentages and a slash alpha', () => {
    expect(parseColor('rgb(255, 0, 0)')).toBe('#ff0000');
    expect(parseColor('RGB(255,128,0)')).toBe('#ff8000');
    expect(parseColor('rgb(255 0 0)')).toBe('#ff0000');
    expect(parseColor('rgb(100%, 0%, 50%)')).toBe('#ff0080');
    expect(parseColor('rgba(0, 0, 255, 0.5)')).toBe('#0000ff80');
    expect(parseColor('rgba(0 0 255 / 50%)')).toBe('#0000ff80');
    expect(parseColor('rgba(0, 0, 255, 1)')).toBe('#0000ff');
  });

  test('clamps out-of-range channels', () => {
    expect(parseColor('rgb(300, -5, 0)')).toBe('#ff0000');
  });

  test('reads hsl() and hsla(), with or without percent signs and units', () => {
    expect(parseColor('hsl(0, 100%, 50%)')).toBe('#ff0000');
    expect(parseColor('hsl(120 100% 25%)')).toBe('#008000');
    expect(parseColor('hsl(240deg, 100, 50)')).toBe('#0000ff');
    expect(parseColor('hsl(0.5turn 100% 50%)')).toBe('#00ffff');
    expect(parseColor('hsla(0, 0%, 100%, 0.5)')).toBe('#ffffff80');
    expect(parseColor('hsl(-120, 100%, 50%)')).toBe('#0000ff');
  });

  test('reads hsb() and hsv() (brightness is the value)', () => {
    expect(parseColor('hsb(0, 100%, 100%)')).toBe('#ff0000');
    expect(parseColor('hsv(120, 100, 50)')).toBe('#008000');
    expect(parseColor('hsb(0, 0%, 0%)')).toBe('#000000');
    expect(parseColor('hsv(0 0% 100%)')).toBe('#ffffff');
  });

  test('answers null for anything that is not a valid colour', () => {
    for (const input of [
      '',
      'red',
      '#12',
      '#12345',
      'rgb(1, 2)',
      'rgb(1, 2, 3, 4, 5)',
      'rgb(a, b, c)',
      'rgb(1, 2, 3',
      'rgb(1, 2, 3 / 0.5)',
      'hsl(10%, 50%, 50%)',
      'hsl(1, 2, 3) extra',
      'cmyk(0, 0, 0, 0)',
      'rgba(0 0 0 /)',
    ]) {
      expect(parseColor(input), input).toBeNull();
    }
  });
});

describe('conversions', () => {
  test('hex and HSL convert both ways for the presets', () => {
    for (const hex of ['#d8ff75', '#7fd962', '#5fd4c5', '#4d7cff', '#ff7ac6', '#ffffff', '#000000']) {
      const hsl = hexToHsl(hex);
      expect(hsl).not.toBeNull();
      if (hsl) {
        const back = hexToRgb(hslToHex(hsl));
        const original = hexToRgb(hex);
        // Whole-number HSL loses a little precision: each channel stays within 3 of the original.
        expect(Math.abs((back?.r ?? 0) - (original?.r ?? 0))).toBeLessThanOrEqual(3);
        expect(Math.abs((back?.g ?? 0) - (original?.g ?? 0))).toBeLessThanOrEqual(3);
        expect(Math.abs((back?.b ?? 0) - (original?.b ?? 0))).toBeLessThanOrEqual(3);
      }
    }
  });

  test('hexToHsl gives hue, saturation and lightness in degrees and percent', () => {
    expect(hexToHsl('#ff0000')).toEqual({ h: 0, s: 100, l: 50, a: 1 });
    expect(hexToHsl('#808080')).toEqual({ h: 0, s: 0, l: 50, a: 1 });
    expect(hexToHsl('#0000ff80')).toEqual({ h: 240, s: 100, l: 50, a: 0.502 });
    expect(hexToHsl('nope')).toBeNull();
  });

  test('rgbToHex adds the alpha pair only when translucent', () => {
    expect(rgbToHex({ r: 255, g: 255, b: 255, a: 1 })).toBe('#ffffff');
    expect(rgbToHex({ r: 0, g: 0, b: 0, a: 0 })).toBe('#00000000');
  });

  test('hsvToHsl keeps black and white unsaturated', () => {
    expect(hsvToHsl({ h: 0, s: 0, v: 100, a: 1 })).toEqual({ h: 0, s: 0, l: 100, a: 1 });
    expect(hsvToHsl({ h: 30, s: 100, v: 0, a: 1 })).toEqual({ h: 30, s: 0, l: 0, a: 1 });
  });
});
