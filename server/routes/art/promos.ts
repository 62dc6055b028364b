import type { Lang } from '../content/lang';
import { BANNER_WORDS, POPUP_WORDS, SCRIPT_FONTS, emWidth, textLine, wordsFor, type Audience, type PromoWords } from './promo-text';
import { FONT, GOLD, coin, escapeXml, n1, rays, svgDocument } from './svg';

/**
 * Promotional banners (1200×400) for the home carousel and pop-up ads (800×300): bold type on a
 * rich gradient, gold coins and light rays on the right. A fixed set, addressed by number, with
 * its words in the asked language (./promo-text.ts).
 */

interface Colours {
  from: string;
  to: string;
  glow: string;
}

export const BANNER_COLOURS: readonly Colours[] = [
  { from: '#2a0f5c', to: '#8e1f86', glow: '#ff5fd2' },
  { from: '#06233f', to: '#0d7d86', glow: '#35f0d2' },
  { from: '#3d0a0a', to: '#c2410c', glow: '#ffb347' },
];

export const POPUP_COLOURS: readonly Colours[] = [{ from: '#0b1a4a', to: '#5b21b6', glow: '#f5b942' }];

function promoSvg(p: PromoWords & Colours, lang: Lang, width: number, height: number): string {
  const s = height / 400; // everything is laid out for 400 high, then scaled
  const cx = width - 230 * s;
  const cy = height / 2;
  const textWidth = cx - 170 * s - 64 * s; // up to the coins
  const ctaSize = 22 * s;
  const ctaWidth = Math.max(210 * s, Math.min(textWidth, emWidth(p.cta) * ctaSize + 56 * s));
  const body =
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>` +
    `<radialGradient id="gw" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="${p.glow}" stop-opacity=".55"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>${GOLD}</defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    rays(cx, cy, width * 0.6, 14) +
    `<circle cx="${n1(cx)}" cy="${n1(cy)}" r="${n1(220 * s)}" fill="url(#gw)"/>` +
    coin(cx - 60 * s, cy + 40 * s, 78 * s) +
    coin(cx + 80 * s, cy - 70 * s, 52 * s) +
    coin(cx + 96 * s, cy + 96 * s, 36 * s) +
    coin(cx - 130 * s, cy - 104 * s, 28 * s) +
    `<path d="M${n1(cx + 10 * s)} ${n1(cy - 150 * s)}l6 16 16 6-16 6-6 16-6-16-16-6 16-6z" fill="#fff" opacity=".85"/>` +
    `<g font-family="${SCRIPT_FONTS[lang]}${FONT}" fill="#fff">` +
    textLine(64 * s, 118 * s, p.kicker, { size: 44 * s, maxWidth: textWidth, weight: 800, spacing: 4 * s }, escapeXml) +
    textLine(60 * s, 250 * s, p.big, {
      size: (p.big.length > 6 ? 96 : 136) * s,
      maxWidth: textWidth,
      weight: 900,
      attrs: `fill="url(#au)" stroke="#3a1d00" stroke-opacity=".35" stroke-width="${n1(4 * s)}" paint-order="stroke"`,
    }, escapeXml) +
    textLine(64 * s, 300 * s, p.sub, { size: 30 * s, maxWidth: textWidth, weight: 600, attrs: 'fill-opacity=".9"' }, escapeXml) +
    `<rect x="${n1(64 * s)}" y="${n1(326 * s)}" width="${n1(ctaWidth)}" height="${n1(52 * s)}" rx="${n1(26 * s)}" fill="url(#au)"/>` +
    textLine(64 * s + ctaWidth / 2, 361 * s, p.cta, { size: ctaSize, maxWidth: ctaWidth - 28 * s, weight: 900, spacing: 2 * s, anchor: 'middle', attrs: 'fill="#2a1600"' }, escapeXml) +
    `</g>`;
  return svgDocument(width, height, body, `${p.kicker} ${p.big}`);
}

/** Banner `n` (1-based) in `lang` for `audience`, or undefined when there is no such design. */
export function bannerSvg(n: number, lang: Lang = 'en', audience: Audience = 'guest'): string | undefined {
  const words = wordsFor(BANNER_WORDS, n, lang, audience);
  const colours = BANNER_COLOURS[n - 1];
  return words && colours && promoSvg({ ...words, ...colours }, lang, 1200, 400);
}

export function popupSvg(n: number, lang: Lang = 'en', audience: Audience = 'guest'): string | undefined {
  const words = wordsFor(POPUP_WORDS, n, lang, audience);
  const colours = POPUP_COLOURS[n - 1];
  return words && colours && promoSvg({ ...words, ...colours }, lang, 800, 300);
}
