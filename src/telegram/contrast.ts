/**
 * Readable colours from a Telegram theme: Telegram's own params are not made for our text (its
 * light theme's hint colour #999999 is 2.8:1 on white, its button colour 4.1:1 under white text),
 * and our defaults for tokens Telegram has no param for (win, pending) are made for a dark page. A
 * colour too faint on any of the page's surfaces is mixed toward the theme's text colour until it
 * reads at WCAG AA (4.5:1). Pure: hex in, hex out.
 */
export const AA = 4.5;

type Rgb = [number, number, number];

export function parseHex(value: string): Rgb | null {
  const hex = value.trim().replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of two colours (1 … 21); 21 when either cannot be read (nothing to fix). */
export function contrast(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return 21;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` as it is when it reads at `min` on every background, else mixed toward `toward` just enough. */
export function readableOn(color: string, backgrounds: string[], toward: string, min = AA): string {
  const from = parseHex(color);
  const to = parseHex(toward);
  if (!from || !to) return color;
  for (let step = 0; step <= 20; step++) {
    const t = step / 20;
    const mixed = toHex(from.map((c, i) => c + (to[i]! - c) * t) as Rgb);
    if (backgrounds.every((bg) => contrast(mixed, bg) >= min)) return step === 0 ? color : mixed;
  }
  return toward;
}

/** The text colour for a filled button: its own when it reads, else black or white, whichever reads better. */
export function textOnFill(text: string, fill: string, min = AA): string {
  if (contrast(text, fill) >= min) return text;
  return contrast('#000000', fill) >= contrast('#ffffff', fill) ? '#000000' : '#ffffff';
}
