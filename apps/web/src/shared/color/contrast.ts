/**
 * WCAG 2.x contrast, for text or icons drawn on a user-chosen colour (tag colours): the relative
 * luminance of an sRGB colour, the contrast ratio of two colours, and the text colour to use on a
 * background — black or white, whichever contrasts more (WCAG AA asks 4.5:1 for normal text).
 */

export const WCAG_AA_NORMAL_TEXT = 4.5;

export const TEXT_ON_LIGHT = '#000000';
export const TEXT_ON_DARK = '#ffffff';

/** `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (the `#` optional) as 0–255 channels; null otherwise. */
function parseHex(color: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length <= 4 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  return [0, 2, 4].map((index) => Number.parseInt(digits.slice(index, index + 2), 16)) as [
    number,
    number,
    number,
  ];
}

/** WCAG relative luminance of a hex colour, from 0 (black) to 1 (white); null when not a hex colour. */
export function relativeLuminance(color: string): number | null {
  const rgb = parseHex(color);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two hex colours, from 1 to 21; null when one is not a hex colour. */
export function contrastRatio(first: string, second: string): number | null {
  const a = relativeLuminance(first);
  const b = relativeLuminance(second);
  if (a === null || b === null) return null;
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * Black or white text for a background colour: the one with the higher WCAG contrast ratio (one of the
 * two always reaches AA's 4.5:1). Anything that is not a hex colour gets black.
 */
export function readableTextColor(background: string): typeof TEXT_ON_LIGHT | typeof TEXT_ON_DARK {
  const onBlack = contrastRatio(background, TEXT_ON_LIGHT);
  const onWhite = contrastRatio(background, TEXT_ON_DARK);
  if (onBlack === null || onWhite === null) return TEXT_ON_LIGHT;
  return onWhite > onBlack ? TEXT_ON_DARK : TEXT_ON_LIGHT;
}
