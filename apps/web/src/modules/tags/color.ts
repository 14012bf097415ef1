/**
 * Colour parsing and conversion for the tag colour picker (spec §5): hex (3, 4, 6 or 8 digits), rgb()/rgba(),
 * hsl()/hsla() and hsb()/hsv() are read into a lower-case hex colour; anything else is refused (null).
 * Pure functions, no DOM.
 */

export type Rgb = { r: number; g: number; b: number; a: number };
/** Hue in degrees [0, 360), saturation and lightness in percent [0, 100], alpha [0, 1]. */
export type Hsl = { h: number; s: number; l: number; a: number };
/** Hue in degrees [0, 360), saturation and brightness (value) in percent [0, 100], alpha [0, 1]. */
export type Hsv = { h: number; s: number; v: number; a: number };

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTION = /^(rgba?|hsla?|hsb|hsv)\(\s*([^()]*?)\s*\)$/i;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** A hex colour (with or without '#') as `#rrggbb` or `#rrggbbaa`, lower-case; null when not hex. */
export function normalizeHex(input: string): string | null {
  const match = HEX.exec(input.trim());
  if (!match?.[1]) {
    return null;
  }
  const digits = match[1].toLowerCase();
  return digits.length <= 4 ? `#${[...digits].map((digit) => digit + digit).join('')}` : `#${digits}`;
}

export function isValidHex(input: string): boolean {
  return normalizeHex(input) !== null;
}

function byteToHex(value: number): string {
  return Math.round(clamp(value, 0, 255))
    .toString(16)
    .padStart(2, '0');
}

/** RGB(A) to lower-case hex; the alpha pair is added only when the colour is not opaque. */
export function rgbToHex({ r, g, b, a }: Rgb): string {
  const alpha = clamp(a, 0, 1);
  return `#${byteToHex(r)}${byteToHex(g)}${byteToHex(b)}${alpha < 1 ? byteToHex(alpha * 255) : ''}`;
}

export function hexToRgb(hex: string): Rgb | null {
  const normalized = normalizeHex(hex);
  if (!normalized) {
    return null;
  }
  const channel = (index: number) => Number.parseInt(normalized.slice(index, index + 2), 16);
  return {
    r: channel(1),
    g: channel(3),
    b: channel(5),
    a: normalized.length === 9 ? round(channel(7) / 255, 3) : 1,
  };
}

export function hslToRgb({ h, s, l, a }: Hsl): Rgb {
  const hue = ((h % 360) + 360) % 360;
  const saturation = clamp(s, 0, 100) / 100;
  const lightness = clamp(l, 0, 100) / 100;
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const [r, g, b] =
    hue < 60
      ? [chroma, x, 0]
      : hue < 120
        ? [x, chroma, 0]
        : hue < 180
          ? [0, chroma, x]
          : hue < 240
            ? [0, x, chroma]
            : hue < 300
              ? [x, 0, chroma]
              : [chroma, 0, x];
  return { r: (r + m) * 255, g: (g + m) * 255, b: (b + m) * 255, a: clamp(a, 0, 1) };
}

export function rgbToHsl({ r, g, b, a }: Rgb): Hsl {
  const red = r / 255;
  const green = g / 255;
  const blue = b / 255;
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const delta = max - min;
  const lightness = (max + min) / 2;
  let hue = 0;
  if (delta !== 0) {
    if (max === red) {
      hue = 60 * (((green - blue) / delta) % 6);
    } else if (max === green) {
      hue = 60 * ((blue - red) / delta + 2);
    } else {
      hue = 60 * ((red - green) / delta + 4);
    }
  }
  const saturation = delta === 0 ? 0 : delta / (1 - Math.abs(2 * lightness - 1));
  return {
    h: round((hue + 360) % 360),
    s: round(saturation * 100),
    l: round(lightness * 100),
    a,
  };
}

export function hsvToHsl({ h, s, v, a }: Hsv): Hsl {
  const saturation = clamp(s, 0, 100) / 100;
  const value = clamp(v, 0, 100) / 100;
  const lightness = value * (1 - saturation / 2);
  const hslSaturation =
    lightness === 0 || lightness === 1 ? 0 : (value - lightness) / Math.min(lightness, 1 - lightness);
  return { h, s: hslSaturation * 100, l: lightness * 100, a };
}

export function hslToHex(hsl: Hsl): string {
  return rgbToHex(hslToRgb(hsl));
}

