import { TAG_COLOR_PRESETS } from '@sheaf/contracts/tags';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextColor, relativeLuminance, WCAG_AA_NORMAL_TEXT } from './contrast';

describe('WCAG contrast', () => {
  it('measures the luminance of black, white and a mid grey', () => {
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#777777')).toBeCloseTo(0.184, 3);
    expect(relativeLuminance('lime')).toBeNull();
  });

  it('gives 21:1 for black on white and 1:1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#4d7cff', '#4d7cff')).toBe(1);
  });

  it('writes black on lime and yellow, where white text fails AA', () => {
    for (const background of ['#d8ff75', '#ffff00', '#ffe44d', '#7fd962']) {
      expect(contrastRatio(background, '#ffffff')).toBeLessThan(WCAG_AA_NORMAL_TEXT);
      expect(readableTextColor(background)).toBe('#000000');
    }
  });

  it('writes white on dark colours', () => {
    expect(readableTextColor('#1e3a8a')).toBe('#ffffff');
    expect(readableTextColor('#000')).toBe('#ffffff');
  });

  it('reaches AA on every preset tag colour', () => {
    for (const { color } of TAG_COLOR_PRESETS) {
      expect(contrastRatio(color, readableTextColor(color)), color).toBeGreaterThanOrEqual(
        WCAG_AA_NORMAL_TEXT,
      );
    }
  });
});
