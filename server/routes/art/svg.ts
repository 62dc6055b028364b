/**
 * Small helpers for the generated artwork: XML escaping, a stable hash, colour arithmetic and
 * text wrapping. Everything here is pure, so the same input always draws the same picture.
 */

/** Characters XML 1.0 cannot carry at all (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/F). */
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text safe inside an element or a quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(XML_INVALID, '').replace(/[&<>"']/g, (ch) => {
    switch (ch) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      default:
        return '&apos;';
    }
  });
}

/** FNV-1a, 32 bits: a stable hash of a string. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** `#rrggbb` (or `#rgb`) → rgb; anything else → a colour picked from `fallbackSeed`. */
export function parseColor(value: string | null | undefined, fallbackSeed: string): Rgb {
  const m = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(value?.trim() ?? '');
  if (m) {
    const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
    return { r: parseInt(hex.slice(0, 2), 16), g: parseInt(hex.slice(2, 4), 16), b: parseInt(hex.slice(4, 6), 16) };
  }
  return hslToRgb(hash32(fallbackSeed) % 360, 0.65, 0.5);
}

export function hslToRgb(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return { r: Math.round(f(0) * 255), g: Math.round(f(8) * 255), b: Math.round(f(4) * 255) };
}

/** Mixes towards `to` by `t` (0 keeps the colour, 1 gives `to`). */
export function mix(c: Rgb, to: Rgb, t: number): Rgb {
  return {
    r: Math.round(c.r + (to.r - c.r) * t),
    g: Math.round(c.g + (to.g - c.g) * t),
    b: Math.round(c.b + (to.b - c.b) * t),
  };
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const NAVY: Rgb = { r: 8, g: 12, b: 32 };
export const lighten = (c: Rgb, t: number) => mix(c, WHITE, t);
/** Darkens towards the theme's deep navy rather than grey black. */
export const darken = (c: Rgb, t: number) => mix(c, NAVY, t);

export function hex(c: Rgb): string {
  return `#${[c.r, c.g, c.b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Greedy word wrap to at most `maxLines` lines of about `width` characters; a word longer than a
 * line is cut, and text that does not fit ends in an ellipsis.
 */
export function wrapLines(text: string, width: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const raw of words) {
    let word = raw;
    while ([...word].length > width) {
      if (current) {
        lines.push(current);
        current = '';
      }
      const chars = [...word];
      lines.push(chars.slice(0, width).join(''));
      word = chars.slice(width).join('');
    }
    const next = current ? `${current} ${word}` : word;
    if ([...next].length <= width) current = next;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = [...kept[maxLines - 1]!];
  kept[maxLines - 1] = `${last.slice(0, Math.max(1, width - 1)).join('').trimEnd()}…`;
  return kept;
}

/** A number with at most one decimal, for compact SVG. */
export const n1 = (v: number) => String(Math.round(v * 10) / 10);

export const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans Myanmar',sans-serif";

export function svgDocument(width: number, height: number, body: string, label: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `role="img" aria-label="${escapeXml(label)}">${body}</svg>`
  );
}

/** The gold gradient (`url(#au)`) the coins below are filled with; put it in the document's defs. */
export const GOLD =
  '<linearGradient id="au" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff3b0"/>' +
  '<stop offset=".5" stop-color="#f5c542"/><stop offset="1" stop-color="#d98a12"/></linearGradient>';

/** A gold coin with a rim, optionally stamped with a letter. */
export function coin(x: number, y: number, r: number, mark = ''): string {
  return (
    `<circle cx="${n1(x)}" cy="${n1(y)}" r="${n1(r)}" fill="url(#au)" stroke="#a86a0c" stroke-width="${n1(r / 9)}"/>` +
    `<circle cx="${n1(x)}" cy="${n1(y)}" r="${n1(r * 0.68)}" fill="none" stroke="#a86a0c" stroke-width="${n1(r / 12)}" opacity=".7"/>` +
    (mark
      ? `<text x="${n1(x)}" y="${n1(y + r * 0.33)}" text-anchor="middle" font-family="${FONT}" font-size="${n1(r * 0.95)}" font-weight="900" fill="#a86a0c">${escapeXml(mark)}</text>`
      : '')
  );
}

/** Faint light rays fanning out from (cx, cy). */
export function rays(cx: number, cy: number, length: number, count: number): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = (Math.PI * 2 * i) / count;
    const b = a + Math.PI / count / 1.6;
    parts.push(
      `M${cx} ${cy}L${n1(cx + length * Math.cos(a))} ${n1(cy + length * Math.sin(a))}L${n1(cx + length * Math.cos(b))} ${n1(cy + length * Math.sin(b))}z`,
    );
  }
  return `<path d="${parts.join('')}" fill="#fff" opacity=".07"/>`;
}