/** The HSL of a hex colour (rounded to whole numbers), or null when it is not hex. */
export function hexToHsl(hex: string): Hsl | null {
  const rgb = hexToRgb(hex);
  return rgb ? rgbToHsl(rgb) : null;
}

/** Splits function arguments written with commas (`1, 2, 3, .5`) or spaces (`1 2 3 / 50%`). */
function splitArguments(body: string): { values: string[]; alpha?: string } | null {
  if (body.includes(',')) {
    if (body.includes('/')) {
      return null;
    }
    const parts = body.split(',').map((part) => part.trim());
    if (parts.length === 4) {
      return { values: parts.slice(0, 3), alpha: parts[3] };
    }
    return parts.length === 3 ? { values: parts } : null;
  }
  const [main = '', alpha, ...rest] = body.split('/').map((part) => part.trim());
  if (rest.length > 0 || alpha === '') {
    return null;
  }
  const values = main.split(/\s+/).filter(Boolean);
  if (values.length === 4 && alpha === undefined) {
    return { values: values.slice(0, 3), alpha: values[3] };
  }
  return values.length === 3 ? { values, alpha } : null;
}

/** A plain number, or a percentage (returned with `percent` set); null for anything else. */
function readNumber(text: string | undefined): { value: number; percent: boolean } | null {
  if (text === undefined) {
    return null;
  }
  const percent = text.endsWith('%');
  const raw = percent ? text.slice(0, -1) : text;
  if (!NUMBER.test(raw)) {
    return null;
  }
  const value = Number(raw);
  return Number.isFinite(value) ? { value, percent } : null;
}

function readAlpha(text: string | undefined): number | null {
  if (text === undefined) {
    return 1;
  }
  const alpha = readNumber(text);
  if (!alpha) {
    return null;
  }
  return clamp(alpha.percent ? alpha.value / 100 : alpha.value, 0, 1);
}

/** Hue in degrees; `deg` and `turn` units are understood. */
function readHue(text: string | undefined): number | null {
  if (text === undefined) {
    return null;
  }
  const unit = /(deg|turn)$/i.exec(text)?.[1]?.toLowerCase();
  const hue = readNumber(unit ? text.slice(0, -unit.length) : text);
  if (!hue || hue.percent) {
    return null;
  }
  const degrees = unit === 'turn' ? hue.value * 360 : hue.value;
  return ((degrees % 360) + 360) % 360;
}

/** Saturation, lightness or brightness: `50%` or `50` both read as 50 percent. */
function readPercent(text: string | undefined): number | null {
  const value = readNumber(text);
  return value ? clamp(value.value, 0, 100) : null;
}

function readChannel(text: string | undefined): number | null {
  const value = readNumber(text);
  if (!value) {
    return null;
  }
  return clamp(value.percent ? (value.value / 100) * 255 : value.value, 0, 255);
}

/**
 * Reads a colour typed by the user: hex (3, 4, 6 or 8 digits, '#' optional), `rgb()`/`rgba()`,
 * `hsl()`/`hsla()` or `hsb()`/`hsv()`. Answers the lower-case hex colour (`#rrggbb`, or `#rrggbbaa` when
 * translucent), or null when the text is not a valid colour.
 */
export function parseColor(input: string): string | null {
  const text = input.trim();
  const hex = normalizeHex(text);
  if (hex) {
    return hex;
  }
  const match = FUNCTION.exec(text);
  if (!match?.[1] || match[2] === undefined) {
    return null;
  }
  const kind = match[1].toLowerCase();
  const args = splitArguments(match[2]);
  if (!args) {
    return null;
  }
  const alpha = readAlpha(args.alpha);
  if (alpha === null) {
    return null;
  }
  const [first, second, third] = args.values;
  if (kind === 'rgb' || kind === 'rgba') {
    const r = readChannel(first);
    const g = readChannel(second);
    const b = readChannel(third);
    return r === null || g === null || b === null ? null : rgbToHex({ r, g, b, a: alpha });
  }
  const h = readHue(first);
  const s = readPercent(second);
  const lightnessOrValue = readPercent(third);
  if (h === null || s === null || lightnessOrValue === null) {
    return null;
  }
  if (kind === 'hsl' || kind === 'hsla') {
    return hslToHex({ h, s, l: lightnessOrValue, a: alpha });
  }
  return hslToHex(hsvToHsl({ h, s, v: lightnessOrValue, a: alpha }));
}
